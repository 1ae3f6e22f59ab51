/**
 * The built package as an integrator loads it: `require` and `import` of '@byline/client' through its package.json
 * `exports`, in a plain Node process (jest's own module system would map the name to the sources), and its types
 * through the `types` conditions under TypeScript's node16 resolution, from an ES module and a CommonJS one.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { typeErrorsOf } from './in-memory-types';

const packageDir = path.join(__dirname, '..');
const built = path.join(packageDir, 'dist', 'index.js');

function node(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: packageDir }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

const surface = `
  const described = (m) => Object.keys(m).filter((name) => name !== 'default' && name !== 'module.exports').sort();
  const client = (m) => typeof new m.BylineClient({ apiKey: 'key:secret', baseUrl: 'http://127.0.0.1:1' }).verifyArticlesV2;
`;

describe('the built package', () => {
  beforeAll(() => {
    if (!fs.existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  });

  test('loads with require() and import(), the same classes either way', async () => {
    const required = JSON.parse(
      await node([
        '-e',
        `${surface} const m = require('@byline/client'); console.log(JSON.stringify({ names: described(m), client: client(m) }))`,
      ]),
    );
    const imported = JSON.parse(
      await node([
        '--input-type=module',
        '-e',
        `${surface}
        import { createRequire } from 'node:module';
        const m = await import('@byline/client');
        const r = createRequire(import.meta.url)('@byline/client');
        console.log(JSON.stringify({ names: described(m), client: client(m), same: m.BylineError === r.BylineError && m.verifyCredential === r.verifyCredential }));`,
      ]),
    );
    expect(required.client).toBe('function');
    expect(required.names).toEqual(
      expect.arrayContaining(['BylineClient', 'BylineError', 'BylineTimeoutError', 'verifyCredential', 'verifyWebhook']),
    );
    // The ES module entry names every export of the CommonJS build.
    expect(imported).toEqual({ names: required.names, client: 'function', same: true });
  }, 30_000);

  test("loads no Node built-in of its own, so that a browser's bundle can take it", () => {
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const seen = new Set<string>();
    const outside: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/require\("([^"]+)"\)/g)) {
        if (name!.startsWith('.')) visit(require.resolve(path.resolve(path.dirname(file), name!)));
        else outside.push(name!);
      }
    };
    visit(built);
    expect(seen.size).toBeGreaterThan(5);
    expect(outside.filter((name) => builtins.has(name))).toEqual([]);
    // What it needs from elsewhere: libraries that run in browsers as in Node.
    expect([...new Set(outside)].sort()).toEqual(['cbor-x', 'jose', 'standardwebhooks']);
  });

  test.each([
    ['an ES module', 'entry.mts'],
    ['a CommonJS module', 'entry.cts'],
  ])(
    'has types for %s',
    (_kind, file) => {
      const program = `
      import { BylineClient, BylineError, verifyCredential, verifyWebhook, type ArticleAnswer, type WebhookEvent } from '@byline/client';
      const client = new BylineClient({ apiKey: 'key:secret', baseUrl: 'https://articles.example' });
      export const who = (answer: ArticleAnswer): string => (answer.verified ? answer.profile_slug : answer.message);
      export const ask = (): Promise<ArticleAnswer> => client.verifyArticle('https://news.example/a');
      export const status = (error: BylineError): number => error.status;
      export const event = (body: string): WebhookEvent => verifyWebhook('whsec_x', body, {});
      export const journalist = async (jwt: string): Promise<string> => {
        const result = await verifyCredential(jwt);
        return result.ok ? result.credential.credentialSubject.name : \`\${result.check}: \${result.reason}\`;
      };
      // @ts-expect-error: the answer must be narrowed before its profile fields are read
      export const unnarrowed = (answer: ArticleAnswer): string => answer.profile_slug;
    `;
      expect(typeErrors(file, program, [])).toEqual([]);
    },
    60_000,
  );

  test("the API page's examples (docs/api.md, Client) type-check against it", () => {
    const page = fs.readFileSync(path.join(packageDir, '..', '..', 'docs', 'api.md'), 'utf8');
    const start = page.indexOf('\n## Client\n');
    expect(start).toBeGreaterThan(-1);
    const section = page.slice(start, page.indexOf('\n## ', start + 1));
    const examples = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(examples).toHaveLength(2);
    examples.forEach((example, index) => expect(typeErrors(`readme-${index}.mts`, example, ['node'])).toEqual([]));
  }, 60_000);

  test("the credentials page's example (docs/credentials.md, Verifying a credential) type-checks against it", () => {
    const page = fs.readFileSync(path.join(packageDir, '..', '..', 'docs', 'credentials.md'), 'utf8');
    const start = page.indexOf('\n## Verifying a credential\n');
    expect(start).toBeGreaterThan(-1);
    const end = page.indexOf('\n## ', start + 1);
    const section = page.slice(start, end === -1 ? undefined : end);
    const examples = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(examples).toHaveLength(1);
    expect(typeErrors('credentials-example.mts', examples[0]!, ['node'])).toEqual([]);
  }, 60_000);
});

/** TypeScript's errors for `program`, compiled in memory as this folder's `file` under node16 resolution and strict. */
function typeErrors(file: string, program: string, types: string[]): string[] {
  return typeErrorsOf(path.join(packageDir, 'test', file), program, {
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    types,
  });
}
