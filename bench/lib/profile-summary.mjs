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

/** Now, in µs of the clock V8's profiles are timed by, to pick a window of a profile's samples. */
export const microsNow = () => Number(process.hrtime.bigint() / 1000n);

/** When each sample was taken, in µs of the monotonic clock (that of process.hrtime, in every process). */
function sampleTimes(profile) {
  const times = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((time += delta));
  return times;
}

/**
 * The `top` largest shares of self time, by function and by module, as fractions of the samples taken
 * between `fromMicros` and `toMicros` (process.hrtime's clock; all samples if not given), and the
 * length of that window in µs.
 */
export function summariseProfile(file, { top = 12, fromMicros = -Infinity, toMicros = Infinity } = {}) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = sampleTimes(profile);
  const byFunction = new Map();
  const byModule = new Map();
  let samples = 0;
  profile.samples.forEach((id, index) => {
    if (times[index] < fromMicros || times[index] > toMicros) return;
    samples++;
    const { callFrame } = nodes.get(id);
    const module = moduleOf(callFrame.url, callFrame.functionName);
    const fn = callFrame.url ? `${callFrame.functionName || '(anonymous)'} (${module}:${callFrame.lineNumber + 1})` : module;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + 1);
    byModule.set(module, (byModule.get(module) ?? 0) + 1);
  });
  const share = (counts) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, n]) => ({ name, share: Number((n / samples).toFixed(3)) }));
  const windowMicros = Math.min(toMicros, profile.endTime) - Math.max(fromMicros, profile.startTime);
  return { samples, windowMicros, byModule: share(byModule), byFunction: share(byFunction) };
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
