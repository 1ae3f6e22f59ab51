import fs from 'node:fs';
import path from 'node:path';
import { NoStoreError } from '@byline/store-sqlite/store/sqlite-errors';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { repositoriesOf } from '@byline/shared/store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { tempDir } from '@byline/test-support';

/**
 * Opening the embedded store beside other holders whose files were deleted or replaced (see StoreOpenLock).
 * SQLite's locks tell connections of one process apart as they do processes, so one process stands in for
 * several here; the process tests are packages/cli/test/store-files/restart-after-delete.test.ts and
 * packages/shared/test/process/start-up-exits.test.ts.
 */
describe('opening the embedded store while others have it open', () => {
  let dir: string;
  let file: string;
  let holder: SqliteStore;
  const opened: SqliteStore[] = [];
  const open = (options: { mustExist?: boolean } = {}) => {
    const store = new SqliteStore(file, options);
    opened.push(store);
    return store;
  };
  const inodes = () => ['', '-wal', '-shm'].map((suffix) => fs.statSync(`${file}${suffix}`).ino);
  const refusal = (options: { mustExist?: boolean } = {}) => {
    try {
      open(options);
    } catch (error) {
      return error;
    }
    throw new Error('opened');
  };

  beforeEach(async () => {
    dir = tempDir('byline-open-lock-');
    file = path.join(dir, 'byline.sqlite');
    holder = open();
    await repositoriesOf(holder).apiKeys.createKey(
      {
        email: 'before@example.org',
        name: 'default',
        key: 'KEYBEFORE',
        secretHash: 'x',
      },
      new Date(),
    );
  });
  afterEach(async () => {
    // Those whose files went stay open, as in a service: closing them would delete the -wal by name.
    for (const store of opened.splice(0)) await store.close();
  });

  it('joins the others while the files are the ones they opened, and sees their writes', async () => {
    const joined = open();
    expect(await repositoriesOf(joined).apiKeys.keysOf('before@example.org')).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, 'byline.lock'))).toBe(true);
  });

  it('creates no new file where the others still have the deleted one open, and opens it once it is back', async () => {
    const before = inodes();
    const kept = path.join(tempDir('byline-kept-'), 'byline.sqlite');
    fs.linkSync(file, kept);
    fs.rmSync(file);

    for (const mustExist of [false, true]) {
      const error = refusal({ mustExist }) as Error;
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(error.message).toContain(`embedded store: ${file} is missing but other Byline processes still have it open`);
      // Where the others still have it open, the way to copy it back; and how to start afresh instead.
      expect(error.message).toMatch(
        new RegExp(`copy back what a process still has open \\(cp /proc/${process.pid}/fd/\\d+ ${file}\\)`),
      );
      expect(error.message).toContain(`remove ${file}-wal and ${file}-shm`);
    }
    expect(fs.existsSync(file)).toBe(false);

    fs.linkSync(kept, file);
    expect(inodes()).toEqual(before);
    expect(await repositoriesOf(open()).apiKeys.keysOf('before@example.org')).toHaveLength(1);
  });

  it('refuses a file put in place of the one the others have open, until they have all stopped', async () => {
    const copy = path.join(dir, 'copy.sqlite');
    fs.copyFileSync(file, copy);
    fs.renameSync(copy, file);
    const error = refusal() as Error;
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error.message).toBe(
      `embedded store: ${file} is not the file other running Byline processes have open (it was replaced under them); to use it, stop them all, then start them again`,
    );
  });

  it('refuses while the -wal the others write into is deleted', () => {
    fs.rmSync(`${file}-wal`);
    const error = refusal() as Error;
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error.message).toContain(
      `embedded store: ${file}-wal is missing but other Byline processes still have the store open`,
    );
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('alone, keeps the -wal of a deleted store rather than open a new file beside it', async () => {
    // What a process killed with the file deleted under it leaves behind: a -wal and a -shm, and nobody holding them.
    const left = tempDir('byline-left-');
    for (const suffix of ['-wal', '-shm']) fs.copyFileSync(`${file}${suffix}`, path.join(left, `byline.sqlite${suffix}`));
    file = path.join(left, 'byline.sqlite');

    const error = refusal() as Error;
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error.message).toBe(
      `embedded store: ${file} is missing but ${file}-wal is there: it holds the last writes of a store deleted while in use, and opening would discard them; restore ${file}, or remove ${file}-wal and ${file}-shm to start a new, empty store`,
    );
    expect(fs.existsSync(file)).toBe(false);

    fs.rmSync(`${file}-wal`);
    fs.rmSync(`${file}-shm`);
    expect(await repositoriesOf(open()).apiKeys.keysOf('before@example.org')).toEqual([]);
  });

  it('opens as usual once the others have closed, and leaves no lock file where there is no store', async () => {
    await holder.close();
    opened.splice(0);
    expect(await repositoriesOf(open()).apiKeys.keysOf('before@example.org')).toHaveLength(1);

    const nowhere = path.join(tempDir('byline-nowhere-'), 'data');
    file = path.join(nowhere, 'byline.sqlite');
    expect(refusal({ mustExist: true })).toBeInstanceOf(NoStoreError);
    expect(fs.existsSync(nowhere)).toBe(false);
  });
});
