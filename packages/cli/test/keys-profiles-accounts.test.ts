import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { repositoriesOf } from '@byline/shared/store';
import { SQLITE_FILE_NAME } from '@byline/store-sqlite/store/sqlite-store';
import { aProfile, tempDir } from '@byline/test-support';
import { DEMO_ARTICLE_URL, DEMO_DATA_FILE, DEMO_TWITTER_HANDLE } from '../src/demo-data';
import { ApiProbe, byline, bylineWithEnv, cliTargets, importFileWith, withProbe } from './cli-harness';

const BASE62_24 = /^[0-9A-Za-z]{24}$/;

describe.each(cliTargets())('byline keys ($name store)', (factory) => {
  const target = factory.create();
  afterAll(() => target.cleanUp());

  test('create prints only KEY:SECRET on stdout, 24 base62 characters each, and the key works', async () => {
    const result = await byline(target, 'keys', 'create', '--email', 'Desk@Example.org', '--name', 'news desk');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^[0-9A-Za-z]{24}:[0-9A-Za-z]{24}\n$/);
    const [key, secret] = result.stdout.trim().split(':');
    expect(result.stderr).toContain(`Created key ${key} for desk@example.org`);
    expect(result.stderr).not.toContain(secret);

    const probe = new ApiProbe(target);
    try {
      expect((await probe.verifyArticle(DEMO_ARTICLE_URL, `Bearer ${key}:${secret}`)).status).toBe(200);
      expect((await probe.verifyArticle(DEMO_ARTICLE_URL, `Bearer ${key}:${'x'.repeat(24)}`)).status).toBe(401);
    } finally {
      await probe.close();
    }
  });

  test('create --json prints {key, secret, token}', async () => {
    const result = await byline(target, 'keys', 'create', '--email', 'desk@example.org', '--json');
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(Object.keys(body).sort()).toEqual(['key', 'secret', 'token']);
    expect(body.key).toMatch(BASE62_24);
    expect(body.secret).toMatch(BASE62_24);
    expect(body.token).toBe(`${body.key}:${body.secret}`);
  });

  test('list shows the keys of an account, never a secret; revoke marks one revoked', async () => {
    const created = JSON.parse(
      (await byline(target, 'keys', 'create', '--email', 'list@example.org', '--name', 'to revoke', '--json')).stdout,
    );
    const kept = JSON.parse((await byline(target, 'keys', 'create', '--email', 'list@example.org', '--json')).stdout);

    expect(await byline(target, 'keys', 'revoke', created.key)).toEqual({
      code: 0,
      stdout: `Revoked key ${created.key}.\n`,
      stderr: '',
    });

    const table = await byline(target, 'keys', 'list', '--email', 'LIST@example.org');
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^KEY\s+NAME\s+KIND\s+LIMIT\s+ORIGINS\s+CREATED\s+LAST USED\s+STATUS$/);
    expect(lines[1]).toMatch(
      new RegExp(`^${created.key}\\s+to revoke\\s+server\\s+account\\s+account\\s+\\S+Z\\s+-\\s+revoked \\S+Z$`),
    );
    expect(lines[2]).toMatch(new RegExp(`^${kept.key}\\s+default\\s+server\\s+account\\s+account\\s+\\S+Z\\s+-\\s+active$`));
    expect(lines).toHaveLength(3);

    const json = await byline(target, 'keys', 'list', '--email', 'list@example.org', '--json');
    const listed = JSON.parse(json.stdout);
    expect(listed.map((k: { key: string }) => k.key)).toEqual([created.key, kept.key]);
    expect(listed[0]).toEqual(
      expect.objectContaining({ name: 'to revoke', email: 'list@example.org', revoked_at: expect.any(String) }),
    );
    for (const output of [table.stdout, json.stdout]) {
      expect(output).not.toContain(created.secret);
      expect(output).not.toContain(kept.secret);
      expect(output).not.toMatch(/secret|hash/i);
    }
  });

  test('user mistakes give a message and exit 1, or a usage error and exit 2; never a stack trace', async () => {
    const cases: [string[], number, RegExp][] = [
      [['keys', 'revoke', 'NoSuchKey0000000000000000'], 1, /^byline: No API key NoSuchKey0000000000000000\.\n$/],
      [['keys', 'create', '--email', 'not-an-email'], 1, /^byline: Invalid email "not-an-email": must be a valid email\n$/],
      [
        ['keys', 'create', '--email', 'a@example.org', '--name', ' '],
        1,
        /^byline: Invalid name " ": is not allowed to be empty\n$/,
      ],
      [
        ['keys', 'create', '--email', 'a@example.org', '--name', 'news\u202Edesk'],
        1,
        /^byline: Invalid name "news\\u202Edesk": must not contain U\+202E \(control characters, invisible characters and text-direction overrides are refused\)\n$/,
      ],
      [['keys', 'create'], 2, /required option '--email <email>' not specified/],
      [['keys', 'list', '--email', 'a@example.org', '--colour'], 2, /unknown option '--colour'/],
      [['teleport'], 2, /unknown command 'teleport'/],
      [['profiles', 'verify'], 2, /missing required argument 'slug'/],
      [[], 2, /Usage: byline/],
    ];
    for (const [args, code, stderr] of cases) {
      const result = await byline(target, ...args);
      expect({ args, code: result.code }).toEqual({ args, code });
      expect(result.stderr).toMatch(stderr);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  test('a bad configuration prints the ConfigError and exits 78 (EX_CONFIG), like every Byline process', async () => {
    const result = await bylineWithEnv(
      { BYLINE_DATA_DIR: tempDir(), MONGODB_URI: 'postgres://nope' },
      'keys',
      'list',
      '--email',
      'a@example.org',
    );
    expect(result.code).toBe(78);
    expect(result.stderr).toMatch(/^byline: Invalid configuration:\n {2}- "MONGODB_URI"/);
  });
});

describe.each(cliTargets())('byline profiles and accounts ($name store)', (factory) => {
  const target = factory.create();
  const profile = aProfile({ verified: false });
  let probe: ApiProbe;
  let authorization: string;

  beforeAll(async () => {
    expect((await byline(target, 'import', importFileWith([profile]))).code).toBe(0);
    const { stdout } = await byline(target, 'keys', 'create', '--email', 'press@example.org');
    authorization = `Bearer ${stdout.trim()}`;
    probe = new ApiProbe(target);
  });
  afterAll(async () => {
    await probe.close();
    await target.cleanUp();
  });

  const articleAnswer = async () => (await probe.verifyArticle(profile.articles[0]!.link, authorization)).body;

  test('verify and unverify flip the verify_article answer', async () => {
    expect(await articleAnswer()).toEqual({ verified: false, message: expect.any(String) });

    expect(await byline(target, 'profiles', 'verify', profile.profile_slug)).toMatchObject({ code: 0 });
    expect(await articleAnswer()).toMatchObject({ verified: true, profile_slug: profile.profile_slug, article_count: 1 });

    expect(await byline(target, 'profiles', 'unverify', profile.profile_slug, '--reason', 'Test')).toMatchObject({ code: 0 });
    expect(await articleAnswer()).toEqual({ verified: false, message: expect.any(String) });
  });

  test('an unknown slug exits 1 with a clear message', async () => {
    expect(await byline(target, 'profiles', 'verify', 'nobody-here')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'byline: No profile with slug "nobody-here".\n',
    });
  });

  test('a suspended account gets 403 until reactivated', async () => {
    expect(await byline(target, 'accounts', 'suspend', 'Press@Example.org')).toMatchObject({ code: 0 });
    const suspended = await probe.verifyArticle(profile.articles[0]!.link, authorization);
    expect(suspended.status).toBe(403);
    expect(suspended.headers['content-type']).toMatch(/^application\/problem\+json/);

    expect(await byline(target, 'accounts', 'reactivate', 'press@example.org')).toMatchObject({ code: 0 });
    expect((await probe.verifyArticle(profile.articles[0]!.link, authorization)).status).toBe(200);

    expect(await byline(target, 'accounts', 'suspend', 'nobody@example.org')).toMatchObject({
      code: 1,
      stderr: 'byline: No API account nobody@example.org.\n',
    });
  });
  test('accounts limit sets the per-minute budget of every key of the account; "default" restores it', async () => {
    const { stdout } = await byline(target, 'keys', 'create', '--email', 'limited@example.org');
    const limited = `Bearer ${stdout.trim()}`;
    expect(await byline(target, 'accounts', 'limit', 'Limited@example.org', '2')).toEqual({
      code: 0,
      stdout: 'Account limited@example.org may now make 2 requests a minute per key.\n',
      stderr: '',
    });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await probe.verifyArticle(profile.articles[0]!.link, limited));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 429]);
    expect(answers[0]!.headers['ratelimit-policy']).toBe('"per-minute";q=2;w=60');

    expect(await byline(target, 'accounts', 'limit', 'limited@example.org', 'default')).toMatchObject({ code: 0 });
    expect(
      (await repositoriesOf(probe.store).apiCredentials.findCredential(stdout.trim().split(':')[0]!))?.rateLimitPerMinute,
    ).toBeNull();

    expect(await byline(target, 'accounts', 'limit', 'limited@example.org', 'lots')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The limit must be a whole number'),
    });
    expect(await byline(target, 'accounts', 'limit', 'nobody@example.org', '5')).toMatchObject({
      code: 1,
      stderr: 'byline: No API account nobody@example.org.\n',
    });
  });
});

