import fs from 'node:fs';

/**
 * What to do about store files deleted while processes had them open. Those processes' open files are then the
 * only copy of the last writes; Linux shows them in /proc/PID/fd as "FILE (deleted)", and copying one back from
 * there keeps them. `pids`: where to look ('self' for this process; allPids() for every one this process may see).
 */
export function recoveryAdvice(file: string, pids: string[]): string {
  const copies = copyBackCommands([file, `${file}-wal`], pids);
  if (copies.length === 0) {
    return `Restore the store from a backup: stop every Byline process using it, remove ${file}-wal and ${file}-shm, and put the backup in place of ${file}`;
  }
  return `To keep its last writes, copy back what a process still has open (${copies.join(' && ')}), then stop every Byline process using the store and start them again`;
}

/** The processes this one may look into (Linux); none where there is no /proc. */
export function allPids(): string[] {
  try {
    return fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
}

/** `cp` commands, one per file of `names` found deleted but open in one of `pids`. */
function copyBackCommands(names: string[], pids: string[]): string[] {
  const found = new Map<string, string>();
  for (const pid of pids) {
    for (const fd of readdirOrNone(`/proc/${pid}/fd`)) {
      const target = readlinkOrNone(`/proc/${pid}/fd/${fd}`);
      const name = names.find((candidate) => target === `${candidate} (deleted)`);
      if (name && !found.has(name)) found.set(name, `cp /proc/${pid === 'self' ? process.pid : pid}/fd/${fd} ${name}`);
    }
  }
  return [...found.values()];
}

// Processes come and go, and other users' are closed to this one: what cannot be read is skipped.
function readdirOrNone(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function readlinkOrNone(link: string): string | null {
  try {
    return fs.readlinkSync(link);
  } catch {
    return null;
  }
}
