#!/usr/bin/env node
// The package mirror this project installs from serves only the platform builds it needs, so npm leaves
// other platforms' optional bindings (e.g. @unrs/resolver-binding-darwin-arm64) out of package-lock.json
// while still listing them under their parent's optionalDependencies — and `npm ci` then refuses the lock.
// Run after `npm install` changes the lockfile: drops optional dependencies that the lockfile has no entry for.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
let dropped = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (!lock.packages[`node_modules/${name}`] && !lock.packages[nested]) {
      delete entry.optionalDependencies[name];
      dropped++;
    }
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`prune-lockfile-optionals: dropped ${dropped} optional dependency reference(s) absent from the lockfile`);
