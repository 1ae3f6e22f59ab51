/** atproto's base32-sortable alphabet: TIDs sort as their times do. */
const ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';

/**
 * A record key of type `tid` (atproto.com/specs/tid), as the verification lexicon asks: 64 bits, the top one 0,
 * then the time in microseconds since 1970 (53 bits), then a clock id (10 bits), in 13 base32-sortable characters.
 * The clock id comes from the caller (a random one), so two keys made in the same microsecond differ.
 */
export function tidAt(at: Date, clockId: number): string {
  let value = (BigInt(at.getTime()) * 1000n) << 10n;
  value |= BigInt(clockId & 0x3ff);
  let text = '';
  for (let i = 0; i < 13; i++) {
    text = ALPHABET[Number(value & 31n)]! + text;
    value >>= 5n;
  }
  return text;
}
