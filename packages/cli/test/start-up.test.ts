/**
 * The CLI starts without the services' HTTP stack: it imports @byline/shared and @byline/editorial,
 * never @byline/http or the portal's web app. Loading Express, body-parser, prom-client and ioredis
 * doubled every command's start-up (0.26 → 0.52 s for `byline --help`). Runs on the built code, as a user does.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildPackages, REPO_ROOT } from '@byline/test-support';

const HTTP_STACK = ['express', 'body-parser', 'prom-client', 'ioredis', 'rate-limiter-flexible', 'swagger-ui-express'];

/** The npm packages a fresh Node process has loaded after requiring `file`. */
function packagesLoadedBy(file: string): string[] {
  const script = `
    require(${JSON.stringify(file)});
    const names = Object.keys(require.cache).map((f) => /node_modules\\/((@[^/]+\\/)?[^/]+)/.exec(f)?.[1]);
    console.log(JSON.stringify([...new Set(names.filter(Boolean))]));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
}

describe('CLI start-up', () => {
  beforeAll(() => buildPackages('cli'), 120_000);

  it('loads the store and validation but none of the HTTP stack', () => {
    const loaded = packagesLoadedBy(path.join(REPO_ROOT, 'packages/cli/dist/cli.js'));
    expect(loaded).toEqual(expect.arrayContaining(['commander', 'joi', 'better-sqlite3']));
    expect(loaded.filter((name) => HTTP_STACK.includes(name))).toEqual([]);
  });

  it('would see the HTTP stack if it were loaded', () => {
    const loaded = packagesLoadedBy(path.join(REPO_ROOT, 'packages/http/dist/index.js'));
    expect(loaded).toEqual(expect.arrayContaining(HTTP_STACK));
  });
});
