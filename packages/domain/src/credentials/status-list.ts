import { randomInt } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { credentialInstant, VC_CONTEXT } from './journalist-credential';

/**
 * W3C Bitstring Status List: one bit per credential, set when the credential is revoked. The specification's minimum
 * length (16 KB uncompressed), large enough that a credential's index says little about which one it is.
 */
export const STATUS_LIST_SIZE = 131_072;
export const STATUS_PURPOSE = 'revocation';

/** A list with no credential revoked. */
export const emptyStatusList = (): Uint8Array => new Uint8Array(STATUS_LIST_SIZE / 8);

/** Index 0 is the left-most (most significant) bit of the first byte, as the specification lays the bitstring out. */
function positionOf(bits: Uint8Array, index: number): { byte: number; mask: number } {
  if (!Number.isSafeInteger(index) || index < 0 || index >= bits.length * 8)
    throw new RangeError(`status list index ${index} is outside the list (0 to ${bits.length * 8 - 1})`);
  return { byte: index >> 3, mask: 0x80 >> (index & 7) };
}

/** A copy of the list with the credential at `index` revoked; the list itself is left as it is. */
export function withBitSet(bits: Uint8Array, index: number): Uint8Array {
  const { byte, mask } = positionOf(bits, index);
  const copy = Uint8Array.from(bits);
  copy[byte] = copy[byte]! | mask;
  return copy;
}

/** A list with the credentials at these indexes revoked (set in place: one list however many there are). */
export function listWithBitsSet(indexes: Iterable<number>): Uint8Array {
  const bits = emptyStatusList();
  for (const index of indexes) {
    const { byte, mask } = positionOf(bits, index);
    bits[byte] = bits[byte]! | mask;
  }
  return bits;
}

/** The GZIP header's operating-system byte (RFC 1952), which zlib fills with the platform it runs on. */
const GZIP_OS_BYTE = 9;
const GZIP_OS_UNKNOWN = 0xff;
/** Far more than any list Byline publishes: a list that inflates beyond it is refused rather than read. */
const MAX_LIST_BYTES = 16 * 1024 * 1024;

/**
 * The list as `encodedList` carries it: GZIP, then multibase base64url without padding (the `u` prefix). zlib's GZIP
 * header has no time (mtime 0) and its OS byte is set to "unknown", so the same bits give the same string anywhere.
 */
export function encodedList(bits: Uint8Array): string {
  const gzipped = gzipSync(bits);
  gzipped[GZIP_OS_BYTE] = GZIP_OS_UNKNOWN;
  return `u${gzipped.toString('base64url')}`;
}

/** The bits of an `encodedList`. */
export function decodedList(encoded: string): Uint8Array {
  if (!encoded.startsWith('u')) throw new Error('an encodedList is multibase base64url: it starts with "u"');
  return new Uint8Array(gunzipSync(Buffer.from(encoded.slice(1), 'base64url'), { maxOutputLength: MAX_LIST_BYTES }));
}

/** Whether the credential at `index` is revoked in an `encodedList`. */
export function isBitSet(encoded: string, index: number): boolean {
  const bits = decodedList(encoded);
  const { byte, mask } = positionOf(bits, index);
  return (bits[byte]! & mask) !== 0;
}

/** Every index of the list is taken: a new list is needed. */
export class StatusListFullError extends Error {
  constructor(size: number) {
    super(`all ${size} indexes of the status list are taken`);
    this.name = 'StatusListFullError';
  }
}

/** Random draws before looking through the list in order: with the list half full, all miss once in 2^32. */
const DRAWS = 32;

/**
 * An index no credential has had, chosen at random as the specification asks (so that an index tells neither when it
 * was given nor how many there are) and never reused: `taken` says which indexes the caller has already given. Once
 * the random draws all fall on taken indexes, the first free one after a random start is chosen.
 */
export function randomFreeIndex(
  taken: (index: number) => boolean,
  random: (below: number) => number = randomInt,
  size = STATUS_LIST_SIZE,
): number {
  for (let draw = 0; draw < DRAWS; draw++) {
    const index = random(size);
    if (!taken(index)) return index;
  }
  const start = random(size);
  for (let step = 0; step < size; step++) {
    const index = (start + step) % size;
    if (!taken(index)) return index;
  }
  throw new StatusListFullError(size);
}

/** The `credentialStatus` of the credential at `index` of the list published at `listUrl`. */
export function statusListEntryOf(listUrl: string, index: number) {
  return {
    id: `${listUrl}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: STATUS_PURPOSE,
    statusListIndex: String(index),
    statusListCredential: listUrl,
  } as const;
}

export interface StatusListInput {
  issuer: string | { id: string; name: string };
  listUrl: string;
  encodedList: string;
  validFrom: Date;
  validUntil?: Date;
}

/** The list as the `BitstringStatusListCredential` (VC 2.0) published at `listUrl`, to be secured like any other. */
export function statusListCredentialOf(input: StatusListInput) {
  return {
    '@context': [VC_CONTEXT],
    id: input.listUrl,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: input.issuer,
    validFrom: credentialInstant(input.validFrom.getTime()),
    ...(input.validUntil ? { validUntil: credentialInstant(input.validUntil.getTime()) } : {}),
    credentialSubject: {
      id: `${input.listUrl}#list`,
      type: 'BitstringStatusList',
      statusPurpose: STATUS_PURPOSE,
      encodedList: input.encodedList,
    },
  };
}
