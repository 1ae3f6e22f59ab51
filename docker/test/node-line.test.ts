/**
 * One Node.js line everywhere: `.nvmrc` names it, and the engines field, CI's provisioning, the README and the
 * process running these tests agree with it (the images are held to it in dockerfiles.test.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '@byline/test-support';
import { repoRoot } from './services';

const line = fs.readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8').trim();
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

describe(`the Node.js line (.nvmrc: ${line})`, () => {
  test('is a long-term-support line, and the one running these tests', () => {
    expect(line).toMatch(/^\d+$/);
    // Even-numbered lines are the ones that enter long-term support.
    expect(Number(line) % 2).toBe(0);
    expect(Number(line)).toBeGreaterThanOrEqual(24);
    expect(process.versions.node.split('.')[0]).toBe(line);
  });

  test('is what package.json engines, CI and the README name', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toMatch(new RegExp(`^>=${line}\\.\\d+ <${Number(line) + 1}$`));
    expect(read('.ci/run')).toContain('.nvmrc');
    expect(read('README.md')).toContain(`Needs **Node.js ${line}**`);
  });

  // better-sqlite3 12 aborted at exit under Node 24 (a statement finalised after the environment was torn down):
  // an import as a real process must exit cleanly.
  test('`byline import` as a process exits 0 without an abort', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'one.ndjson');
    fs.writeFileSync(
      file,
      `${JSON.stringify({
        profile_slug: 'node-line-check',
        profile_first_name: 'Node',
        verified: true,
        articles: [{ title: 'A', link: 'https://example.org/a', published_at: '2024-01-01T00:00:00.000Z' }],
      })}\n`,
    );
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'packages/cli/bin/byline.js'), 'import', file], {
      env: { ...process.env, BYLINE_DATA_DIR: dataDir, MONGODB_URI: '' },
      encoding: 'utf8',
    });
    expect(result.stderr).not.toMatch(/Assertion failed|Native stack trace|Aborted/);
    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Imported 1 profile\(s\) and 1 article\(s\)/);
  });
});
