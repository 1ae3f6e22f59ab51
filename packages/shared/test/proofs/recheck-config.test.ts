import { loadConfig, parseDuration } from '@byline/domain/config/config';
import { itRefusesAtStartUp } from '@byline/test-support';
import { recheckPolicyOf } from '@byline/editorial/proofs/recheck';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('re-check and worker settings', () => {
  it('default to daily checks, 3 days of grace, a retry after 6 hours, a poll every minute, port 8083', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      recheckIntervalMs: DAY,
      recheckGraceMs: 3 * DAY,
      recheckRetryMs: 6 * HOUR,
      workerPollIntervalMs: 60_000,
      workerPort: 8083,
    });
    expect(recheckPolicyOf(config)).toEqual({ intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR });
  });

  it('read durations as a whole number and a unit: s, m, h or d', () => {
    const config = loadConfig({
      RECHECK_INTERVAL: '12h',
      RECHECK_GRACE: '2d',
      RECHECK_RETRY: '90m',
      WORKER_POLL_INTERVAL: '15s',
      WORKER_PORT: '9093',
    });
    expect(config).toMatchObject({
      recheckIntervalMs: 12 * HOUR,
      recheckGraceMs: 2 * DAY,
      recheckRetryMs: 90 * 60_000,
      workerPollIntervalMs: 15_000,
      workerPort: 9093,
    });
    expect(parseDuration(' 7d ')).toBe(7 * DAY);
    expect(parseDuration('3 days')).toBeNull();
  });

  itRefusesAtStartUp({
    RECHECK_INTERVAL: ['24', '1.5h', '10s'],
    RECHECK_GRACE: ['three days'],
    RECHECK_RETRY: ['-1h'],
    WORKER_POLL_INTERVAL: ['0s', '2d'],
    WORKER_PORT: ['70000'],
  });

  it('refuse a retry longer than the grace period: the proof would lapse before it is checked again', () => {
    expect(() => loadConfig({ RECHECK_GRACE: '1d', RECHECK_RETRY: '2d' })).toThrow(/RECHECK_RETRY.*RECHECK_GRACE/);
    expect(loadConfig({ RECHECK_GRACE: '1d', RECHECK_RETRY: '1d' }).recheckRetryMs).toBe(DAY);
  });
});
