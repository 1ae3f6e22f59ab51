#!/usr/bin/env node
// The root's install step (package.json "postinstall"): makes sure better-sqlite3 has a binary for this machine.
//
// better-sqlite3 ships prebuilt binaries for the common platforms (Linux x64/arm64 with glibc or musl, macOS,
// Windows) and loads them by itself. npm would still run its implicit `node-gyp rebuild` (npm ci reads the lockfile,
// which does not carry the package's `gypfile: false`), and node-gyp first downloads Node's headers from nodejs.org,
// even though that build compiles nothing where a prebuilt binary fits: so `npm ci` failed wherever only the npm
// registry is reachable. The root's package.json therefore denies better-sqlite3's install scripts (allowScripts),
// and this step compiles it only where no prebuilt binary fits, against the running Node's own headers when they
// are there (the npm registry's `node` package and official tarballs ship them in <prefix>/include/node), so that
// only a machine without them needs nodejs.org. It loads nothing native itself.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const say = (line) => process.stderr.write(`byline (install): ${line}\n`);

/** The installed better-sqlite3's directory, or null when this install has none (a partial workspace install). */
function packageDir() {
  try {
    return path.dirname(require.resolve('better-sqlite3/package.json'));
  } catch {
    return null;
  }
}

/** The running Node's own headers, when its installation has them and they are of this very version. */
export function localNodeDir(execPath = process.execPath, version = process.versions.node) {
  const prefix = path.dirname(path.dirname(execPath));
  const header = path.join(prefix, 'include', 'node', 'node_version.h');
  if (!existsSync(header)) return null;
  const text = readFileSync(header, 'utf8');
  const part = (name) => new RegExp(`#define\\s+NODE_${name}_VERSION\\s+(\\d+)`).exec(text)?.[1];
  const found = [part('MAJOR'), part('MINOR'), part('PATCH')].join('.');
  return found === version ? prefix : null;
}

/** node-gyp's script: the one npm gives its lifecycle scripts, else the one installed here. */
function nodeGyp() {
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp)) return process.env.npm_config_node_gyp;
  try {
    return require.resolve('node-gyp/bin/node-gyp.js');
  } catch {
    return null;
  }
}

function main() {
  const dir = packageDir();
  if (!dir) return 0;
  const binding = require(path.join(dir, 'lib', 'binding.js'));
  const built = ['Release', 'Debug'].some((type) => existsSync(path.join(dir, 'build', type, 'better_sqlite3.node')));
  if (built || binding.getPrebuildPath()) return 0;

  say(
    `better-sqlite3 has no prebuilt binary for ${process.platform}-${process.arch}: compiling it (needs python3, make and a C++ compiler).`,
  );
  const gyp = nodeGyp();
  if (!gyp) {
    say('node-gyp is not installed: run `npm ci` again with npm ≥ 10 (it provides node-gyp), or install node-gyp.');
    return 1;
  }
  const args = [gyp, 'rebuild', '--release'];
  const headers = process.env.npm_config_nodedir ? null : localNodeDir();
  if (headers) args.push(`--nodedir=${headers}`);
  else if (!process.env.npm_config_nodedir)
    say("this Node's installation has no headers: node-gyp downloads them from nodejs.org (or set npm_config_nodedir).");
  const result = spawnSync(process.execPath, args, { cwd: dir, stdio: 'inherit' });
  return result.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
