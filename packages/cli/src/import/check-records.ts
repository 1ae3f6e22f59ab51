import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { handleKey } from '@byline/domain/social/social-handle';
import { SOCIAL_TYPES, type ProfileInput } from '@byline/domain/domain/types';
import { validateProfileRecord } from '@byline/domain/validation/profile-record';
import type { RawRecord } from './read-import-file';

/** Something wrong with the record that starts on `line`. */
export interface LineProblem {
  line: number;
  reason: string;
}

/** Remembers which line first claimed a value, to report a second claim. */
class FirstClaims {
  private readonly claims = new Map<string, number>();
  claim(value: string, line: number): number | undefined {
    const earlier = this.claims.get(value);
    if (earlier === undefined) this.claims.set(value, line);
    return earlier;
  }
  has(value: string): boolean {
    return this.claims.has(value);
  }
}

/**
 * Validates records one at a time (schema and defaults from @byline/shared) and what only the whole file
 * shows: a profile_slug, a canonical article address or a (network, handle) pair used twice. Collects
 * every problem rather than stopping at the first, so one run lists all bad lines.
 */
export class RecordChecker {
  readonly problems: LineProblem[] = [];
  private readonly slugs = new FirstClaims();
  private readonly links = new FirstClaims();
  private readonly handles = new FirstClaims();

  constructor(private readonly now = new Date().toISOString()) {}

  /** Whether a valid record so far had this profile_slug. */
  hasProfile(slug: string): boolean {
    return this.slugs.has(slug);
  }

  /** The record, valid and with defaults filled; undefined when it has problems (added to `problems`). */
  check(entry: RawRecord): ProfileInput | undefined {
    const { line } = entry;
    const report = (reason: string) => this.problems.push({ line, reason });
    if (entry.error !== undefined) {
      report(entry.error);
      return undefined;
    }
    const result = validateProfileRecord(entry.value, this.now);
    if (result.error !== undefined) {
      report(result.error);
      return undefined;
    }
    const record = result.value;
    const problemsBefore = this.problems.length;

    const slugLine = this.slugs.claim(record.profile_slug, line);
    if (slugLine !== undefined) report(`profile_slug "${record.profile_slug}" is also used on line ${slugLine}`);

    record.articles.forEach((article, index) => {
      const linkLine = this.links.claim(canonicalizeUrl(article.link), line);
      if (linkLine === undefined) return;
      const where = linkLine === line ? 'earlier in this record' : `on line ${linkLine}`;
      report(`articles[${index}].link "${article.link}" is the same article as one ${where}`);
    });

    for (const type of SOCIAL_TYPES) {
      const handle = record.profile_social_profiles[type];
      if (!handle) continue;
      const handleLine = this.handles.claim(`${type}:${handleKey(type, handle)}`, line);
      if (handleLine !== undefined) report(`${type} handle "${handle}" is also used on line ${handleLine}`);
    }
    return this.problems.length === problemsBefore ? record : undefined;
  }
}
