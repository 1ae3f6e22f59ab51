// The repository's scripts (npm start, the bench, the install step) run before anything is built, so they cannot load
// @byline/shared's check (packages/domain/src/runtime/node-line.ts): this is the same rule and message in plain
// JavaScript, and a test (packages/shared/test/node-line.test.ts) keeps the two, .nvmrc and `engines` in agreement.
// It imports nothing: it must load on any Node.js.
export const NODE_LINE = 24;
export const NODE_MINIMUM = '24.11.0';

const parts = (version) => version.replace(/^v/, '').split('.').map(Number);

function tooOld(version) {
  const [major = 0, minor = 0, patch = 0] = parts(version);
  const [wantMajor, wantMinor, wantPatch] = parts(NODE_MINIMUM);
  if (major !== wantMajor) return major < wantMajor;
  if (minor !== wantMinor) return minor < wantMinor;
  return patch < wantPatch;
}

export function nodeLineProblem(who, version = process.versions.node, platform = `${process.platform}-${process.arch}`) {
  if (!tooOld(version)) return null;
  return [
    `${who}: needs Node.js ${NODE_LINE} (≥ ${NODE_MINIMUM.replace(/\.0$/, '')}); this is Node.js ${version.replace(/^v/, '')}, which cannot run it.`,
    `Use Node.js ${NODE_LINE}: with nvm, \`nvm install\` in the repository; without a version manager (the README's Quick start):`,
    `  npm install --prefix ~/.cache/byline-node/${NODE_LINE} node@${NODE_LINE}`,
    `  export PATH=~/.cache/byline-node/${NODE_LINE}/node_modules/node/node_modules/node-${platform}/bin:$PATH`,
    '',
  ].join('\n');
}

export function exitUnlessSupportedNode(who) {
  const problem = nodeLineProblem(who);
  if (problem === null) return;
  process.stderr.write(problem);
  process.exit(1);
}
