// Preloaded (node --import) into a timed command: writes the process's peak RSS in kB (getrusage's maxrss)
// to the file in BENCH_MAX_RSS_FILE as it exits, exact where polling /proc would miss a late peak.
import fs from 'node:fs';

process.on('exit', () => {
  fs.writeFileSync(process.env.BENCH_MAX_RSS_FILE, String(process.resourceUsage().maxRSS));
});
