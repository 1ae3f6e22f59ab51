/**
 * On an older Node.js (the machine's own Node 20, say, in the second terminal the Quick start asks for) every entry a
 * person can run stops with a message naming Node.js 24 and what to do, instead of loading better-sqlite3's binary
 * and dying with a bare "Segmentation fault". Runs the built code with that older Node, as a person would.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildPackages, REPO_ROOT, tempDir } from '@byline/test-support';

/** An installed Node.js older than 24 (CI's machine has Node 20 at /usr/bin/node), or null. */
function olderNode(): string | null {
  for (const candidate of [process.env.BYLINE_OLDER_NODE, '/usr/bin/node', '/usr/local/bin/node', '/bin/node']) {
    if (!candidate || !fs.existsSync(candidate)) continue;
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
    const major = Number(/^v(\d+)\./.exec(version)?.[1]);
    if (major && major < 24) return candidate;
  }
  return null;
}

const node = olderNode();
if (!node)
  process.stderr.write('\n*** No Node.js older than 24 found (BYLINE_OLDER_NODE): the older-Node tests are SKIPPED ***\n\n');
const describeWithOlderNode = node ? describe : describe.skip;

const ENTRIES: [string, string[]][] = [
  ['npx byline demo (the bin)', ['packages/cli/bin/byline.js', 'demo']],
  ['byline import', ['packages/cli/dist/main.js', 'import', 'nothing.ndjson']],
  ['the article verifier', ['packages/article-verifier/dist/main.js']],
  ['the journalist verifier', ['packages/journalist-verifier/dist/main.js']],
  ['the portal', ['packages/portal/dist/main.js']],
  ['the worker', ['packages/worker/dist/main.js']],
  ['npm start', ['scripts/start.mjs']],
  ['the bench', ['bench/run.mjs', '--skip-build']],
];

describeWithOlderNode('on a Node.js older than 24', () => {
  beforeAll(() => buildPackages('cli', 'article-verifier', 'journalist-verifier', 'portal', 'worker'), 240_000);

  it.each(ENTRIES)('%s exits non-zero, naming Node.js 24 and what to do, before touching the store', (_name, args) => {
    const dataDir = path.join(tempDir(), 'data');
    const run = spawnSync(node!, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, BYLINE_DATA_DIR: dataDir, MONGODB_URI: '', ARTICLE_VERIFIER_PORT: '0', PORTAL_PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect({ signal: run.signal, status: run.status }).toEqual({ signal: null, status: 1 });
    expect(run.stderr).toMatch(/^byline: needs Node\.js 24 \(≥ 24\.11\); this is Node\.js 2\d\.\d+\.\d+, which cannot run it\./);
    expect(run.stderr).toContain('npm install --prefix ~/.cache/byline-node/24 node@24');
    expect(run.stderr).toContain('export PATH=~/.cache/byline-node/24/node_modules/node/node_modules/node-');
    expect(run.stdout).toBe('');
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
