import { repositoriesOf } from '@byline/shared/store';
import fs from 'node:fs';
import path from 'node:path';
import type { SocialType } from '@byline/shared';
import { aProfile, anArticle, tempDir } from '@byline/test-support';
import { DEMO_DATA_FILE } from '../src/demo-data';
import { ApiProbe, byline, cliTargets, importFileWith, readNdjson, targetsCleanedAfterAll, withProbe } from './cli-harness';

/** A record whose handle on one network is `handle`, as a file to import may carry it. */
function withHandle(network: SocialType, handle: string) {
  const record = aProfile();
  record.profile_social_profiles[network] = handle;
  return record;
}

/**
 * A record that stresses unicode in every text field, an inactive article and a profile-address handle
 * (a LinkedIn address with a name in another script, percent-encoded as browsers copy it).
 */
function unicodeRecord() {
  return aProfile({
    profile_first_name: 'Zoë',
    profile_last_name: 'Ní Bhriain-Łukasiewicz 渡辺',
    profile_bio: 'Ag scríobh faoi chúrsaí polaitíochta 🗳️ — “quotes”, emoji 👩🏽‍💻 and a\nnew line.',
    profile_employer: 'Nuacht an Iarthair ',
    profile_residing: 'Baile Átha Cliath',
    profile_social_profiles: {
      twitter: '@ZoeNiB',
      linkedin: 'https://www.linkedin.com/in/zo%C3%AB-n%C3%AD-bhriain-%E6%B8%A1%E8%BE%BA/',
      facebook: '',
      instagram: 'zoe.nb',
    },
    articles: [
      anArticle({
        title: 'Ceist na Gaeilge — €1,000 ✓',
        link: 'https://nuacht.example/ga/ceist-na-gaeilge?lang=ga',
        tag_list: ['gaeilge', 'ελληνικά'],
      }),
      anArticle({ title: 'Withdrawn', link: 'https://nuacht.example/ga/withdrawn', active: false }),
      anArticle({ title: 'Ordú', link: 'https://nuacht.example/ga/ordu', lg_index: 'ga-IE', post_id: 42, author_name: 'Zoë NB' }),
    ],
  });
}

function demoPlusUnicodeFile(): string {
  const file = path.join(tempDir('byline-cli-file-'), 'profiles.ndjson');
  fs.writeFileSync(file, fs.readFileSync(DEMO_DATA_FILE, 'utf8') + JSON.stringify(unicodeRecord()) + '\n');
  return file;
}

