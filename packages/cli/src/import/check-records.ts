import { canonicalizeUrl, handleKey, SOCIAL_TYPES, validateProfileRecord, type ProfileInput } from '@byline/shared';
import type { RawRecord } from './read-import-file';

/** Something wrong with the record that starts on `line`. */
export interface LineProblem {
  line: number;
  reason: string;
}

export interface CheckedImport {
  records: ProfileInput[];
  /** lines[i] is the line where records[i] starts. */
  lines: number[];
  problems: LineProblem[];
  articleCount: number;
}

/** Remembers which line first claimed a value, to report a second claim. */
class FirstClaims {
  private readonly claims = new Map<string, number>();
  claim(value: string, line: number): number | undefined {
    const earlier = this.claims.get(value);
    if (earlier === undefined) this.claims.set(value, line);
    return earlier;
  }
}

/**
 * Validates every record (schema and defaults from @byline/shared) and what only the whole file shows:
 * a profile_slug, a canonical article address or a (network, handle) pair used twice. Collects every
 * problem rather than stopping at the first, so one run lists all bad lines.
 */
export async function checkImportRecords(raw: AsyncIterable<RawRecord>, now = new Date().toISOString()): Promise<CheckedImport> {
  const checked: CheckedImport = { records: [], lines: [], problems: [], articleCount: 0 };
  const slugs = new FirstClaims();
  const links = new FirstClaims();
  const handles = new FirstClaims();

  for await (const entry of raw) {
    const { line } = entry;
    const report = (reason: string) => checked.problems.push({ line, reason });
    if (entry.error !== undefined) {
      report(entry.error);
      continue;
    }
    const result = validateProfileRecord(entry.value, now);
    if (result.error !== undefined) {
      report(result.error);
      continue;
    }
    const record = result.value;
    const problemsBefore = checked.problems.length;

    const slugLine = slugs.claim(record.profile_slug, line);
    if (slugLine !== undefined) report(`profile_slug "${record.profile_slug}" is also used on line ${slugLine}`);

    record.articles.forEach((article, index) => {
      const linkLine = links.claim(canonicalizeUrl(article.link), line);
      if (linkLine === undefined) return;
      const where = linkLine === line ? 'earlier in this record' : `on line ${linkLine}`;
      report(`articles[${index}].link "${article.link}" is the same article as one ${where}`);
    });

    for (const type of SOCIAL_TYPES) {
      const handle = record.profile_social_profiles[type];
      if (!handle) continue;
      const handleLine = handles.claim(`${type}:${handleKey(type, handle)}`, line);
      if (handleLine !== undefined) report(`${type} handle "${handle}" is also used on line ${handleLine}`);
    }

    if (checked.problems.length === problemsBefore) {
      checked.records.push(record);
      checked.lines.push(line);
      checked.articleCount += record.articles.length;
    }
  }
  return checked;
}
