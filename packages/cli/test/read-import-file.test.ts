import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '@byline/test-support';
import { readImportFile, type RawRecord } from '../src/import/read-import-file';
import { scanJsonArray } from '../src/import/json-array-scanner';

function fileWith(text: string): string {
  const file = path.join(tempDir('byline-reader-'), 'input');
  fs.writeFileSync(file, text);
  return file;
}

async function readWithShares(text: string): Promise<RawRecord[]> {
  const records: RawRecord[] = [];
  for await (const record of readImportFile(fileWith(text))) records.push(record);
  return records;
}

/** The records without `read` (the share of the file read, for progress; tested on its own). */
async function readAll(text: string): Promise<RawRecord[]> {
  return (await readWithShares(text)).map(({ read: _read, ...record }) => record as RawRecord);
}

describe('the share of the file read, for progress', () => {
  test('is where each element of a JSON array ends, over the length of the text', async () => {
    const shares = (await readWithShares('[{"a":1},\n{"a":2},\n{"a":3}]')).map((r) => r.read);
    expect(shares).toEqual([8 / 27, 17 / 27, 26 / 27]);
  });

  test('follows the bytes read from an NDJSON file, ending at 1', async () => {
    const big = `${JSON.stringify({ pad: 'x'.repeat(100_000) })}\n`.repeat(3);
    const shares = (await readWithShares(big)).map((r) => r.read!);
    expect(shares.at(-1)).toBe(1);
    expect(shares[0]).toBeLessThan(1);
    expect([...shares].sort((a, b) => a - b)).toEqual(shares);
  });
});

describe('reading NDJSON', () => {
  test('numbers records by their line, skipping blank lines, with CRLF and a BOM', async () => {
    const text = '\ufeff{"a":1}\r\n\r\n{"a":2}\n   \n{"a":3}';
    expect(await readAll(text)).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 3, value: { a: 2 } },
      { line: 5, value: { a: 3 } },
    ]);
  });

  test('a line that is not JSON is reported on its line and the others still parse', async () => {
    const records = await readAll('{"a":1}\n{"a":\n{"a":3}\n');
    expect(records[0]).toEqual({ line: 1, value: { a: 1 } });
    expect(records[1]).toEqual({ line: 2, error: expect.stringMatching(/^is not valid JSON/) });
    expect(records[2]).toEqual({ line: 3, value: { a: 3 } });
  });

  test('an empty file has no records', async () => {
    expect(await readAll('')).toEqual([]);
    expect(await readAll('\n\n')).toEqual([]);
  });
});

describe('reading a JSON array', () => {
  test('each element carries the line where it starts, pretty-printed or not', async () => {
    const text = [
      '',
      '  [',
      '  {',
      '    "a": "x, ]} \\" [{",',
      '    "b": [1, {"c": 2}]',
      '  },',
      '  {"a": 2}, {"a": 3},',
      '',
      '  {"a":',
      '4}',
      ']',
      '',
    ].join('\n');
    expect(await readAll(text)).toEqual([
      { line: 3, value: { a: 'x, ]} " [{', b: [1, { c: 2 }] } },
      { line: 7, value: { a: 2 } },
      { line: 7, value: { a: 3 } },
      { line: 9, value: { a: 4 } },
    ]);
  });

  test('agrees with JSON.stringify(records, null, 2) line numbers', async () => {
    const records = [{ a: 1, list: ['x', 'y'] }, { a: 'Zoë Ní Bhriain\nline' }, { a: 3 }];
    const text = JSON.stringify(records, null, 2);
    const starts = text.split('\n').flatMap((line, index) => (line === '  {' ? [index + 1] : []));
    expect((await readAll(text)).map((r) => r.line)).toEqual(starts);
  });

  test('a broken element is reported on its line; the others still parse', async () => {
    const records = await readAll('[\n{"a":1},\n{"a": tru},\n{"a":3}\n]');
    expect(records).toEqual([
      { line: 2, value: { a: 1 } },
      { line: 3, error: expect.stringMatching(/^is not valid JSON/) },
      { line: 4, value: { a: 3 } },
    ]);
  });

  test('an empty array has no records', async () => {
    expect(await readAll(' [ ]\n')).toEqual([]);
  });

  test.each([
    ['not closed', '[\n{"a":1},\n{"a":2}\n', 1, /never closed/],
    ['an unterminated string', '[\n{"a":1},\n{"a":"oops}\n]', 3, /string .* never closed/],
    ['a trailing comma', '[\n{"a":1},\n]', 3, /empty element/],
    ['content after the array', '[{"a":1}]\n{"a":2}', 2, /after the closing/],
  ])('a malformed array (%s) is reported with a line', async (_name, text, line, reason) => {
    const records = await readAll(text);
    expect(records[records.length - 1]).toEqual({ line, error: expect.stringMatching(reason) });
  });
});

describe('scanJsonArray', () => {
  test('returns element texts untouched', () => {
    expect([...scanJsonArray('[1, "a,b", {"k": [2]}]')].map((e) => e.text.trim())).toEqual(['1', '"a,b"', '{"k": [2]}']);
  });
});
