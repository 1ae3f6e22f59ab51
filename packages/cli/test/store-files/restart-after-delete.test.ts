/**
 * `rm data/byline.sqlite` while `npm start` runs, then a service killed and started again. The restarted
 * process used to create a new, empty file, and SQLite, opening an empty database beside the -wal the others
 * still wrote into, deleted that -wal: writes acknowledged before were lost, and after the file was restored
 * every new process failed (SQLITE_IOERR_SHORT_READ) or read another store. Now a process refuses to open the
 * store while others hold it and its files are not as they left them (see StoreOpenLock), in one line; once
 * the file is back, everything opens it again. Real processes on the built code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runCliProcess, tempDir, until } from '@byline/test-support';
import { answers, launchNpmStart, type NpmStart } from '../npm-start-support';
import { storeFiles } from './store-files-support';

const inode = (file: string) => fs.statSync(file).ino;

describe('the store file deleted under `npm start`, a service restarted, the file restored', () => {
  const dataDir = tempDir('byline-restart-');
  const [main, wal, shm] = storeFiles(dataDir) as [string, string, string];
  // The way back this test takes: a hard link made beforehand, as a backup on the same disk would be.
  const kept = path.join(tempDir('byline-kept-'), 'byline.sqlite');
  let start: NpmStart;

  const createKey = async (email: string) =>
    runCliProcess(['keys', 'create', '--email', email, '--json'], { dataDir }).then((run) => ({
      ...run,
      key: run.code === 0 ? (JSON.parse(run.stdout) as { key: string }).key : null,
    }));
  const keysOf = async (email: string) => {
    const run = await runCliProcess(['keys', 'list', '--email', email, '--json'], { dataDir });
    if (run.code !== 0) throw new Error(`keys list failed: ${run.stderr}`);
    return (JSON.parse(run.stdout) as { key: string }[]).map((key) => key.key);
  };

  beforeAll(async () => {
    expect(await runCliProcess(['demo'], { dataDir })).toMatchObject({ code: 0 });
    start = await launchNpmStart(dataDir, { LOG_LEVEL: 'warn' });
    await start.ready();
  }, 300_000);

  afterAll(() => start?.stop());

  it('loses no acknowledged write, damages nothing the others hold, and opens again once the file is back', async () => {
    const before = await createKey('before@example.org');
    expect(before.code).toBe(0);
    const walInode = inode(wal);
    const shmInode = inode(shm);

    fs.linkSync(main, kept);
    fs.rmSync(main);
    const worker = start.pids().worker!;
    process.kill(worker, 'SIGKILL');

    // The restarted worker refuses, in one line naming the file, and is tried again after its back-off. (The worker
    // killed may have seen the deletion first and said so as it wrote: its own line is not the restarted one's.)
    const workerErrors = () =>
      start
        .output()
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('{') &&
            line.includes('"service":"worker"') &&
            line.includes('"level":"error"') &&
            !line.includes('has been deleted while this process had it open'),
        );
    const [refusal] = await until(
      'the restarted worker to refuse',
      async () => (workerErrors().length ? workerErrors() : undefined),
      30_000,
    );
    expect(JSON.parse(refusal!)).toMatchObject({
      file: main,
      message: expect.stringContaining(`cannot open the store: embedded store: ${main} is missing but other Byline processes`),
    });
    expect(fs.existsSync(main)).toBe(false);
    expect([inode(wal), inode(shm)]).toEqual([walInode, shmInode]);
    expect(start.output()).not.toMatch(/\n\s+at /); // no stack trace
    expect(start.output()).not.toContain('has been replaced'); // nobody put a new file in its place

    // The command line refuses too, even a command that creates a store where there is none.
    const during = await createKey('during@example.org');
    expect(during.code).toBe(1);
    expect(during.stderr.trim().split('\n')).toEqual([expect.stringContaining(`byline: embedded store: ${main} is missing`)]);
    expect(fs.existsSync(main)).toBe(false);

    fs.linkSync(kept, main);
    for (const url of Object.values(start.urls)) {
      await until(`${url} to answer again`, async () => ((await answers(url)) ? true : undefined), 60_000);
    }
    expect(start.pids().worker).not.toBe(worker);
    const after = await createKey('after@example.org');
    expect(after.code).toBe(0);
    expect([inode(wal), inode(shm)]).toEqual([walInode, shmInode]);

    // A crash of everything now (SIGKILL: nothing closed, nothing checkpointed) keeps every acknowledged write.
    for (const pid of Object.values(start.pids())) process.kill(pid, 'SIGKILL');
    start.process.kill('SIGKILL');
    expect(await keysOf('before@example.org')).toEqual([before.key]);
    expect(await keysOf('after@example.org')).toEqual([after.key]);
    expect(await keysOf('during@example.org')).toEqual([]);
  }, 180_000);
});
