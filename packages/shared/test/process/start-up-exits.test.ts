/**
 * How each long-running process (both verifiers, the portal, the worker) ends when it cannot start: a
 * configuration error with exit code 78 (EX_CONFIG), which `npm start` takes as the signal to stop everything
 * rather than restart; a store it may not open (here: deleted under another process that has it open) with
 * exit code 1 and one error line naming the file, no stack trace (`npm start` restarts it after its back-off).
 * Real processes on the built code; the CLI's exit codes are in packages/cli/test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { buildPackages, runToExit, tempDir, type ServiceName } from '@byline/test-support';

const PROCESSES: ServiceName[] = ['article-verifier', 'journalist-verifier', 'portal', 'worker'];

beforeAll(() => buildPackages(...PROCESSES), 240_000);

describe.each(PROCESSES)('%s that cannot start', (pkg) => {
  it('exits 78 on a configuration error, naming the setting', async () => {
    const { code, output } = await runToExit(pkg, {
      dataDir: tempDir(),
      env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: 'lots' },
    });
    expect(code).toBe(78);
    expect(output).toContain(`${pkg}: Invalid configuration:`);
    expect(output).toContain('"RATE_LIMIT_PER_MINUTE" must be a number');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('exits 1 with one error line naming the file when the store may not be opened', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'byline.sqlite');
    const holder = new SqliteStore(file); // this test's process has it open…
    try {
      fs.rmSync(file); // …when it is deleted
      const { code, output } = await runToExit(pkg, { dataDir, env: { LOG_LEVEL: 'warn' } });
      expect(code).toBe(1);
      const lines = output.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 'error',
        service: pkg,
        file,
        message: expect.stringContaining(`${file} is missing but other Byline processes still have it open`),
      });
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      await holder.close();
    }
  });
});
