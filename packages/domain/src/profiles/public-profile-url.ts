/** A journalist's public profile page on the portal at `portalUrl`: what rel="me" links and credentials name. */
export function publicProfileUrl(portalUrl: string, slug: string): string {
  return `${portalUrl.replace(/\/+$/, '')}/j/${encodeURIComponent(slug)}`;
}
