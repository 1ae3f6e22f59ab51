#!/usr/bin/env node
// `npm start`: builds what is out of date, then runs every Byline service and the worker on this machine, each
// in its own process, restarting one that dies (see supervise.mjs); a configuration error stops them all.
import './check-node-line.mjs'; // first: an older Node.js stops here, before the build and anything native
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const SERVICES = [
  { name: 'article-verifier', portKey: 'articleVerifierPort', path: '/api/verify_article' },
  { name: 'journalist-verifier', portKey: 'journalistVerifierPort', path: '/api/v1/verify_journalist' },
  { name: 'portal', portKey: 'portalPort', path: '/' },
  // Re-checks rel="me" proofs on a schedule; its port serves only /healthz, /readyz and /metrics.
  { name: 'worker', portKey: 'workerPort', path: '/metrics' },
].filter((service) => existsSync(path.join(root, 'packages', service.name, 'package.json')));

function build() {
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  const projects = [...SERVICES.map((s) => `packages/${s.name}`), 'packages/cli'];
  const result = spawnSync(tsc, ['-b', ...projects], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('byline: the build failed; see the errors above.');
    process.exit(result.status ?? 1);
  }
}

async function storeHint(config) {
  const { embeddedStoreFile, openStore, StoreUnavailableError } = require(path.join(root, 'packages/shared/dist'));
  const { repositoriesOf } = require(path.join(root, 'packages/shared/dist/store'));
  const file = embeddedStoreFile(config);
  const creating = file !== null && !existsSync(file);
  const store = await openStore(config).catch((error) => {
    if (!(error instanceof StoreUnavailableError)) throw error;
    console.error(`byline: ${error.message}`); // opening it now would be unsafe (the message says why), or it is busy
    process.exit(1);
  });
  if (creating) console.log(`Created a new Byline store at ${path.dirname(file)}.`);
  try {
    const repositories = repositoriesOf(store);
    const profiles = await repositories.profiles.count();
    // Each hint only while it is needed: the demo data on an empty store, a key while none is active.
    const steps = [];
    if (profiles === 0) steps.push('  npx byline demo');
    if (!(await repositories.apiKeys.hasActiveKey())) steps.push('  npx byline keys create --email you@example.org');
    const holds = profiles === 0 ? 'The store is empty.' : `Store (${store.kind}) holds ${profiles} profile(s).`;
    if (steps.length === 2) console.log(`${holds} Load the demo data set and create an API key:`);
    else if (profiles === 0) console.log(`${holds} Load the demo data set:`);
    else if (steps.length === 1) console.log(`${holds} No API key is active yet; create one:`);
    else console.log(`${holds} Its API keys: npx byline keys list --email EMAIL.`);
    for (const step of steps) console.log(step);
  } catch (error) {
    console.log(`The store does not answer yet (${error.message}); the services will keep retrying.`);
  } finally {
    await store.close();
  }
}

async function main() {
  build();
  const { loadConfig, ConfigError, CONFIG_ERROR_EXIT_CODE } = require(path.join(root, 'packages/shared/dist'));
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`byline: ${error.message}`);
      process.exit(CONFIG_ERROR_EXIT_CODE);
    }
    throw error;
  }
  await storeHint(config);

  const supervisor = supervise(
    SERVICES.map((service) => ({ name: service.name, args: [path.join(root, 'packages', service.name, 'dist', 'main.js')] })),
    // A service's own settings (the portal's SIGNIN_*, say) are checked when it starts: on that exit, stop.
    { cwd: root, env: process.env, fatalExitCode: CONFIG_ERROR_EXIT_CODE, onFatal: (code) => process.exit(code) },
  );
  for (const service of SERVICES) {
    console.log(`${service.name.padEnd(20)} http://localhost:${config[service.portKey]}${service.path}`);
  }

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      await supervisor.stop();
      process.exit(0);
    });
  }
}

main();