describe('byline demo', () => {
  test('loads the demo data (again without harm) and prints working curl examples', async () => {
    const target = tempDir();
    const first = await byline(target, 'demo');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Loaded the demo data: 7 journalist profile(s) and 19 article(s).');
    expect(first.stdout).toContain('npx byline keys create --email');
    expect(first.stdout).toContain(`http://localhost:8080/api/verify_article?url=${DEMO_ARTICLE_URL}`);
    expect(first.stdout).toContain(`"social_username": "${DEMO_TWITTER_HANDLE}", "social_type": "twitter"`);
    expect((await byline(target, 'demo')).code).toBe(0);

    await withProbe(target, async (probe) => {
      expect(await repositoriesOf(probe.store).profiles.count()).toBe(7);
      expect((await probe.verifyArticle(DEMO_ARTICLE_URL)).body).toMatchObject({ verified: true, profile_slug: 'niamh-cassidy' });
      expect((await probe.verifyJournalist('twitter', DEMO_TWITTER_HANDLE)).body).toMatchObject({
        verified: true,
        profile_social_profiles: { twitter: '@NiamhCass94' },
      });
    });
  });

  test('the demo data mixes verified and unverified journalists, inactive articles and unicode names', () => {
    const records = fs
      .readFileSync(DEMO_DATA_FILE, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records.some((r) => r.verified)).toBe(true);
    expect(records.some((r) => !r.verified)).toBe(true);
    expect(records.some((r) => r.articles.some((a: { active: boolean }) => !a.active))).toBe(true);
    expect(records.map((r) => `${r.profile_first_name} ${r.profile_last_name}`)).toContain('Zoë Ní Bhriain');
  });
});

describe('byline while an import holds the embedded store', () => {
  it('waits up to 5 s, then says the store is busy and exits 1, writing nothing', async () => {
    const dataDir = tempDir();
    expect((await bylineWithEnv({ BYLINE_DATA_DIR: dataDir }, 'keys', 'create', '--email', 'x@example.org')).code).toBe(0);
    const importer = new Database(path.join(dataDir, SQLITE_FILE_NAME));
    importer.exec('BEGIN IMMEDIATE');
    try {
      const result = await bylineWithEnv({ BYLINE_DATA_DIR: dataDir }, 'keys', 'create', '--email', 'busy@example.org');
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toMatch(/^byline: embedded store: another process is writing to it \(SQLITE_BUSY\)/);
    } finally {
      importer.exec('ROLLBACK');
      importer.close();
    }
    const after = await bylineWithEnv({ BYLINE_DATA_DIR: dataDir }, 'keys', 'list', '--email', 'busy@example.org');
    expect(after).toMatchObject({ code: 0, stdout: '', stderr: 'No keys for busy@example.org.\n' });
  }, 15_000);
});
