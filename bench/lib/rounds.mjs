// Folds the bench's rounds (each server measured once per round) into one figure per server.

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Number(((sorted[middle - 1] + sorted[middle]) / 2).toFixed(3));
}

const MEDIAN_FIELDS = [
  'requestsPerSecond',
  'lookupsPerSecond',
  'p50Ms',
  'p99Ms',
  'meanMs',
  'cpuMicrosPerRequest',
  'diskKbPerRequest',
];
const ROUNDED_FIELDS = ['requestsPerSecond', 'lookupsPerSecond', 'cpuMicrosPerRequest'];
const SUM_FIELDS = ['total', 'non2xx', 'errors', 'timeouts'];
const MAX_FIELDS = ['peakRssMb', 'totalRssMb', 'processes'];

/**
 * One result per server from `rounds` (an array of { [serverId]: result }): the median of rates, latencies
 * and CPU per request, the sum of counts, the largest memory figure; the last round's profile, if any.
 */
export function combineRounds(rounds) {
  const combined = {};
  for (const id of Object.keys(rounds[0])) {
    const all = rounds.map((round) => round[id]);
    const last = all[all.length - 1];
    combined[id] = { label: last.label };
    for (const field of MEDIAN_FIELDS) combined[id][field] = median(all.map((r) => r[field]));
    for (const field of ROUNDED_FIELDS) combined[id][field] = Math.round(combined[id][field]);
    for (const field of SUM_FIELDS) combined[id][field] = all.reduce((sum, r) => sum + r[field], 0);
    for (const field of MAX_FIELDS) combined[id][field] = Math.max(...all.map((r) => r[field] ?? 0));
    if (last.profile) combined[id].profile = last.profile;
  }
  return combined;
}
