/**
 * The Node.js line check every entry point runs first: what it lets through, what it tells a person on an older Node,
 * and that its two copies (the packages' and the repository scripts', which run before any build) say the same as
 * .nvmrc, `engines` and the README's Quick start.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@byline/test-support';
import { NODE_LINE, NODE_MINIMUM, nodeLineProblem } from '@byline/domain/runtime/node-line';

const VERSIONS = ['20.20.2', 'v22.12.0', '24.0.0', '24.10.9', '24.11.0', '24.21.0', '25.1.0', '26.0.0'];

describe('the Node.js line check', () => {
  it('refuses every Node.js older than the supported release, and only those', () => {
    const refused = VERSIONS.filter((version) => nodeLineProblem('byline', version) !== null);
    expect(refused).toEqual(['20.20.2', 'v22.12.0', '24.0.0', '24.10.9']);
  });

  it('names Node.js 24 and gives the README’s two lines for this platform', () => {
    const message = nodeLineProblem('byline', '20.20.2', 'linux-x64') ?? '';
    expect(message).toContain('byline: needs Node.js 24 (≥ 24.11); this is Node.js 20.20.2');
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const lines = message
      .split('\n')
      .filter((line) => line.startsWith('  '))
      .map((line) => line.trim());
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(readme).toContain(line);
  });

  it('agrees with .nvmrc, engines and the scripts’ copy', () => {
    expect(String(NODE_LINE)).toBe(fs.readFileSync(path.join(REPO_ROOT, '.nvmrc'), 'utf8').trim());
    const engines = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).engines.node as string;
    expect(engines.startsWith(`>=${NODE_MINIMUM.replace(/\.0$/, '')} `)).toBe(true);
    const script = `
      import { nodeLineProblem } from ${JSON.stringify(path.join(REPO_ROOT, 'scripts/node-line.mjs'))};
      console.log(JSON.stringify(${JSON.stringify(VERSIONS)}.map((v) => nodeLineProblem('byline', v, 'linux-x64'))));`;
    const scripts = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
    expect(scripts).toEqual(VERSIONS.map((version) => nodeLineProblem('byline', version, 'linux-x64')));
  });
});
