// Preloaded into a bench server (node --import) by count-kernel.mjs --allocations: the first SIGUSR2 starts V8's
// sampling heap profiler, counting objects the garbage collector has already freed too (what a request allocates,
// not what it keeps); the second writes the profile to BENCH_ALLOCATIONS_OUT.
import fs from 'node:fs';
import inspector from 'node:inspector';

const session = new inspector.Session();
session.connect();
let sampling = false;
process.on('SIGUSR2', () => {
  if (!sampling) {
    sampling = true;
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMinorGC: true,
      includeObjectsCollectedByMajorGC: true,
    });
    return;
  }
  session.post('HeapProfiler.stopSampling', (error, result) => {
    const out = process.env.BENCH_ALLOCATIONS_OUT;
    if (error || !out) return;
    fs.writeFileSync(`${out}.partial`, JSON.stringify(result.profile));
    fs.renameSync(`${out}.partial`, out); // whole or absent, for the bench waiting on it
  });
});
