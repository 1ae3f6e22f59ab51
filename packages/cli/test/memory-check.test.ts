import { HEAP_BYTES_PER_FILE_BYTE, memoryWarning } from '../src/import/memory-check';

const GB = 2 ** 30;

describe('import memory check', () => {
  it('says nothing when the file fits the heap', () => {
    expect(memoryWarning('small.ndjson', 80 * 2 ** 20, 4 * GB)).toBeNull();
    expect(memoryWarning('edge.ndjson', (4 * GB) / HEAP_BYTES_PER_FILE_BYTE, 4 * GB)).toBeNull();
  });

  it('warns about a file that may not fit, naming the sizes and a heap limit that would do', () => {
    const warning = memoryWarning('big.ndjson', 3 * GB, 4 * GB);
    expect(warning).toBe(
      'big.ndjson is 3.0 GB: checking it in memory needs about 4.8 GB, more than this process may use (4.0 GB). ' +
        'If the import stops with "JavaScript heap out of memory", split the file or run it with NODE_OPTIONS=--max-old-space-size=6144.',
    );
  });

  it('gives small sizes in MB', () => {
    expect(memoryWarning('mid.ndjson', 100 * 2 ** 20, 128 * 2 ** 20)).toMatch(
      /^mid\.ndjson is 100 MB: checking it in memory needs about 160 MB, more than this process may use \(128 MB\)\. .*--max-old-space-size=512\.$/,
    );
  });
});
