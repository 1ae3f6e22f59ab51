/**
 * The Node.js line Byline runs on (the repository's .nvmrc and `engines` say the same; a test holds them together).
 * An older Node loads better-sqlite3's binary (built for Node-API 10) and dies with a bare "Segmentation fault", so
 * every entry point asks first, before anything native is loaded: see check-node-line.ts.
 *
 * This file imports nothing: it must load on any Node.js.
 */
export const NODE_LINE = 24;
/** The oldest release of the line that is supported (`engines`: >=24.11). */
export const NODE_MINIMUM = '24.11.0';

const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number);

/** Older than NODE_MINIMUM? Newer lines are let through (Node-API binaries load on them). */
function tooOld(version: string): boolean {
  const [major = 0, minor = 0, patch = 0] = parts(version);
  const [wantMajor = 0, wantMinor = 0, wantPatch = 0] = parts(NODE_MINIMUM);
  if (major !== wantMajor) return major < wantMajor;
  if (minor !== wantMinor) return minor < wantMinor;
  return patch < wantPatch;
}

/**
 * What to tell a person who runs `who` on this Node.js, or null when it is a supported one. The two lines are the
 * README's Quick start (the npm registry's `node` package, for this platform).
 */
export function nodeLineProblem(
  who: string,
  version: string = process.versions.node,
  platform: string = `${process.platform}-${process.arch}`,
): string | null {
  if (!tooOld(version)) return null;
  return [
    `${who}: needs Node.js ${NODE_LINE} (≥ ${NODE_MINIMUM.replace(/\.0$/, '')}); this is Node.js ${version.replace(/^v/, '')}, which cannot run it.`,
    `Use Node.js ${NODE_LINE}: with nvm, \`nvm install\` in the repository; without a version manager (the README's Quick start):`,
    `  npm install --prefix ~/.cache/byline-node/${NODE_LINE} node@${NODE_LINE}`,
    `  export PATH=~/.cache/byline-node/${NODE_LINE}/node_modules/node/node_modules/node-${platform}/bin:$PATH`,
    '',
  ].join('\n');
}

/** Exits 1 with that message when this Node.js cannot run Byline. */
export function exitUnlessSupportedNode(who: string): void {
  const problem = nodeLineProblem(who);
  if (problem === null) return;
  process.stderr.write(problem);
  process.exit(1);
}
