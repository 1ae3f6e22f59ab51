import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Writes and waits when the stream asks for it, so large outputs do not pile up in memory. */
export async function writeChunk(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

export function writeLine(stream: Writable, line = ''): void {
  stream.write(`${line}\n`);
}

/** A plain text table: a header row, then rows, columns padded to their widest cell. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [format(header), ...rows.map(format)].join('\n');
}
