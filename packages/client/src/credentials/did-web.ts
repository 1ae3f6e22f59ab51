/**
 * Where a did:web document is (W3C did:web): the host (a port encoded as `%3A`), then the path's segments joined
 * by `:`; `https://HOST/.well-known/did.json` without a path, `https://HOST/PATH/did.json` with one. Null for any
 * other DID, or one whose parts do not make an https address.
 */
export function didWebAddressOf(did: string): string | null {
  const parts = did.split(':');
  if (parts.length < 3 || parts[0] !== 'did' || parts[1] !== 'web') return null;
  try {
    const [host, ...path] = parts.slice(2).map(decodeURIComponent);
    if (!host || /[/?#@\s]/.test(host) || path.some((segment) => !segment || /[/?#]/.test(segment))) return null;
    const url = new URL(`https://${host}`);
    url.pathname = path.length ? `/${path.map(encodeURIComponent).join('/')}/did.json` : '/.well-known/did.json';
    return url.href;
  } catch {
    return null;
  }
}

/** The DID a verification method's id belongs to: what comes before its `#`. */
export const didOfKeyId = (keyId: string): string => keyId.split('#')[0]!;
