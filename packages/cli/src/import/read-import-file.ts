import fs from 'node:fs';
import readline from 'node:readline';
import { JsonArrayShapeError, scanJsonArray } from './json-array-scanner';

/**
 * One record of an import file as parsed JSON, or the reason it could not be parsed; `line` is 1-based;
 * `read` is the share of the file read up to it (0–1, for progress).
 */
export type RawRecord = { line: number; read?: number } & (
  { value: unknown; error?: undefined } | { value?: undefined; error: string }
);

export type ImportFormat = 'ndjson' | 'json-array';

const BOM = '\ufeff';

function parse(line: number, text: string, read: number): RawRecord {
  try {
    return { line, read, value: JSON.parse(text) };
  } catch (error) {
    return { line, read, error: `is not valid JSON (${(error as Error).message})` };
  }
}

/** A JSON array when the first character that is not white space is `[`; NDJSON otherwise. */
export async function detectFormat(file: string): Promise<ImportFormat> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return 'ndjson';
      const first = buffer.toString('utf8', 0, bytesRead).replace(BOM, '').trimStart();
      if (first) return first.startsWith('[') ? 'json-array' : 'ndjson';
    }
  } finally {
    await handle.close();
  }
}

/** NDJSON, streamed line by line so a large file never has to sit in one string. Blank lines are skipped. */
async function* readNdjson(file: string): AsyncGenerator<RawRecord> {
  const size = (await fs.promises.stat(file)).size;
  const input = fs.createReadStream(file, { encoding: 'utf8' });
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  for await (const raw of lines) {
    number++;
    const text = number === 1 ? raw.replace(BOM, '') : raw;
    if (text.trim() === '') continue;
    yield parse(number, text, size ? input.bytesRead / size : 1);
  }
}

/** A JSON array: each element parsed on its own, so one broken element does not hide the others. */
async function* readJsonArray(file: string): AsyncGenerator<RawRecord> {
  const text = await fs.promises.readFile(file, 'utf8');
  try {
    for (const element of scanJsonArray(text)) yield parse(element.line, element.text, element.end / text.length);
  } catch (error) {
    if (!(error instanceof JsonArrayShapeError)) throw error;
    yield { line: error.line, error: `the JSON array is malformed: ${error.message}` };
  }
}

/** The records of an NDJSON file or a JSON array file, in file order, each with the line it starts on. */
export async function* readImportFile(file: string): AsyncGenerator<RawRecord> {
  const format = await detectFormat(file);
  yield* format === 'json-array' ? readJsonArray(file) : readNdjson(file);
}
