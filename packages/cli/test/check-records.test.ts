import { aProfile, anArticle } from '@byline/test-support';
import type { ProfileInput } from '@byline/domain/domain/types';
import { RecordChecker } from '../src/import/check-records';
import type { RawRecord } from '../src/import/read-import-file';

/** Every record through one checker, as an import does: the valid ones with their lines, and the problems. */
async function checkImportRecords(raw: AsyncIterable<RawRecord>, now?: string) {
  const checker = new RecordChecker(now);
  const records: ProfileInput[] = [];
  const lines: number[] = [];
  for await (const entry of raw) {
    const record = checker.check(entry);
    if (!record) continue;
    records.push(record);
    lines.push(entry.line);
  }
  return { records, lines, problems: checker.problems };
}

async function* entries(...values: unknown[]): AsyncGenerator<RawRecord> {
  let line = 0;
  for (const value of values) yield { line: (line += 2), value };
}

describe('checking import records', () => {
  test('valid records pass with defaults filled and their lines kept', async () => {
    const first = aProfile();
    const second = aProfile({ articles: [anArticle(), anArticle()] });
    const checked = await checkImportRecords(entries(first, second), '2024-01-01T00:00:00.000Z');
    expect(checked.problems).toEqual([]);
    expect(checked.lines).toEqual([2, 4]);
    expect(checked.records.map((r) => r.profile_slug)).toEqual([first.profile_slug, second.profile_slug]);
    expect(checked.records.flatMap((r) => r.articles)).toHaveLength(3);
  });

  test('every bad record is named with its line and the reason', async () => {
    const good = aProfile();
    const noSlug = aProfile();
    delete (noSlug as Partial<typeof noSlug>).profile_slug;
    const badLink = aProfile({ articles: [anArticle({ link: 'ftp://example.org/a' })] });
    const badCount = aProfile({ follower_count: -3, verified: 'maybe' as unknown as boolean });
    const checked = await checkImportRecords(entries(good, noSlug, badLink, null, badCount));
    expect(checked.problems).toEqual([
      { line: 4, reason: expect.stringContaining('"profile_slug" is required') },
      { line: 6, reason: expect.stringMatching(/"articles\[0\]\.link" must be an absolute http\(s\) address/) },
      { line: 8, reason: expect.stringContaining('must be of type object') },
      {
        line: 10,
        reason: expect.stringMatching(/"verified" must be a boolean.*"follower_count" must be greater than or equal to 0/),
      },
    ]);
  });

  test('a record that could not be parsed keeps its parse error', async () => {
    async function* raw(): AsyncGenerator<RawRecord> {
      yield { line: 7, error: 'is not valid JSON (Unexpected end)' };
    }
    expect((await checkImportRecords(raw())).problems).toEqual([{ line: 7, reason: 'is not valid JSON (Unexpected end)' }]);
  });

  test('duplicates within the file: slug, canonical article address, handle on two profiles', async () => {
    const first = aProfile();
    const sameSlug = aProfile({ profile_slug: first.profile_slug });
    const article = first.articles[0]!;
    const sameArticle = aProfile({
      articles: [anArticle({ link: `  http://${article.link.replace('https://www.', '')}/?utm_source=x#top ` })],
    });
    const sameHandle = aProfile({
      profile_social_profiles: { twitter: first.profile_social_profiles.twitter!.toUpperCase().replace('@', '') },
    });
    const twiceInOne = aProfile({
      articles: [anArticle({ link: 'https://news.example/a' }), anArticle({ link: 'https://news.example/a/' })],
    });
    const checked = await checkImportRecords(entries(first, sameSlug, sameArticle, sameHandle, twiceInOne));
    expect(checked.problems).toEqual([
      { line: 4, reason: `profile_slug "${first.profile_slug}" is also used on line 2` },
      { line: 6, reason: expect.stringMatching(/^articles\[0\]\.link ".*" is the same article as one on line 2$/) },
      { line: 8, reason: expect.stringMatching(/^twitter handle ".*" is also used on line 2$/) },
      { line: 10, reason: 'articles[1].link "https://news.example/a/" is the same article as one earlier in this record' },
    ]);
    expect(checked.records).toHaveLength(1);
  });
});
