/**
 * One registry holds every repository, people's accounts included, yet the verifiers must not pay for the ones they
 * never use: they import @byline/shared's entry, which registers only their own (service-repositories.ts), never
 * @byline/shared/store with the rest. Runs on the built code, as the verifiers' containers do.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildPackages, REPO_ROOT } from '@byline/test-support';

/** The registry of every resource and the adapters only the portal, CLI and worker use. */
const NOT_FOR_VERIFIERS =
  /(shared\/dist\/store\/(repositories-of|resource-wiring|sqlite-adapters|mongo-adapters)|store-(sqlite|mongodb)\/dist\/(users|sessions|password-resets|email-confirmations|attribution-domains)\/)/;

/** The files of the repository a fresh Node process has loaded after requiring `file`, relative to packages/. */
function modulesLoadedBy(file: string): string[] {
  const script = `
    require(${JSON.stringify(file)});
    console.log(JSON.stringify(Object.keys(require.cache)));`;
  const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
  return loaded.map((f) => path.relative(path.join(REPO_ROOT, 'packages'), f)).filter((f) => !f.startsWith('..'));
}

describe("what a verifier's process loads", () => {
  beforeAll(() => buildPackages('article-verifier', 'journalist-verifier'), 180_000);

  it.each(['article-verifier', 'journalist-verifier'])('%s loads neither the registry nor the accounts adapters', (name) => {
    const loaded = modulesLoadedBy(path.join(REPO_ROOT, `packages/${name}/dist/app.js`));
    expect(loaded).toEqual(expect.arrayContaining([expect.stringMatching(/^shared\/dist\/store\/service-repositories/)]));
    expect(loaded.filter((f) => NOT_FOR_VERIFIERS.test(f))).toEqual([]);
  });

  it('would see them if @byline/shared/store were loaded', () => {
    const loaded = modulesLoadedBy(path.join(REPO_ROOT, 'packages/shared/dist/store/index.js'));
    expect(loaded.filter((f) => NOT_FOR_VERIFIERS.test(f))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/sqlite-adapters/),
        expect.stringMatching(/resource-wiring/),
        expect.stringMatching(/store-sqlite\/dist\/users\//),
        expect.stringMatching(/store-mongodb\/dist\/sessions\//),
      ]),
    );
  });
});
