import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Whether this machine lets the tests set the immutable flag (`chattr +i`) in the temp directory (root on ext4 and the
 * like): a flagged file cannot be written even by root, which the tests of an unwritable store file rely on.
 */
export function canMakeFilesImmutable(): boolean {
  const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'byline-chattr-')), 'probe');
  fs.writeFileSync(probe, '');
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(path.dirname(probe), { recursive: true, force: true });
  }
}