describe.each(cliTargets())('byline import / export ($name store)', (factory) => {
  const fresh = targetsCleanedAfterAll(factory);

  test('import → export → import into an empty store gives identical API answers', async () => {
    const original = fresh();
    const copy = fresh();
    const source = demoPlusUnicodeFile();

    const imported = await byline(original, 'import', source);
    expect(imported).toMatchObject({ code: 0, stdout: expect.stringMatching(/Imported 8 profile\(s\) and 22 article\(s\)/) });

    const exportFile = path.join(tempDir(), 'export.ndjson');
    expect((await byline(original, 'export', '--out', exportFile)).code).toBe(0);
    expect((await byline(copy, 'import', exportFile)).code).toBe(0);

    const records = readNdjson(exportFile);
    expect(records).toHaveLength(8);
    const [before, after] = await Promise.all([new ApiProbe(original).init(), new ApiProbe(copy).init()]);
    try {
      const answers = await before.answersFor(records);
      expect(Object.keys(answers).length).toBeGreaterThanOrEqual(40);
      expect(await after.answersFor(records)).toEqual(answers);
      // The comparison means something: verified authors answer with their profile, others do not.
      expect(answers['article https://nuacht.example/ga/ceist-na-gaeilge?lang=ga']).toMatchObject({
        status: 200,
        body: { verified: true, profile_last_name: 'Ní Bhriain-Łukasiewicz 渡辺', article_count: 2 },
      });
      expect(answers['twitter @ZoeNiB']).toMatchObject({
        status: 200,
        body: { verified: true, profile_social_profiles: { twitter: '@ZoeNiB' } },
      });
      // The profile address was stored as its username, the way the portal stores it too.
      expect(answers['linkedin zoë-ní-bhriain-渡辺']).toMatchObject({
        status: 200,
        body: { verified: true, profile_social_profiles: { linkedin: 'zoë-ní-bhriain-渡辺' } },
      });
      expect(answers['twitter @jlpena_ibanez']).toEqual({
        status: 200,
        body: { verified: false, message: 'Not a Byline journalist' },
      });
    } finally {
      await Promise.all([before.close(), after.close()]);
    }

    // The second export is byte-for-byte the first: nothing was lost or invented on the way.
    const stdoutExport = await byline(copy, 'export');
    expect(stdoutExport.stdout).toBe(fs.readFileSync(exportFile, 'utf8'));
  });

  test('a JSON array file imports the same as NDJSON', async () => {
    const records = [aProfile(), unicodeRecord()];
    const fromArray = fresh();
    const fromNdjson = fresh();
    expect((await byline(fromArray, 'import', importFileWith(records, 'json-array'))).code).toBe(0);
    expect((await byline(fromNdjson, 'import', importFileWith(records))).code).toBe(0);
    const a = await byline(fromArray, 'export');
    expect(a.stdout.trim().split('\n')).toHaveLength(2);
    expect(a.stdout).toBe((await byline(fromNdjson, 'export')).stdout);
  });

  test('a file with one bad record imports nothing and names the line', async () => {
    const target = fresh();
    const bad = aProfile({ articles: [anArticle({ published_at: 'last Tuesday' })] });
    const good = aProfile();
    const file = importFileWith([good, aProfile(), bad, aProfile()], 'json-array');
    const result = await byline(target, 'import', file);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const slugIndex = lines.indexOf(`    "profile_slug": "${bad.profile_slug}",`);
    const badLine = lines.lastIndexOf('  {', slugIndex) + 1;
    expect(badLine).toBeGreaterThan(1);
    expect(result.stderr).toContain(`Nothing was imported: 1 record(s) in ${file} are invalid:`);
    expect(result.stderr).toMatch(new RegExp(`  line ${badLine}: "articles\\[0\\]\\.published_at" must be in iso format`));
    expect(result.stderr).not.toMatch(/\n\s+at /);

    await withProbe(target, async (probe) => {
      expect(await repositoriesOf(probe.store).profiles.count()).toBe(0);
      const res = await probe.verifyArticle(good.articles[0]!.link);
      expect(res.body).toEqual({ verified: false, message: expect.any(String) });
    });
  });

  test.each<{ what: string; handles: [SocialType, string][]; reasons: string[] }>([
    {
      what: 'handles no account can have',
      handles: [
        ['twitter', 'javascript:alert(5)'],
        ['instagram', '<svg/onload=alert(5)>'],
      ],
      reasons: [
        '  line 2: "profile_social_profiles.twitter" must be an X (Twitter) username',
        '  line 3: "profile_social_profiles.instagram" must be an Instagram username',
      ],
    },
    {
      what: "the address of a network's own page as a handle",
      handles: [
        ['twitter', 'https://x.com/home'],
        ['facebook', 'https://www.facebook.com/groups/123456789/'],
      ],
      reasons: [
        '  line 2: "profile_social_profiles.twitter" is the address of a page of the network (x.com/home), not of an account',
        '  line 3: "profile_social_profiles.facebook" is the address of a page of the network (facebook.com/groups/123456789)',
      ],
    },
  ])('a file with $what imports nothing and lists each line with its reason', async ({ handles, reasons }) => {
    const target = fresh();
    const file = importFileWith([aProfile(), ...handles.map(([network, handle]) => withHandle(network, handle))]);

    const result = await byline(target, 'import', file);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Nothing was imported: 2 record(s) in ${file} are invalid:`);
    for (const reason of reasons) expect(result.stderr).toContain(reason);
    await withProbe(target, async (probe) => {
      expect(await repositoriesOf(probe.store).profiles.count()).toBe(0);
    });
  });

  test('a file with control characters or text-direction overrides in names or links imports nothing and names each field', async () => {
    const target = fresh();
    const name = aProfile({ profile_last_name: 'Cassidy\u202E' });
    const link = aProfile({ articles: [anArticle({ link: 'https://news.example/a\u0000' })] });
    const marks = aProfile({ profile_employer: 'הארץ\u200F (IL)' });
    const file = importFileWith([marks, name, link]);

    const result = await byline(target, 'import', file);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Nothing was imported: 2 record(s) in ${file} are invalid:`);
    expect(result.stderr).toContain(
      '  line 2: "profile_last_name" must not contain U+202E (control characters, invisible characters and text-direction overrides are refused)',
    );
    expect(result.stderr).toContain('  line 3: "articles[0].link" must not contain U+0000');
  });

  test('a bad record leaves existing data unchanged; every bad line is listed', async () => {
    const target = fresh();
    const existing = aProfile();
    await byline(target, 'import', importFileWith([existing]));
    await withProbe(target, async (probe) => {
      const before = await probe.answersFor([existing]);
      const changed = { ...existing, profile_bio: 'Changed bio', articles: [...existing.articles, anArticle()] };
      const noName = aProfile();
      delete (noName as Record<string, unknown>).profile_first_name;
      const file = importFileWith([changed, noName, aProfile(), { ...aProfile(), follower_count: 'many' }]);
      fs.appendFileSync(file, '{not json}\n');
      const result = await byline(target, 'import', file);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('3 record(s)');
      expect(result.stderr).toMatch(/line 2: "profile_first_name" is required/);
      expect(result.stderr).toMatch(/line 4: "follower_count" must be a number/);
      expect(result.stderr).toMatch(/line 5: is not valid JSON/);
      expect(await probe.answersFor([existing])).toEqual(before);
    });
  });

  test('a conflict with stored data (a handle held by another profile) imports nothing and names the line', async () => {
    const target = fresh();
    const holder = aProfile();
    await byline(target, 'import', importFileWith([holder]));
    const newcomer = aProfile();
    const thief = aProfile({ profile_social_profiles: { twitter: holder.profile_social_profiles.twitter!.toLowerCase() } });
    const result = await byline(target, 'import', importFileWith([newcomer, thief]));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/conflict with stored data/);
    expect(result.stderr).toMatch(/line 2: twitter handle ".*" is already held by another profile/);
    await withProbe(target, async (probe) => {
      expect(await repositoriesOf(probe.store).profiles.count()).toBe(1);
      expect((await probe.verifyArticle(newcomer.articles[0]!.link)).body.verified).toBe(false);
    });
  });

  test('problems after the first batches written (records are stored 500 at a time) still import nothing', async () => {
    const target = fresh();
    const holder = aProfile();
    await byline(target, 'import', importFileWith([holder]));
    const many = Array.from({ length: 1200 }, () => aProfile({ profile_social_profiles: {}, articles: [anArticle()] }));
    const thief = { ...many[1099]!, profile_social_profiles: { twitter: holder.profile_social_profiles.twitter! } };

    const conflict = await byline(target, 'import', importFileWith([...many.slice(0, 1099), thief]));
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/line 1100: twitter handle ".*" is already held by another profile/);

    const invalid = [...many];
    invalid[799] = { ...many[799]!, follower_count: -1 };
    invalid[1149] = { ...many[1149]!, profile_slug: 'not a slug' };
    const result = await byline(target, 'import', importFileWith(invalid));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /2 record\(s\) .* are invalid:\n {2}line 800: .*follower_count.*\n {2}line 1150: .*profile_slug/,
    );

    await withProbe(target, async (probe) => {
      expect(await repositoriesOf(probe.store).profiles.count()).toBe(1);
      expect((await probe.verifyArticle(many[0]!.articles[0]!.link)).body.verified).toBe(false);
    });
  }, 120_000);

  test('re-importing the same file is idempotent: same ids, same answers, same article_count', async () => {
    const target = fresh();
    const file = demoPlusUnicodeFile();
    await byline(target, 'import', file);
    const records = readNdjson(file);
    await withProbe(target, async (probe) => {
      const first = await probe.answersFor(records);
      const firstExport = (await byline(target, 'export')).stdout;
      expect((await byline(target, 'import', file)).code).toBe(0);
      expect(await repositoriesOf(probe.store).profiles.count()).toBe(8);
      expect(await probe.answersFor(records)).toEqual(first);
      expect((await byline(target, 'export')).stdout).toBe(firstExport);
      const niamh = first['twitter @NiamhCass94'] as { body: { article_count: number; articles: { id: number }[] } };
      expect(niamh.body.article_count).toBe(4);
      expect(niamh.body.articles.map((a) => a.id)).toEqual([1, 2, 3]);
    });
  });

  test('a missing file is a one-line error', async () => {
    const result = await byline(fresh(), 'import', '/nonexistent/profiles.ndjson');
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'byline: Cannot read /nonexistent/profiles.ndjson: no such file\n' });
  });
});

// Progress output is the CLI's own: the share of the file read, before every batch of 500 records.
describe('byline import progress', () => {
  test('progress goes to stderr as lines when stderr is not a terminal; an empty file imports nothing', async () => {
    const target = tempDir();
    const many = Array.from({ length: 1200 }, () => aProfile({ profile_social_profiles: {}, articles: [anArticle()] }));
    const result = await byline(target, 'import', importFileWith(many));
    expect(result.code).toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([
      `Created a new Byline store at ${target}.`,
      expect.stringMatching(/^Importing: 0\.\d\/1\.\d MB \(4\d%\)$/),
      expect.stringMatching(/^Importing: 1\.\d\/1\.\d MB \(8\d%\)$/),
      expect.stringMatching(/^Importing: (1\.\d)\/\1 MB \(100%\)$/),
    ]);
    expect(result.stdout).toContain('Imported 1200 profile(s) and 1200 article(s)');

    const emptyFile = path.join(tempDir(), 'empty.ndjson');
    fs.writeFileSync(emptyFile, '');
    const empty = await byline(target, 'import', emptyFile);
    expect(empty).toMatchObject({ code: 0, stdout: expect.stringContaining('Imported 0 profile(s)'), stderr: '' });
  });
});
