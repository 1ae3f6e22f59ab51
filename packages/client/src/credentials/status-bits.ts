import { base64url } from 'jose';
import { readUpTo } from './fetched-document';

/** Far more than any list (the specification's minimum is 16 KB): a list that inflates beyond it is refused. */
const MAX_LIST_BYTES = 16 * 1024 * 1024;

/**
 * The bits of a Bitstring Status List's `encodedList`: multibase base64url (a `u`, no padding), then GZIP. Inflated
 * with the platform's DecompressionStream, in Node as in a browser.
 */
export async function decodedStatusList(encoded: string): Promise<Uint8Array> {
  if (!encoded.startsWith('u')) throw new Error('its encodedList is not multibase base64url (it starts with "u")');
  const gzipped = base64url.decode(encoded.slice(1));
  const reader = new Blob([new Uint8Array(gzipped)]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const bits = await readUpTo(reader, MAX_LIST_BYTES);
  if (!bits) throw new Error(`its list inflates to more than ${MAX_LIST_BYTES} bytes`);
  return bits;
}

/** Index 0 is the left-most (most significant) bit of the first byte, as the specification lays the list out. */
export function isBitSet(bits: Uint8Array, index: number): boolean {
  return (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}
