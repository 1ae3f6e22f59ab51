#!/usr/bin/env node
// node scripts/check-import-cycles.mjs — part of `npm run lint`.
//
// Also fails when a package imports one it may not (LAYERS below): the rules know no database, only the selector
// reaches the store packages, the verifiers import only the HTTP frame and the shared package.
//
// Fails when the packages' sources import in a circle, at two levels:
// - files: madge's cycles over every packages/*/src (.ts, the root tsconfig.json, whose paths map @byline/* to the
//   packages' src so imports between packages are followed; `import type` counts, madge's default). The same list
//   as `npx madge --circular --extensions ts --ts-config tsconfig.json packages/*/src`. Only the cycles of
//   ALLOWED_FILE_CYCLES pass, and each of them must still exist, so the list cannot outlive its cycles;
// - packages: an edge A → B when a file of packages/A/src imports one of packages/B/src (madge's file graph, as
//   `madge --json` prints it); any cycle among packages fails, with no exception.
// A cycle means neither side can be read, tested or built without the other; break it by moving what both need
// into a small file both import, or by making the lower side take what it needs as a parameter.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

/**
 * File cycles still to be broken, as madge lists them (file names relative to packages/), each with why it is
 * allowed for now. Empty: a new cycle fails, with no exception.
 */
const ALLOWED_FILE_CYCLES = [];

/**
 * Which packages each package's src/ may import (folder names under packages/). A package not listed may import any
 * other; an edge a listed package has beyond its list fails.
 */
const LAYERS = {
  fetcher: [],
  domain: ['fetcher'],
  'store-sqlite': ['domain'],
  'store-mongodb': ['domain'],
  shared: ['domain', 'store-sqlite', 'store-mongodb'],
  http: ['domain', 'fetcher', 'shared'],
  'article-verifier': ['http', 'shared'],
  'journalist-verifier': ['http', 'shared'],
  editorial: ['domain', 'fetcher', 'shared'],
  // The client imports no other package, so the CLI verifies credentials with the code relying parties use.
  cli: ['client', 'domain', 'editorial', 'fetcher', 'shared'],
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const srcDirs = fs
  .readdirSync('packages')
  .map((name) => `packages/${name}/src`)
  .filter((dir) => fs.existsSync(dir))
  .sort();
const graph = await madge(srcDirs, { fileExtensions: ['ts'], tsConfig: path.join(root, 'tsconfig.json') });
const files = graph.obj();
const problems = [];

// A cycle is the same whichever of its files madge's walk entered it by: compare them from their least file.
const cycleKey = (cycle) => {
  const start = cycle.indexOf([...cycle].sort()[0]);
  return [...cycle.slice(start), ...cycle.slice(0, start)].join(' > ');
};
const found = new Map(graph.circular().map((cycle) => [cycleKey(cycle), cycle]));
const allowed = new Map(ALLOWED_FILE_CYCLES.map((cycle) => [cycleKey(cycle), cycle]));
const show = (cycles) => cycles.map((cycle) => `  ${cycle.join(' > ')}`).join('\n');

console.log(`Import cycles: madge over ${srcDirs.join(', ')} (${Object.keys(files).length} files).`);
if (allowed.size) console.log(`Allowed for now (ALLOWED_FILE_CYCLES, ${allowed.size}):\n${show([...allowed.values()])}`);
const newCycles = [...found].filter(([key]) => !allowed.has(key)).map(([, cycle]) => cycle);
const goneCycles = [...allowed].filter(([key]) => !found.has(key)).map(([, cycle]) => cycle);
if (newCycles.length) problems.push(`File cycles (${newCycles.length}):\n${show(newCycles)}`);
if (goneCycles.length) {
  problems.push(`Allowed cycles madge no longer finds; take them out of ALLOWED_FILE_CYCLES:\n${show(goneCycles)}`);
}

// madge names files relative to packages/, so a file's package is its first folder.
const packageOf = (file) => file.split('/')[0];
const packageEdges = new Map();
for (const [from, imports] of Object.entries(files)) {
  for (const to of imports) {
    if (packageOf(from) === packageOf(to)) continue;
    const edges = packageEdges.get(packageOf(from)) ?? new Map();
    packageEdges.set(packageOf(from), edges);
    edges.set(packageOf(to), [...(edges.get(packageOf(to)) ?? []), `${from} → ${to}`]);
  }
}
const packageCycles = elementaryCycles(packageEdges);
console.log(
  `Package imports: ${[...packageEdges].map(([from, to]) => `${from} → ${[...to.keys()].sort().join(', ')}`).join('; ')}.`,
);
for (const cycle of packageCycles) {
  const steps = cycle.map((from, i) => {
    const to = cycle[(i + 1) % cycle.length];
    const imports = packageEdges.get(from).get(to);
    return `    ${from} → ${to}: ${imports.length} imports, e.g. ${imports.slice(0, 2).join('; ')}`;
  });
  problems.push(`Package cycle ${[...cycle, cycle[0]].join(' → ')}:\n${steps.join('\n')}`);
}

for (const [from, allowedTo] of Object.entries(LAYERS)) {
  for (const [to, imports] of packageEdges.get(from) ?? []) {
    if (!allowedTo.includes(to)) {
      problems.push(`${from} may not import ${to} (LAYERS): ${imports.length} imports, e.g. ${imports.slice(0, 2).join('; ')}`);
    }
  }
}

// The package graph holds only the imports madge followed: an @byline/x import it could not resolve (a paths entry
// missing from tsconfig.json) would hide a package cycle, so it fails too.
const folderOfPackage = new Map(
  srcDirs.map((dir) => [JSON.parse(fs.readFileSync(path.join(dir, '..', 'package.json'), 'utf8')).name, dir.split('/')[1]]),
);
for (const [file, imports] of Object.entries(files)) {
  const text = fs.readFileSync(path.join('packages', file), 'utf8');
  // from '@byline/x…', import '@byline/x…' and import('@byline/x…')
  for (const [, name] of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)'(@byline\/[^/']+)[^']*'/g)) {
    const target = folderOfPackage.get(name);
    if (target && target !== packageOf(file) && !imports.some((to) => packageOf(to) === target)) {
      problems.push(`madge did not follow ${file}'s import of ${name} (a paths entry in tsconfig.json?)`);
    }
  }
}

if (problems.length) {
  console.error(`\n${problems.join('\n\n')}\n`);
  process.exit(1);
}
console.log(`No import cycles beyond the ${allowed.size} allowed; no package cycles; every package within its layer.`);

/** Every elementary cycle of a small graph (the packages), each once, from its least node. */
function elementaryCycles(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to.keys()])])].sort();
  const cycles = [];
  const walk = (start, node, pathSoFar) => {
    for (const next of edges.get(node)?.keys() ?? []) {
      if (next === start) cycles.push(pathSoFar);
      else if (next > start && !pathSoFar.includes(next)) walk(start, next, [...pathSoFar, next]);
    }
  };
  for (const start of nodes) walk(start, start, [start]);
  return cycles;
}
