#!/usr/bin/env node
// `npm start`: builds what is out of date, then runs every Byline service on this machine, each in its own process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const SERVICES = [
  { name: 'article-verifier', portKey: 'articleVerifierPort', path: '/api/verify_article' },
  { name: 'journalist-verifier', portKey: 'journalistVerifierPort', path: '/api/v1/verify_journalist' },
  { name: 'portal', portKey: 'portalPort', path: '/' },
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
  const { openStore } = require(path.join(root, 'packages/shared/dist'));
  const store = await openStore(config);
  try {
    const profiles = await store.countProfiles();
    if (profiles === 0) {
      console.log('The store is empty. Load the demo data set and create an API key:');
      console.log('  npx byline demo');
      console.log('  npx byline keys create --email you@example.org');
    } else {
      console.log(
        `Store (${store.kind}) holds ${profiles} profile(s). Create an API key with: npx byline keys create --email you@example.org`,
      );
    }
  } catch (error) {
    console.log(`The store does not answer yet (${error.message}); the services will keep retrying.`);
  } finally {
    await store.close();
  }
}

async function main() {
  build();
  const { loadConfig, ConfigError } = require(path.join(root, 'packages/shared/dist'));
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`byline: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  await storeHint(config);

  const children = SERVICES.map((service) => {
    const child = spawn(process.execPath, [path.join(root, 'packages', service.name, 'dist', 'main.js')], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
    child.on('exit', (code, signal) => {
      if (!stopping) {
        console.error(`byline: ${service.name} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
        stop(code || 1);
      }
    });
    return child;
  });
  for (const service of SERVICES) {
    console.log(`${service.name.padEnd(20)} http://localhost:${config[service.portKey]}${service.path}`);
  }

  let stopping = false;
  let exitCode = 0;
  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
  await Promise.all(
    children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve)))),
  );
  process.exit(exitCode);
}

main();
