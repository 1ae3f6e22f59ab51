/**
 * Heap an import into MongoDB takes per byte of its file: that store collects every record, as objects,
 * before it writes (measured when every import did: a 783 MB NDJSON file of the bench's records imported
 * within a 1.2 GB heap). The embedded store writes while the file is read and needs no such warning.
 */
export const HEAP_BYTES_PER_FILE_BYTE = 1.6;

const MB = 2 ** 20;
const GB = 2 ** 30;
const size = (bytes: number) => (bytes >= GB ? `${(bytes / GB).toFixed(1)} GB` : `${Math.round(bytes / MB)} MB`);

/**
 * A warning when importing a file of `fileBytes` may need more heap than this process may use
 * (`heapLimitBytes`, V8's heap_size_limit); null when it fits. Node's default limit is about 4 GB.
 */
export function memoryWarning(file: string, fileBytes: number, heapLimitBytes: number): string | null {
  const needed = fileBytes * HEAP_BYTES_PER_FILE_BYTE;
  if (needed <= heapLimitBytes) return null;
  const suggestedMb = Math.ceil(Number(((needed * 1.25) / (512 * MB)).toFixed(3))) * 512; // needed + 25 %, in 512 MB steps
  return (
    `${file} is ${size(fileBytes)}: checking it in memory needs about ${size(needed)}, more than this process may use ` +
    `(${size(heapLimitBytes)}). If the import stops with "JavaScript heap out of memory", split the file or run it ` +
    `with NODE_OPTIONS=--max-old-space-size=${suggestedMb}.`
  );
}
