import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { type Logger } from '@byline/domain/logging/logger';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { anArticle, aProfile, canMakeFilesImmutable, capturingLogger, seed, tempDir } from '@byline/test-support';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';

/**
 * The embedded store's file deleted, replaced or made unwritable while the store is open (issue 15): SQLite
 * itself would go on with the unlinked file, or die of SIGBUS writing an immutable -shm. Real files; the process
 * tests are in packages/cli/test/store-files/.
 */
const LINK = 'https://news.example.org/2026/guarded-story';
const ARTICLE = canonicalizeUrl(LINK);
const usage = [{ key: 'KEY1', day: '2026-11-22', count: 3, lastUsedAt: '2026-11-22T10:00:00.000Z' }];

function errorLines(output: string): { level: string; message: string }[] {
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: string; message: string })
    .filter((entry) => entry.level === 'error');
}

async function until<T>(look: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: Error) => (error instanceof StoreUnavailableError ? `503: ${error.message}` : `other: ${error.message}`),
  );

describe('embedded store whose file goes away', () => {
  let dir: string;
  let file: string;
  let store: SqliteStore;
  let logs: { logger: Logger; output: () => string };

  beforeEach(async () => {
    dir = tempDir('byline-guard-');
    file = path.join(dir, 'byline.sqlite');
    logs = capturingLogger();
    store = new SqliteStore(file, { logger: logs.logger });
    await seed(store, aProfile({ profile_slug: 'guarded', articles: [anArticle({ link: LINK })] }));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses pings, writes and (within a second or so) lookups once the file is deleted, and says so once', async () => {
    expect(await store.articleAnswer(ARTICLE)).not.toBeNull();
    const { users } = repositoriesOf(store);
    for (const name of ['byline.sqlite', 'byline.sqlite-wal', 'byline.sqlite-shm']) fs.rmSync(path.join(dir, name));

    expect(await outcome(store.ping())).toMatch(/^503: embedded store: .*byline\.sqlite has been deleted/);
    expect(
      await outcome(setVerifiedByOperator(repositoriesOf(store), 'guarded', false, { reason: 'Arranged by the test' })),
    ).toMatch(/^503: .*has been deleted/);
    expect(await outcome(repositoriesOf(store).usage.record(usage))).toMatch(/^503: .*has been deleted/);
    await until(async () => ((await outcome(store.articleAnswer(ARTICLE))).startsWith('503') ? true : undefined));
    expect(await outcome(repositoriesOf(store).apiCredentials.findCredential('KEY1'))).toMatch(/^503/);

    const signUp = users.create({ email: 'late@example.org', passwordHash: 'x', role: 'journalist' }, new Date());
    expect(await outcome(signUp)).toMatch(/^503: .*has been deleted/);
    expect(errorLines(logs.output()).map((entry) => entry.message)).toEqual([
      expect.stringMatching(/byline\.sqlite has been deleted/),
    ]);
  });

  it('refuses writes once another file has taken its place', async () => {
    const other = new SqliteStore(path.join(dir, 'other.sqlite'));
    await other.close();
    fs.renameSync(path.join(dir, 'other.sqlite'), file);

    expect(await outcome(repositoriesOf(store).usage.record(usage))).toMatch(/^503: .*has been replaced by another file/);
    expect(await outcome(store.ping())).toMatch(/^503: .*replaced/);
  });
});

const describeIfImmutable = canMakeFilesImmutable() ? describe : describe.skip;

describeIfImmutable('embedded store whose -shm is made immutable (chattr +i)', () => {
  let dir: string;
  let shm: string;
  let store: SqliteStore;
  let portal: StoreRepositories;
  let logs: { logger: Logger; output: () => string };

  beforeEach(async () => {
    dir = tempDir('byline-immutable-');
    shm = path.join(dir, 'byline.sqlite-shm');
    logs = capturingLogger();
    store = new SqliteStore(path.join(dir, 'byline.sqlite'), { logger: logs.logger });
    portal = repositoriesOf(store);
    await seed(store, aProfile({ profile_slug: 'guarded', articles: [anArticle({ link: LINK })] }));
  });
  afterEach(async () => {
    execFileSync('chattr', ['-i', shm]);
    await portal.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses writes with StoreUnavailableError instead of dying of SIGBUS, and serves lookups', async () => {
    expect(await store.articleAnswer(ARTICLE)).not.toBeNull();
    // The last write before the flag is set comes from another connection, and nothing reads after it there:
    // the lookups' next read must not need to record the new end of the WAL in the -shm.
    const { users } = repositoriesOf(store);
    await users.create({ email: 'before@example.org', passwordHash: 'x', role: 'journalist' }, new Date());
    await portal.verification.request((await portal.profiles.findBySlug('guarded'))!.id, 'before@example.org');
    execFileSync('chattr', ['+i', shm]);

    expect(await outcome(repositoriesOf(store).usage.record(usage))).toMatch(
      /^503: .*byline\.sqlite-shm cannot be written \(EPERM\)/,
    );
    expect(
      await outcome(users.create({ email: 'after@example.org', passwordHash: 'x', role: 'journalist' }, new Date())),
    ).toMatch(/^503: .*cannot be written/);
    expect(await outcome(store.ping())).toMatch(/^503/);
    expect(await store.articleAnswer(ARTICLE)).not.toBeNull();
    expect(await users.findByEmail('before@example.org')).not.toBeNull();
    expect(errorLines(logs.output())).toHaveLength(1);

    execFileSync('chattr', ['-i', shm]);
    expect(await outcome(repositoriesOf(store).usage.record(usage))).toBe('ok');
    expect(await outcome(store.ping())).toBe('ok');
    expect(logs.output()).toContain('the problem is gone');
  });
});
