import { repositoriesOf } from '@byline/shared/store';
import fs from 'node:fs';
import request from 'supertest';
import type { Store } from '@byline/domain/store/store';
import { quietLogger, tempDir } from '@byline/test-support';
import { createApp as createArticleApp } from '../../article-verifier/src/app';
import { byline, cliTargets } from './cli-harness';

describe.each(cliTargets())('byline accounts origins ($name store)', (factory) => {
  const target = factory.create();
  let store: Store;
  let authorization: string;

  beforeAll(async () => {
    const { stdout } = await byline(target, 'keys', 'create', '--email', 'page@example.org');
    authorization = `Bearer ${stdout.trim()}`;
    store = target.openStore();
  });
  afterAll(async () => {
    await store.close();
    await target.cleanUp();
  });

  /** What the article verifier on the same store grants a web page at `origin`. */
  const grantTo = async (origin: string) => {
    const app = createArticleApp({ store, logger: quietLogger(), authCacheTtlMs: 0 });
    const res = await request(app)
      .post('/api/verify_article')
      .query({ url: 'https://paper.example/none' })
      .set('Authorization', authorization)
      .set('Origin', origin);
    expect(res.status).toBe(200);
    return res.headers['access-control-allow-origin'];
  };

  test('prints, sets, adds to, removes from and clears the list; the service grants what it holds', async () => {
    expect(await byline(target, 'accounts', 'origins', 'Page@Example.org')).toEqual({
      code: 0,
      stdout: 'Account page@example.org allows no web origins.\n',
      stderr: '',
    });

    expect(
      await byline(target, 'accounts', 'origins', 'page@example.org', '--set', 'HTTPS://News.Example/, http://localhost:3000'),
    ).toEqual({
      code: 0,
      stdout: 'Account page@example.org allows these web origins:\nhttps://news.example\nhttp://localhost:3000\n',
      stderr: '',
    });
    expect(await grantTo('https://news.example')).toBe('https://news.example');
    expect(await grantTo('https://app.news.example')).toBeUndefined();

    expect(
      (await byline(target, 'accounts', 'origins', 'page@example.org', '--add', 'https://app.news.example:443')).stdout,
    ).toBe(
      'Account page@example.org allows these web origins:\nhttps://news.example\nhttp://localhost:3000\nhttps://app.news.example\n',
    );
    expect(await grantTo('https://app.news.example')).toBe('https://app.news.example');

    expect((await byline(target, 'accounts', 'origins', 'page@example.org', '--remove', 'https://news.example/')).stdout).toBe(
      'Account page@example.org allows these web origins:\nhttp://localhost:3000\nhttps://app.news.example\n',
    );
    expect(await grantTo('https://news.example')).toBeUndefined();
    expect(await repositoriesOf(store).apiAccounts.originsOf('page@example.org')).toEqual([
      'http://localhost:3000',
      'https://app.news.example',
    ]);

    expect(await byline(target, 'accounts', 'origins', 'page@example.org', '--clear')).toMatchObject({
      code: 0,
      stdout: 'Account page@example.org allows no web origins.\n',
    });
    expect(await grantTo('https://app.news.example')).toBeUndefined();
  });

  test.each([
    ['a path', ['--set', 'https://news.example/widget'], /no path/],
    ['a wildcard', ['--add', '*'], /wildcards are not allowed/],
    ['21 origins', ['--set', Array.from({ length: 21 }, (_, i) => `https://s${i}.example`).join(',')], /At most 20 origins/],
    [
      'two changes at once',
      ['--add', 'https://a.example', '--clear'],
      /Give one of --set, --add, --remove or --clear, not --add and --clear/,
    ],
  ])('refuses %s with exit 1, changing nothing', async (_case, args, message) => {
    await repositoriesOf(store).apiAccounts.setOrigins('page@example.org', ['https://kept.example']);

    const result = await byline(target, 'accounts', 'origins', 'page@example.org', ...(args as string[]));
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(message);
    expect(await repositoriesOf(store).apiAccounts.originsOf('page@example.org')).toEqual(['https://kept.example']);
  });

  test('an unknown account exits 1 with a clear message', async () => {
    expect(await byline(target, 'accounts', 'origins', 'nobody@example.org', '--add', 'https://a.example')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'byline: No API account nobody@example.org.\n',
    });
  });
});

test('byline accounts origins refuses a data directory without a store and creates nothing', async () => {
  const dataDir = tempDir('byline-nostore-');
  const result = await byline(dataDir, 'accounts', 'origins', 'desk@example.org', '--add', 'https://a.example');
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`byline: no Byline store at ${dataDir}:`);
  expect(fs.readdirSync(dataDir)).toEqual([]);
});
