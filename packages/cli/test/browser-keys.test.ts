import { aProfile } from '@byline/test-support';
import { ApiProbe, byline, cliTargets, importFileWith } from './cli-harness';

const PAGE = 'https://news.example';

describe.each(cliTargets())('byline keys: browser keys ($name store)', (factory) => {
  const target = factory.create();
  const profile = aProfile();
  let probe: ApiProbe;
  beforeAll(async () => {
    expect((await byline(target, 'import', importFileWith([profile]))).code).toBe(0);
    probe = new ApiProbe(target);
  });
  afterAll(async () => {
    await probe.close();
    target.cleanUp();
  });

  const url = () => profile.articles[0]!.link;

  test('create --browser makes a key that answers only its origins, within its own limit; list shows them', async () => {
    const created = await byline(
      target,
      'keys',
      'create',
      '--email',
      'widget@example.org',
      '--name',
      'widget',
      '--browser',
      '--origins',
      `HTTPS://News.Example/, http://localhost:3000`,
      '--limit',
      '20',
    );
    expect(created.code).toBe(0);
    const token = created.stdout.trim();
    const key = token.split(':')[0]!;
    expect(created.stderr).toContain(`Created browser key (20 a minute, from ${PAGE},http://localhost:3000) ${key}`);

    const fromPage = await probe.verifyArticle(url(), `Bearer ${token}`, PAGE);
    expect(fromPage.status).toBe(200);
    expect(fromPage.headers['ratelimit-policy']).toBe('"per-minute";q=20;w=60');
    expect((await probe.verifyArticle(url(), `Bearer ${token}`)).status).toBe(403);
    expect((await probe.verifyArticle(url(), `Bearer ${token}`, 'https://evil.example')).status).toBe(403);

    const table = await byline(target, 'keys', 'list', '--email', 'widget@example.org');
    expect(table.stdout.trim().split('\n')[1]).toMatch(
      new RegExp(`^${key}\\s+widget\\s+browser\\s+20\\s+${PAGE},http://localhost:3000\\s+\\S+Z\\s+-\\s+active$`),
    );
    const [listed] = JSON.parse((await byline(target, 'keys', 'list', '--email', 'widget@example.org', '--json')).stdout);
    expect(listed).toMatchObject({ key, kind: 'browser', origins: [PAGE, 'http://localhost:3000'], rate_limit_per_minute: 20 });
  });

  test('a browser key gets 60 a minute unless told, and never more than its account', async () => {
    const created = await byline(target, 'keys', 'create', '--email', 'capped@example.org', '--browser', '--origins', PAGE);
    expect(created.code).toBe(0);
    expect(created.stderr).toContain('(60 a minute');
    expect(await byline(target, 'accounts', 'limit', 'capped@example.org', '100')).toMatchObject({ code: 0 });
    const above = await byline(
      target,
      'keys',
      'create',
      '--email',
      'capped@example.org',
      '--browser',
      '--origins',
      PAGE,
      '--limit',
      '200',
    );
    expect(above).toEqual({
      code: 1,
      stdout: '',
      stderr: 'byline: --limit: Give a whole number of requests per minute from 1 to 100 (the account’s limit).\n',
    });
  });

  test.each([
    [['--origins', PAGE], 2, /--origins and --limit are for a browser key: add --browser/],
    [['--browser'], 1, /--origins: List at least one web origin/],
    [['--browser', '--origins', 'https://news.example/widget'], 1, /--origins: .*no path/],
    [['--browser', '--origins', PAGE, '--limit', 'lots'], 1, /--limit: Give a whole number/],
  ])('create %j is refused with a message, creating nothing', async (args, code, message) => {
    const result = await byline(target, 'keys', 'create', '--email', 'refused@example.org', ...(args as string[]));
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect((await byline(target, 'keys', 'list', '--email', 'refused@example.org')).stderr).toBe(
      'No keys for refused@example.org.\n',
    );
  });

  test('keys browser changes a browser key’s origins or limit, keeping the other; refuses server keys', async () => {
    const token = (
      await byline(target, 'keys', 'create', '--email', 'edit@example.org', '--browser', '--origins', PAGE)
    ).stdout.trim();
    const key = token.split(':')[0]!;

    expect(await byline(target, 'keys', 'browser', key, '--origins', 'https://moved.example')).toEqual({
      code: 0,
      stdout: `Browser key ${key}: 60 a minute, from https://moved.example.\n`,
      stderr: '',
    });
    expect(await byline(target, 'keys', 'browser', key, '--limit', '7')).toMatchObject({
      code: 0,
      stdout: `Browser key ${key}: 7 a minute, from https://moved.example.\n`,
    });
    const moved = await probe.verifyArticle(url(), `Bearer ${token}`, 'https://moved.example');
    expect([moved.status, moved.headers['ratelimit-policy']]).toEqual([200, '"per-minute";q=7;w=60']);
    expect((await probe.verifyArticle(url(), `Bearer ${token}`, PAGE)).status).toBe(403);

    const server = (await byline(target, 'keys', 'create', '--email', 'edit@example.org')).stdout.trim().split(':')[0]!;
    expect(await byline(target, 'keys', 'browser', server, '--limit', '5')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`Key ${server} is a server key`),
    });
    expect(await byline(target, 'keys', 'browser', 'NoSuchKey0000000000000000', '--limit', '5')).toMatchObject({
      code: 1,
      stderr: 'byline: No API key NoSuchKey0000000000000000.\n',
    });
    expect(await byline(target, 'keys', 'browser', key)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Give --origins, --limit or both'),
    });
    expect(await byline(target, 'keys', 'browser', key, '--origins', '')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--origins: List at least one web origin'),
    });
  });
});
