/**
 * Issue 15, item 1: `rm data/byline.sqlite*` while the services run. SQLite goes on reading and writing the
 * unlinked file, so without a check every process answered 200 from data nobody will open again, and the CLI
 * made itself a new empty store. Real processes on the built code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildPackages, runCliProcess, startService, tempDir, until, type RunningService } from '@byline/test-support';
import { DEMO_ARTICLE_URL } from '../../src/demo-data';
import {
  editProfile,
  errorLogLines,
  isRunning,
  signedUpAgent,
  stopped,
  storeFiles,
  type PortalAgent,
} from './store-files-support';

describe('the store file deleted while the services run', () => {
  const dataDir = tempDir('byline-deleted-');
  let verifier: RunningService;
  let portal: RunningService;
  let editor: PortalAgent;
  let key: string;
  let authorization: string;

  beforeAll(async () => {
    buildPackages('cli', 'article-verifier', 'portal');
    expect(await runCliProcess(['demo'], { dataDir })).toMatchObject({ code: 0 });
    const created = await runCliProcess(['keys', 'create', '--email', 'desk@example.org', '--json'], { dataDir });
    ({ key, token: authorization } = JSON.parse(created.stdout) as { key: string; token: string });
    authorization = `Bearer ${authorization}`;
    [verifier, portal] = await Promise.all([startService('article-verifier', { dataDir }), startService('portal', { dataDir })]);
    editor = await signedUpAgent(portal, 'reporter@example.org');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([verifier?.stop(), portal?.stop()]);
  });

  const lookup = () =>
    fetch(`${verifier.url}/api/verify_article?url=${encodeURIComponent(DEMO_ARTICLE_URL)}`, {
      method: 'POST',
      headers: { Authorization: authorization },
    });

  it('is noticed: /readyz, lookups and portal edits answer 503, the CLI refuses, and nothing crashes', async () => {
    expect((await lookup()).status).toBe(200);
    expect((await editProfile(editor, 'Before')).status).toBe(303);

    for (const file of storeFiles(dataDir)) fs.rmSync(file, { force: true });

    const readyz = await until(
      '/readyz to answer 503',
      async () => {
        const res = await fetch(`${verifier.url}/readyz`);
        return res.status === 503 ? res : undefined;
      },
      10_000,
    );
    expect(await readyz.json()).toMatchObject({ status: 'unavailable', store: 'embedded' });
    // Lookups look at the file at most once a second: within a few seconds they refuse too.
    await until('lookups to answer 503', async () => ((await lookup()).status === 503 ? true : undefined), 10_000);

    const edit = await editProfile(editor, 'After');
    expect(edit.status).toBe(503);
    expect(edit.text).toContain('Temporarily unavailable');

    // Not "no store here": the running services still have it open, and a new one would be a split store.
    const revoke = await runCliProcess(['keys', 'revoke', key], { dataDir });
    expect(revoke.code).toBe(1);
    expect(revoke.stderr).toContain(
      `byline: embedded store: ${path.join(dataDir, 'byline.sqlite')} is missing but other Byline processes still have it open`,
    );
    expect(revoke.stderr.trim().split('\n')).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, 'byline.sqlite'))).toBe(false);

    expect(isRunning(verifier.process)).toBe(true);
    expect(isRunning(portal.process)).toBe(true);
    // Said once, loudly, by each process: an error-level JSON log line naming the file.
    for (const output of [verifier.output(), portal.output()]) expect(errorLogLines(output, 'has been deleted')).toHaveLength(1);
  }, 60_000);

  it('stops cleanly on SIGTERM', async () => {
    expect(await stopped(portal)).toBe(0);
    expect(await stopped(verifier)).toBe(0);
  }, 30_000);
});
