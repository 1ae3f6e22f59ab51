/**
 * A host and each of its parent domains, longest first, down to two labels (`a.news.example.org` →
 * `a.news.example.org`, `news.example.org`, `example.org`): the domains that may cover it. A lone top-level label
 * never does. Empty for a host that is not a dotted name.
 */
export function hostSuffixes(host: string): string[] {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length < 2 || labels.some((label) => !label)) return [];
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}
