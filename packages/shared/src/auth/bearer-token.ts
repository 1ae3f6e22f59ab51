export type ParsedToken = { ok: true; key: string; secret: string } | { ok: false; reason: 'missing' | 'malformed' };

const BEARER = /^\s*bearer\s+(\S+)\s*$/i;

/**
 * Reads `Bearer KEY:SECRET`. The scheme word is case-insensitive; the token splits at the first colon,
 * so a secret may itself contain colons. Both halves must be non-empty.
 */
export function parseBearerToken(header: string | undefined): ParsedToken {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing' };
  const match = BEARER.exec(header);
  if (!match) return { ok: false, reason: 'malformed' };
  const token = match[1]!;
  const colon = token.indexOf(':');
  if (colon <= 0 || colon === token.length - 1) return { ok: false, reason: 'malformed' };
  return { ok: true, key: token.slice(0, colon), secret: token.slice(colon + 1) };
}
