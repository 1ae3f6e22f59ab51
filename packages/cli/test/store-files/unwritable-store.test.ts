/**
 * Issue 15, item 2: the store's `-shm` made immutable (`chattr +i`) while the services run. SQLite writes
 * the -shm through a memory map, and the kernel answers a write fault on an immutable file with SIGBUS: one
 * portal edit killed the portal, and a verifier's next usage flush killed the verifier. Now a write is refused
 * with a 503 before SQLite touches the file, the processes stay up, and the usage counts are kept until the
 * file can be written again. Real processes on the built code; needs the immutable flag (root on ext4 and the like).
 */
import fs from 'node:fs';
import {
  buildPackages,
  canMakeFilesImmutable,
  runCliProcess,
  startService,
  tempDir,
  until,
  type RunningService,
} from '@byline/test-support';
import { repositoriesOf } from '@byline/shared/store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { DEMO_ARTICLE_URL } from '../../src/demo-data';
import {
  editProfile,
  errorLogLines,
  isRunning,
  setImmutable,
  signedUpAgent,
  stopped,
  storeFiles,
  type PortalAgent,
} from './store-files-support';

const describeIfImmutable = canMakeFilesImmutable() ? describe : describe.skip;

describeIfImmutable('the store -shm made unwritable while the services run', () => {
  const dataDir = tempDir('byline-unwritable-');
  const shm = storeFiles(dataDir)[2]!;
  let verifier: RunningService;
  let portal: RunningService;
  let editor: PortalAgent;
  let key: string;
  let authorization: string;
  let lookups = 0;

  beforeAll(async () => {
    buildPackages('cli', 'article-verifier', 'portal');
    expect(await runCliProcess(['demo'], { dataDir })).toMatchObject({ code: 0 });
    const created = await runCliProcess(['keys', 'create', '--email', 'desk@example.org', '--json'], { dataDir });
    const credentials = JSON.parse(created.stdout) as { key: string; token: string };
    key = credentials.key;
    authorization = `Bearer ${credentials.token}`;
    [verifier, portal] = await Promise.all([
      startService('article-verifier', { dataDir, env: { LOG_LEVEL: 'warn' } }),
      startService('portal', { dataDir }),
    ]);
    editor = await signedUpAgent(portal, 'reporter@example.org');
  }, 120_000);

  afterAll(async () => {
    if (fs.existsSync(shm)) setImmutable(shm, false);
    await Promise.all([verifier?.stop(), portal?.stop()]);
  });

  async function lookup(): Promise<number> {
    lookups++;
    const url = `${verifier.url}/api/verify_article?url=${encodeURIComponent(DEMO_ARTICLE_URL)}`;
    return (await fetch(url, { method: 'POST', headers: { Authorization: authorization } })).status;
  }

  async function storedUsage(): Promise<number> {
    const store = SqliteStore.inDirectory(dataDir);
    try {
      return (await repositoriesOf(store).usage.ofKey(key)).reduce((sum, entry) => sum + entry.count, 0);
    } finally {
      await store.close();
    }
  }

  it('refuses writes with 503, keeps serving lookups and usage counts, and recovers', async () => {
    expect((await editProfile(editor, 'Before')).status).toBe(303);
    expect(await lookup()).toBe(200);

    setImmutable(shm, true);
    try {
      const edit = await editProfile(editor, 'After');
      expect(edit.status).toBe(503);
      expect(edit.text).toContain('Temporarily unavailable');
      expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);

      expect(await lookup()).toBe(200);
      expect(await lookup()).toBe(200);
      expect((await fetch(`${verifier.url}/readyz`)).status).toBe(503);
      // The usage flush (every 10 s) fails, keeps its counts, and the verifier stays up.
      await until('a failed usage flush', async () =>
        verifier.output().includes('usage counts could not be stored') ? true : undefined,
      );
      expect(await lookup()).toBe(200);
      expect(isRunning(verifier.process)).toBe(true);
      expect(isRunning(portal.process)).toBe(true);
    } finally {
      setImmutable(shm, false);
    }

    await until('/readyz to answer 200 again', async () =>
      (await fetch(`${verifier.url}/readyz`)).status === 200 ? true : undefined,
    );
    expect((await editProfile(editor, 'Again')).status).toBe(303);
    // Every lookup is counted once the next flush can write.
    await until('the kept usage counts to be stored', async () => ((await storedUsage()) === lookups ? true : undefined));
    for (const output of [verifier.output(), portal.output()]) expect(errorLogLines(output, 'cannot be written')).toHaveLength(1);
  }, 90_000);

  it('stops cleanly on SIGTERM while the -shm cannot be written', async () => {
    setImmutable(shm, true);
    try {
      // The verifier stops last: its connection is the last one, whose closing would write the -shm.
      expect(await stopped(portal)).toBe(0);
      expect(await stopped(verifier)).toBe(0);
    } finally {
      setImmutable(shm, false);
    }
  }, 30_000);
});
