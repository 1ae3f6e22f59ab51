import { randomInt } from 'node:crypto';
import { BitstringStatusList, decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import {
  emptyStatusList,
  encodedList,
  isBitSet,
  randomFreeIndex,
  STATUS_LIST_SIZE,
  StatusListFullError,
  statusListCredentialOf,
  statusListEntryOf,
  withBitSet,
} from '@byline/domain/credentials/status-list';

const LIST_URL = 'https://byline.example/credentials/status/1';

describe('the Bitstring Status List’s encodedList', () => {
  /** Clear of the other set bits and of the neighbours read as unset below. */
  const random = 10 + randomInt(STATUS_LIST_SIZE - 12);
  const set = [0, 7, 8, random, STATUS_LIST_SIZE - 1];
  const bits = set.reduce(withBitSet, emptyStatusList());

  it('holds the specification’s minimum of 131 072 entries', () => {
    expect(STATUS_LIST_SIZE).toBe(131_072);
    expect(emptyStatusList().length * 8).toBe(STATUS_LIST_SIZE);
  });

  it('puts index 0 at the left-most bit of the first byte', () => {
    expect([...bits.subarray(0, 2)]).toEqual([0b1000_0001, 0b1000_0000]);
    expect(bits[bits.length - 1]! & 1).toBe(1);
  });

  it('is GZIP then multibase base64url without padding, which an independent implementation reads bit for bit', async () => {
    const encoded = encodedList(bits);
    expect(encoded).toMatch(/^u[A-Za-z0-9_-]+$/);

    const list = await decodeList({ encodedList: encoded });
    expect(list.length).toBe(STATUS_LIST_SIZE);
    const read = [];
    for (let index = 0; index < STATUS_LIST_SIZE; index++) if (list.getStatus(index)) read.push(index);
    expect(read).toEqual(set);
  });

  it('reads back the bits it and an independent implementation set', async () => {
    const encoded = encodedList(bits);
    for (const index of set) expect(isBitSet(encoded, index)).toBe(true);
    for (const index of [1, 6, 9, random - 1, random + 1, STATUS_LIST_SIZE - 2]) expect(isBitSet(encoded, index)).toBe(false);

    const theirs = new BitstringStatusList({ length: STATUS_LIST_SIZE });
    theirs.setStatus(random, true);
    expect(isBitSet(await theirs.encode(), random)).toBe(true);
    expect(isBitSet(await theirs.encode(), random + 1)).toBe(false);
  });

  it('is the same string for the same bits: no time and no platform in the GZIP header', () => {
    const encoded = encodedList(bits);
    expect(encodedList(Uint8Array.from(bits))).toBe(encoded);
    const header = Buffer.from(encoded.slice(1), 'base64url').subarray(0, 10);
    expect([...header.subarray(4, 8)]).toEqual([0, 0, 0, 0]);
    expect(header[9]).toBe(0xff);
  });

  it('leaves the list it is given as it is, and refuses indexes outside it', () => {
    const empty = emptyStatusList();
    withBitSet(empty, 5);
    expect(empty.every((byte) => byte === 0)).toBe(true);
    expect(() => withBitSet(empty, STATUS_LIST_SIZE)).toThrow(RangeError);
    expect(() => withBitSet(empty, -1)).toThrow(RangeError);
    expect(() => isBitSet(encodedList(empty), STATUS_LIST_SIZE)).toThrow(RangeError);
    expect(() => isBitSet(encodedList(empty).slice(1), 0)).toThrow(/starts with "u"/);
  });
});

describe('a credential’s place in the list', () => {
  it('is its credentialStatus entry', () => {
    expect(statusListEntryOf(LIST_URL, 94567)).toEqual({
      id: `${LIST_URL}#94567`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '94567',
      statusListCredential: LIST_URL,
    });
  });

  it('is chosen at random over the whole list and never one already taken', () => {
    const taken = new Set<number>();
    const given = [];
    for (let n = 0; n < 1000; n++) {
      const index = randomFreeIndex((candidate) => taken.has(candidate));
      given.push(index);
      taken.add(index);
    }
    expect(taken.size).toBe(given.length);
    expect(given.every((index) => Number.isInteger(index) && index >= 0 && index < STATUS_LIST_SIZE)).toBe(true);
    expect(
      randomFreeIndex(
        () => false,
        () => 0,
      ),
    ).toBe(0);
    expect(
      randomFreeIndex(
        () => false,
        (below) => below - 1,
      ),
    ).toBe(STATUS_LIST_SIZE - 1);
  });

  it('is found when the random draws all fall on taken indexes, until every index is taken', () => {
    const size = 64;
    const taken = new Set<number>();
    for (let n = 0; n < size; n++) taken.add(randomFreeIndex((candidate) => taken.has(candidate), randomInt, size));
    expect([...taken].sort((a, b) => a - b)).toEqual([...Array(size).keys()]);
    expect(() => randomFreeIndex((candidate) => taken.has(candidate), randomInt, size)).toThrow(StatusListFullError);

    const allButLast = (candidate: number) => candidate !== STATUS_LIST_SIZE - 1;
    expect(randomFreeIndex(allButLast, () => 0)).toBe(STATUS_LIST_SIZE - 1);
  });
});

describe('the BitstringStatusListCredential', () => {
  it('carries the encoded list as its subject, with its validity', () => {
    const encoded = encodedList(emptyStatusList());
    expect(
      statusListCredentialOf({
        issuer: { id: 'did:web:byline.example', name: 'Byline' },
        listUrl: LIST_URL,
        encodedList: encoded,
        validFrom: new Date('2026-11-29T09:30:15.678Z'),
        validUntil: new Date('2026-11-30T09:30:15.678Z'),
      }),
    ).toEqual({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: LIST_URL,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: { id: 'did:web:byline.example', name: 'Byline' },
      validFrom: '2026-11-29T09:30:15Z',
      validUntil: '2026-11-30T09:30:15Z',
      credentialSubject: {
        id: `${LIST_URL}#list`,
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList: encoded,
      },
    });
  });

  it('has no validUntil when none is given', () => {
    const credential = statusListCredentialOf({
      issuer: 'did:web:byline.example',
      listUrl: LIST_URL,
      encodedList: encodedList(emptyStatusList()),
      validFrom: new Date('2026-11-29T09:30:15Z'),
    });
    expect(credential).not.toHaveProperty('validUntil');
    expect(credential.issuer).toBe('did:web:byline.example');
  });
});
