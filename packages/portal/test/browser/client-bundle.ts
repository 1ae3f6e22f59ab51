import path from 'node:path';
import { build } from 'esbuild';

/**
 * `@byline/client` as a browser application's bundler makes it: resolved from the package's `exports` with the
 * browser's conditions (its ES module entry, jose's WebCrypto build, cbor-x's browser build) into one ES module.
 * A browser cannot load the package's files as they are: its ES module entry re-exports the CommonJS build (one copy
 * of each class whichever way Node loads it), and it imports its libraries by bare name. esbuild fails here if
 * anything it reaches is a Node built-in, so a client that needed Node would fail the test before the browser starts.
 */
export async function clientBundleForBrowsers(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "export { verifyCredential } from '@byline/client';",
      resolveDir: path.resolve(__dirname, '..', '..'),
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  // The built package, not its TypeScript sources: what an integrator installs.
  if (!inputs.some((input) => input.endsWith('client/esm/index.mjs')))
    throw new Error(`the bundle did not start at @byline/client's ES module entry: ${inputs.join(', ')}`);
  return result.outputFiles[0]!.text;
}
