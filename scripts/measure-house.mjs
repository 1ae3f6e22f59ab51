#!/usr/bin/env node
// node scripts/measure-house.mjs /path/to/checkout [--skip-duplicates] [--json out.json]
//
// The "one house" figures of a Byline checkout, measured the same way before and after the refactoring:
// adapter lines, adapter files naming cascade steps, src/ files holding test code, import cycles,
// exported names per package entry, `duplicates` pairs over packages/, README lines. Prints a markdown
// table whose every row says how it was counted, then the details (which files, which cycles).
//
// Needs: Node 24, git, the checkout's own node_modules/typescript, madge 8 (this repository's devDependency, or the
// checkout's), and the `duplicates` command on PATH (the tool library's; without it, pass --skip-duplicates).
// docs/house-figures.md holds the figures it printed for the commit before the refactoring began.
// It reads the checkout only (git ls-files, the sources); it writes nothing there.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const repo = path.resolve(args.find((a) => !a.startsWith('--')) ?? '.');
const skipDuplicates = args.includes('--skip-duplicates');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line) => process.stderr.write(`${line}\n`);

const git = (...a) =>
  execFileSync('git', ['-C', repo, ...a], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
const commit = git('rev-parse', '--short', 'HEAD').trim();
const dirty = git('status', '--porcelain', '--untracked-files=no').trim() !== '';
// Every count is over the files git tracks (as they are in the working tree), so build output, node_modules
// and stray files never count.
const tracked = git('ls-files', '-z').split('\0').filter(Boolean);
const read = (f) => fs.readFileSync(path.join(repo, f), 'utf8');
const lineCount = (text) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

const rows = []; // { figure, value, issue, rule }
const details = {};

// ---------------------------------------------------------------------------------------------------------------
// 1. Adapter files and lines. A file is an adapter file when it is tracked under packages/<pkg>/src/ and the
// package's folder, a folder below src/ or the file's own name names a database: "sqlite" or "mongo"
// (case-insensitive). So store/sqlite/migrations.ts and store/mongo/chunks.ts count, as does sqlite-publishers.ts,
// and so would every file of a package folder such as packages/store-sqlite/. Any file kind.
const SRC_FILE = /^packages\/[^/]+\/src\//;
const DATABASE_NAME = /sqlite|mongo/i;
const namesDatabase = (f) => DATABASE_NAME.test(f.replace(/^packages\/([^/]+)\/src\//, '$1/'));
const adapterFiles = tracked.filter((f) => SRC_FILE.test(f) && namesDatabase(f));
const adapterLines = adapterFiles.reduce((sum, f) => sum + lineCount(read(f)), 0);
const namedOnly = adapterFiles.filter((f) => DATABASE_NAME.test(path.basename(f)));
const namedOnlyLines = namedOnly.reduce((sum, f) => sum + lineCount(read(f)), 0);
// For the share the issue quotes ("42 % of shared+editorial"): all .ts lines under packages/{shared,editorial}/src.
const sharedEditorialTs = tracked.filter((f) => /^packages\/(shared|editorial)\/src\/.*\.ts$/.test(f));
const sharedEditorialLines = sharedEditorialTs.reduce((sum, f) => sum + lineCount(read(f)), 0);
const adapterLinesInSE = adapterFiles
  .filter((f) => /^packages\/(shared|editorial)\//.test(f))
  .reduce((sum, f) => sum + lineCount(read(f)), 0);
rows.push({
  figure: 'adapter lines',
  value: `${adapterLines} (${adapterFiles.length} files; ${Math.round((100 * adapterLinesInSE) / sharedEditorialLines)} % of shared+editorial src .ts)`,
  issue: '11 224 (98 files, 42 %)',
  rule: `lines (newline count) of tracked files under packages/*/src/ where the package folder, a folder below src/ or the file name matches ${DATABASE_NAME}`,
});
rows.push({
  figure: 'adapter lines, file name only (variant)',
  value: `${namedOnlyLines} (${namedOnly.length} files)`,
  issue: '–',
  rule: `as above, but only files whose own name matches ${DATABASE_NAME} (sqlite-*.ts, mongo-*.ts, mongodb-driver.ts …)`,
});
details.adapterFiles = adapterFiles;

// ---------------------------------------------------------------------------------------------------------------
// 2. Adapter files naming re-render, vouching, outbox or audit steps: adapter files (rule 1) whose text, comments
// included, matches the regex. The main row uses the regex that reproduces the issue's 44 of 98; the stricter one
// (audit and history too) is printed beside it, as the issue's words name audit steps as well.
const STEPS = /rerender|vouch|outbox/i;
const STEPS_WIDE = /rerender|re-render|vouch|outbox|history\.record|audit/i;
const stepFiles = adapterFiles.filter((f) => STEPS.test(read(f)));
const stepFilesWide = adapterFiles.filter((f) => STEPS_WIDE.test(read(f)));
rows.push({
  figure: 'adapter files naming re-render/vouching/outbox steps',
  value: `${stepFiles.length} of ${adapterFiles.length}`,
  issue: '44 of 98',
  rule: `adapter files (rule of row 1) whose text, comments included, matches ${STEPS}`,
});
rows.push({
  figure: 'the same, audit and history too (stricter)',
  value: `${stepFilesWide.length} of ${adapterFiles.length}`,
  issue: '–',
  rule: `adapter files whose text matches ${STEPS_WIDE}`,
});
// The same rule over code alone: comments and string literals left out (TypeScript's scanner), so that a comment
// pointing to the use case that keeps a rule, a data step's name or a stored field's name does not count — only an
// identifier an adapter would call or define.
const scanner = createRequire(path.join(repo, 'x.js'))('typescript');
const codeOnly = (text) => {
  const scan = scanner.createScanner(scanner.ScriptTarget.Latest, true, scanner.LanguageVariant.Standard, text);
  const kept = [];
  for (let kind = scan.scan(); kind !== scanner.SyntaxKind.EndOfFileToken; kind = scan.scan()) {
    if (kind === scanner.SyntaxKind.Identifier || kind === scanner.SyntaxKind.PrivateIdentifier) kept.push(scan.getTokenText());
  }
  return kept.join(' ');
};
const stepFilesCode = adapterFiles.filter((f) => /\.ts$/.test(f) && STEPS.test(codeOnly(read(f))));
rows.push({
  figure: 'adapter files whose code names those steps (identifiers only)',
  value: `${stepFilesCode.length} of ${adapterFiles.length}`,
  issue: '–',
  rule: `adapter .ts files with an identifier matching ${STEPS} (comments and strings left out)`,
});
details.stepFiles = stepFiles;
details.stepFilesWide = stepFilesWide;
details.stepFilesCode = stepFilesCode;

// ---------------------------------------------------------------------------------------------------------------
// 3. src/ files holding test code: tracked .ts/.tsx/.mts/.cts files under packages/<pkg>/src/ that use jest's
// globals — a call of describe/it/test (also .each/.only/.skip/.concurrent) whose first argument is a string
// literal, or any expect( call — or import from '@jest/globals' or 'vitest'. Counted outside packages/test-support
// (the main figure: production packages) and inside it (the testing package, whose src/ is test code by design).
const TEST_CODE =
  /(?:^|[^.\w$])(?:describe|it|test)(?:\.(?:each|only|skip|concurrent|todo)\b(?:\([^)]*\))?)*\(\s*['"`]|(?:^|[^.\w$])expect\(|from\s+['"](?:@jest\/globals|vitest)['"]/m;
const srcTs = tracked.filter((f) => SRC_FILE.test(f) && /\.(?:ts|tsx|mts|cts)$/.test(f) && !f.endsWith('.d.ts'));
const testCodeFiles = srcTs.filter((f) => TEST_CODE.test(read(f)));
const testCodeProd = testCodeFiles.filter((f) => !f.startsWith('packages/test-support/'));
const testCodeSupport = testCodeFiles.filter((f) => f.startsWith('packages/test-support/'));
rows.push({
  figure: 'src/ files holding test code (outside test-support)',
  value: String(testCodeProd.length),
  issue: '24',
  rule: `tracked .ts under packages/*/src/ except packages/test-support/, matching ${TEST_CODE}`,
});
rows.push({
  figure: 'the same, in packages/test-support/src',
  value: String(testCodeSupport.length),
  issue: '–',
  rule: 'same regex, files under packages/test-support/src/ (a testing package: its src/ is test code by design)',
});
details.testCodeProd = testCodeProd;
details.testCodeSupport = testCodeSupport;

// ---------------------------------------------------------------------------------------------------------------
// 4. Import cycles, with madge 8 over every packages/*/src, .ts files, the root tsconfig.json (its paths map
// @byline/* to the packages' src, so imports between packages are followed; `import type` counts, madge's
// default). File-level: madge's own --circular list (one cycle per back edge its depth-first walk meets; the same
// as `madge --circular --extensions ts --ts-config tsconfig.json packages/*/src`). Package-level: the elementary
// cycles of the graph whose nodes are packages and whose edges are the file imports that cross packages.
const requireHere = createRequire(path.join(here, 'x.js'));
const requireRepo = createRequire(path.join(repo, 'x.js'));
const madge = (() => {
  try {
    return requireHere('madge');
  } catch {
    return requireRepo('madge');
  }
})();
const madgeVersion = (() => {
  try {
    return requireHere('madge/package.json').version;
  } catch {
    return requireRepo('madge/package.json').version;
  }
})();
const srcDirs = fs
  .readdirSync(path.join(repo, 'packages'))
  .map((p) => `packages/${p}/src`)
  .filter((d) => fs.existsSync(path.join(repo, d)))
  .sort();
log(`madge ${madgeVersion} over ${srcDirs.length} src folders…`);
const cwd = process.cwd();
process.chdir(repo);
const graph = await madge(srcDirs, {
  fileExtensions: ['ts'],
  tsConfig: path.join(repo, 'tsconfig.json'),
});
process.chdir(cwd);
const fileCycles = graph.circular();
const deps = graph.obj();
const pkgOf = (f) => f.split('/')[0]; // madge names files relative to the common base, packages/
const pkgEdges = new Map();
for (const [from, tos] of Object.entries(deps)) {
  for (const to of tos) {
    if (pkgOf(from) === pkgOf(to)) continue;
    if (!pkgEdges.has(pkgOf(from))) pkgEdges.set(pkgOf(from), new Map());
    const m = pkgEdges.get(pkgOf(from));
    if (!m.has(pkgOf(to))) m.set(pkgOf(to), []);
    m.get(pkgOf(to)).push(`${from} → ${to}`);
  }
}
const pkgCycles = elementaryCycles(pkgEdges);
// Check that madge followed every import of another workspace package (through tsconfig.json's paths): a file
// importing '@byline/x…' must have an edge in madge's graph to a file of x's folder. Otherwise the package-level
// figure (and cycles through that import) would be missed: the row below must read 0.
const folderOfName = new Map();
for (const p of fs.readdirSync(path.join(repo, 'packages'))) {
  const pj = path.join(repo, 'packages', p, 'package.json');
  if (fs.existsSync(pj)) folderOfName.set(JSON.parse(fs.readFileSync(pj, 'utf8')).name, p);
}
const unresolved = [];
let crossImports = 0;
for (const f of tracked.filter((t) => SRC_FILE.test(t) && /\.ts$/.test(t) && !t.endsWith('.d.ts'))) {
  const own = f.split('/')[1];
  const key = f.replace(/^packages\//, '');
  for (const m of read(f).matchAll(
    /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    const spec = m[1] ?? m[2];
    const name = [...folderOfName.keys()].find((n) => spec === n || spec.startsWith(`${n}/`));
    if (!name || folderOfName.get(name) === own) continue;
    const target = folderOfName.get(name);
    crossImports += 1;
    if (!(deps[key] ?? []).some((d) => d.startsWith(`${target}/`))) unresolved.push(`${f}: ${spec}`);
  }
}
details.unresolved = unresolved;
// File-level strongly connected components (each holds one or more cycles), for a count that does not depend on
// the order madge walks in.
const fileSccs = stronglyConnected(new Map(Object.entries(deps).map(([k, v]) => [k, new Map(v.map((d) => [d, 1]))]))).filter(
  (c) => c.length > 1,
);
rows.push({
  figure: 'import cycles, file level (madge --circular)',
  value: String(fileCycles.length),
  issue: '11',
  rule: `madge ${madgeVersion} --circular --extensions ts --ts-config tsconfig.json ${srcDirs.length > 0 ? 'packages/*/src' : ''}`,
});
rows.push({
  figure: 'files in import cycles (non-trivial SCCs)',
  value: `${fileSccs.reduce((s, c) => s + c.length, 0)} files in ${fileSccs.length} SCCs`,
  issue: '–',
  rule: 'strongly connected components of madge’s file graph with more than one file',
});
rows.push({
  figure: 'import cycles, package level',
  value: String(pkgCycles.length),
  issue: '– (“the package cycles”)',
  rule: 'elementary cycles among packages, an edge where any file of one imports a file of the other (madge’s graph)',
});
rows.push({
  figure: 'imports of another package madge did not follow',
  value: `${unresolved.length} of ${crossImports}`,
  issue: '–',
  rule: 'must be 0 for the cycle rows to be complete: a file importing @byline/x with no madge edge into packages/x/',
});
details.fileCycles = fileCycles;
details.pkgCycles = pkgCycles.map((c) => ({
  cycle: [...c, c[0]].join(' → '),
  edges: c.map((p, i) => {
    const e = pkgEdges.get(p).get(c[(i + 1) % c.length]);
    return `${p} → ${c[(i + 1) % c.length]}: ${e.length} imports, e.g. ${e.slice(0, 3).join('; ')}`;
  }),
}));

// ---------------------------------------------------------------------------------------------------------------
// 5. Exported names per package entry: for each packages/<pkg>/package.json, its "exports" entries (every
// subpath except ./package.json; the "types" or else "default"/"require"/"import" target) or, without "exports",
// its "main"; the target mapped to its source (dist/ or esm/ → src/, .d.ts/.js/.mjs/.d.mts → .ts). The names:
// TypeScript's checker.getExportsOfModule on that source file (`export *` followed; values and types alike),
// one program over all entries with the root tsconfig.json's options, the checkout's own typescript.
const ts = requireRepo('typescript');
const entries = [];
for (const pkg of fs.readdirSync(path.join(repo, 'packages')).sort()) {
  const pj = path.join(repo, 'packages', pkg, 'package.json');
  if (!fs.existsSync(pj)) continue;
  const json = JSON.parse(fs.readFileSync(pj, 'utf8'));
  const targets = [];
  const pick = (t) => {
    if (typeof t === 'string') return t;
    if (t && typeof t === 'object') {
      for (const k of ['types', 'require', 'default', 'import', 'node']) if (k in t) return pick(t[k]);
    }
    return undefined;
  };
  if (json.exports && typeof json.exports === 'object' && !Array.isArray(json.exports)) {
    const keys = Object.keys(json.exports);
    const subpaths = keys.every((k) => k.startsWith('.')) ? keys : ['.'];
    for (const sub of subpaths) {
      if (sub === './package.json') continue;
      const t = pick(keys.every((k) => k.startsWith('.')) ? json.exports[sub] : json.exports);
      if (t) targets.push([sub, t]);
    }
  } else if (typeof json.exports === 'string') targets.push(['.', json.exports]);
  else if (json.main) targets.push(['. (main)', json.main]);
  for (const [sub, target] of targets) {
    if (sub.includes('*')) {
      // A subpath pattern ("./*": modules by path): every module of src/ is an entry of its own.
      const modules = listModules(path.join(repo, 'packages', pkg, 'src'));
      for (const file of modules) entries.push({ pkg: json.name ?? pkg, sub, target, file, byPath: true });
      continue;
    }
    const source = target
      .replace(/^\.\//, '')
      .replace(/^(dist|esm|lib|build)\//, 'src/')
      .replace(/\.d\.(m|c)?ts$/, '.ts')
      .replace(/\.(m|c)?js$/, '.ts');
    entries.push({
      pkg: json.name ?? pkg,
      sub,
      target,
      file: path.join(repo, 'packages', pkg, source),
    });
  }
}
function listModules(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listModules(p));
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}
const config = ts.readConfigFile(path.join(repo, 'tsconfig.json'), ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, repo);
const program = ts.createProgram(
  entries.filter((e) => fs.existsSync(e.file)).map((e) => e.file),
  { ...parsed.options, noEmit: true },
);
const checker = program.getTypeChecker();
const perPackage = new Map();
for (const e of entries) {
  const sf = program.getSourceFile(e.file);
  const sym = sf && checker.getSymbolAtLocation(sf);
  if (!sym) {
    e.names = undefined;
    continue;
  }
  const exported = checker.getExportsOfModule(sym);
  e.names = exported.length;
  e.values = exported.filter((s) => {
    const t = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    return (t.flags & ts.SymbolFlags.Value) !== 0;
  }).length;
  if (!perPackage.has(e.pkg)) perPackage.set(e.pkg, new Set());
  for (const s of exported) perPackage.get(e.pkg).add(s.name);
}
for (const e of entries) {
  if (e.byPath) continue;
  rows.push({
    figure: `exported names, ${e.pkg}${e.sub === '.' || e.sub === '. (main)' ? '' : e.sub.slice(1)}${e.sub === '. (main)' ? ' (main)' : ''}`,
    value: e.names === undefined ? `no source (${path.relative(repo, e.file)})` : `${e.names} (${e.values} values)`,
    issue: { '@byline/editorial . (main)': '501', '@byline/editorial .': '501' }[`${e.pkg} ${e.sub}`] ?? '–',
    rule: `getExportsOfModule(${path.relative(repo, e.file)})`,
  });
}
for (const pkg of new Set(entries.filter((e) => e.byPath).map((e) => e.pkg))) {
  const counts = entries
    .filter((e) => e.byPath && e.pkg === pkg && e.names !== undefined)
    .map((e) => e.names)
    .sort((a, b) => a - b);
  rows.push({
    figure: `exported names, ${pkg}, modules by path ("./*")`,
    value: `${counts.length} modules; names per module: median ${counts[Math.floor(counts.length / 2)]}, max ${counts.at(-1)}`,
    issue: '–',
    rule: `getExportsOfModule of each src/**/*.ts of the package (a subpath pattern makes each module an entry)`,
  });
}
for (const [pkg, names] of perPackage) {
  const own = entries.filter((e) => e.pkg === pkg && e.names !== undefined && !e.byPath);
  if (own.length > 1) {
    rows.push({
      figure: `exported names, ${pkg}, sum over its ${own.length} entries`,
      value: `${own.reduce((s, e) => s + e.names, 0)} (${names.size} distinct)`,
      issue: { '@byline/shared': '597' }[pkg] ?? '–',
      rule: `sum of the entry rows above (a name exported by two entries counts twice); distinct: the union`,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 6. `duplicates --repo packages --most 200 --seconds 600`, run in the checkout (its git answers which files there
// are): the pairs it counts in its first line ("N pairs of places (M files read)…"); it prints at most 200 of them
// as rows. --seconds 600 only lets it finish on a loaded machine (its default, 20 s, ran out once here); a complete
// run counts the same with either.
if (!skipDuplicates) {
  log('duplicates --repo packages --most 200 --seconds 600…');
  let out = '';
  try {
    out = execFileSync('duplicates', ['--repo', 'packages', '--most', '200', '--seconds', '600'], {
      cwd: repo,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
  } catch (error) {
    out = String(error.stdout ?? '') + String(error.message);
  }
  const lines = out.split('\n');
  const dupRows = lines.filter((l) => /^D\d+ /.test(l)).length;
  const more = /\(\+(\d+) more pairs\)/.exec(out);
  const header = lines[0] ?? '';
  const pairs = /(\d[\d,]*)\s+pairs?/.exec(header);
  rows.push({
    figure: 'duplicates pairs over packages/',
    value: `${pairs ? pairs[1] : '?'} pairs (${dupRows} rows shown${more ? ` + ${more[1]} more` : ''})${/^incomplete/m.test(out) ? ' INCOMPLETE' : ''}`,
    issue: '244',
    rule: '`duplicates --repo packages --most 200 --seconds 600` in the checkout: the pair count of its first line (= rows D1… + "(+N more pairs)")',
  });
  details.duplicatesHeader = header;
  details.duplicatesTail = lines.filter((l) => /^(left out|incomplete|\(\+)/.test(l));
}

// ---------------------------------------------------------------------------------------------------------------
// 7. README lines and words: README.md at the checkout's root.
const readme = fs.existsSync(path.join(repo, 'README.md')) ? read('README.md') : '';
rows.push({
  figure: 'README lines',
  value: `${lineCount(readme)} (${readme.split(/\s+/).filter(Boolean).length} words)`,
  issue: '1 854 (23 500 words)',
  rule: 'newline count of README.md at the root (words: whitespace-separated)',
});

// ---------------------------------------------------------------------------------------------------------------
const cell = (s) => String(s).replace(/\|/g, '\\|');
process.stdout.write(`Measured at ${commit}${dirty ? ' (with uncommitted changes)' : ''} by measure-house.mjs\n\n`);
process.stdout.write('| figure | value | issue says | how counted |\n| --- | ---: | ---: | --- |\n');
for (const r of rows) process.stdout.write(`| ${cell(r.figure)} | ${cell(r.value)} | ${cell(r.issue)} | ${cell(r.rule)} |\n`);
process.stdout.write('\n<details><summary>details</summary>\n\n');
process.stdout.write(`File-level cycles (madge):\n${fileCycles.map((c, i) => `${i + 1}. ${c.join(' → ')}`).join('\n')}\n\n`);
process.stdout.write(
  `Package-level cycles:\n${details.pkgCycles.map((c, i) => `${i + 1}. ${c.cycle}\n${c.edges.map((e) => `   - ${e}`).join('\n')}`).join('\n')}\n\n`,
);
process.stdout.write(`src/ files holding test code (outside test-support):\n${testCodeProd.map((f) => `- ${f}`).join('\n')}\n\n`);
process.stdout.write(`Adapter files naming steps (${STEPS}):\n${stepFiles.map((f) => `- ${f}`).join('\n')}\n\n`);
process.stdout.write(`Adapter files whose code names steps:\n${stepFilesCode.map((f) => `- ${f}`).join('\n')}\n\n`);
if (unresolved.length > 0)
  process.stdout.write(`Imports madge did not follow:\n${unresolved.map((u) => `- ${u}`).join('\n')}\n\n`);
if (details.duplicatesHeader !== undefined)
  process.stdout.write(`duplicates: ${details.duplicatesHeader}\n${details.duplicatesTail.join('\n')}\n\n`);
process.stdout.write('</details>\n');
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ commit, dirty, rows, details }, null, 2));

// Johnson-free small enumeration: elementary cycles of a small graph (packages), each once, starting from its least node.
function elementaryCycles(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort();
  const out = [];
  for (const start of nodes) {
    const walk = (node, pathSoFar, seen) => {
      for (const next of (edges.get(node) ?? new Map()).keys()) {
        if (next === start) out.push([...pathSoFar]);
        else if (next > start && !seen.has(next)) walk(next, [...pathSoFar, next], new Set([...seen, next]));
      }
    };
    walk(start, [start], new Set([start]));
  }
  return out;
}

// Tarjan's strongly connected components.
function stronglyConnected(edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of (edges.get(v) ?? new Map()).keys()) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      out.push(c);
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out;
}
