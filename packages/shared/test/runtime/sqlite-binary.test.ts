/**
 * `npm ci` needs only the npm registry: better-sqlite3's own install script (npm's implicit `node-gyp rebuild`, which
 * downloads Node's headers even where the package's prebuilt binary fits) is denied, and the root's install step
 * (scripts/sqlite-binary.mjs) compiles only where no prebuilt binary fits, against the running Node's own headers.
 * The whole Quick start, offline but for the registry: bash scripts/quick-start-check.sh (minutes; not here).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@byline/test-support';

const script = path.join(REPO_ROOT, 'scripts/sqlite-binary.mjs');
const localNodeDir = (execPath: string, version: string): string | null =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { localNodeDir } from ${JSON.stringify(script)};
         console.log(JSON.stringify(localNodeDir(${JSON.stringify(execPath)}, ${JSON.stringify(version)})));`,
      ],
      { encoding: 'utf8' },
    ),
  );

describe('better-sqlite3’s binary at install time', () => {
  it('is the root install step’s to provide, not better-sqlite3’s own script', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(manifest.allowScripts['better-sqlite3']).toBe(false);
    expect(manifest.scripts.postinstall).toBe('node scripts/sqlite-binary.mjs');
  });

  it('does nothing, quietly, where the prebuilt binary fits (here)', () => {
    const run = spawnSync(process.execPath, [script], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('uses the running Node’s own headers only when they are of its very version', () => {
    const prefix = path.dirname(path.dirname(process.execPath));
    const hasHeaders = fs.existsSync(path.join(prefix, 'include/node/node_version.h'));
    expect(localNodeDir(process.execPath, process.versions.node)).toBe(hasHeaders ? prefix : null);
    expect(localNodeDir(process.execPath, '0.0.1')).toBeNull();
    expect(localNodeDir('/nonexistent/bin/node', process.versions.node)).toBeNull();
  });
});
