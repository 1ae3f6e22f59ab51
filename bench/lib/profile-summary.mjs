// Reads a V8 .cpuprofile (node --cpu-prof) and tells where the time went: self time by function and by module.
import fs from 'node:fs';

function moduleOf(url, functionName) {
  if (!url) return functionName; // (garbage collector), (idle), (program), native calls such as writev
  const dependency = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1];
  const own = /\/packages\/(.+)$/.exec(url);
  if (own) return own[1].replace('/dist/', '/');
  return url.startsWith('node:') ? url : url.replace(/^file:\/\//, '');
}

/** The `top` largest shares of self time, by function and by module, as fractions of all samples. */
export function summariseProfile(file, top = 12) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map();
  const byModule = new Map();
  for (const id of profile.samples) {
    const { callFrame } = nodes.get(id);
    const module = moduleOf(callFrame.url, callFrame.functionName);
    const fn = callFrame.url ? `${callFrame.functionName || '(anonymous)'} (${module}:${callFrame.lineNumber + 1})` : module;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + 1);
    byModule.set(module, (byModule.get(module) ?? 0) + 1);
  }
  const share = (counts) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, n]) => ({ name, share: Number((n / profile.samples.length).toFixed(3)) }));
  return { samples: profile.samples.length, byModule: share(byModule), byFunction: share(byFunction) };
}

/** The newest .cpuprofile in `dir`, or null. */
export function newestProfile(dir) {
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => `${dir}/${name}`);
  return files.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0] ?? null;
}
