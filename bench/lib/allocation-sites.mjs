/**
 * A sampled heap profile (V8's SamplingHeapProfile) as bytes allocated per request, in all and by site: the function
 * that allocated, the one that called it and the one above that (`file:line`, node_modules and packages/ left off).
 */
export function allocationSites(profile, requests) {
  const bySite = new Map();
  const frameName = ({ functionName, url, lineNumber }) =>
    `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/.*packages\//, '')}:${lineNumber + 1}`;
  const visit = (node, callers) => {
    const stack = [...callers, frameName(node.callFrame)].slice(-3);
    const site = [...stack].reverse().join(' ← ');
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child, stack);
  };
  visit(profile.head, []);
  const total = [...bySite.values()].reduce((sum, bytes) => sum + bytes, 0);
  const sites = [...bySite]
    .map(([site, bytes]) => ({ site, bytes: bytes / requests }))
    .filter(({ bytes }) => bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  return { perRequest: total / requests, sites };
}
