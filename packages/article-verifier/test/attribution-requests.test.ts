import { ATTRIBUTION_TOPIC, type AttributionPayload } from '@byline/shared';
import { backendOf, type Backend } from '@byline/shared/storage';
import { capturingLogger, storeFactories } from '@byline/test-support';
import { AttributionRequests } from '../src/attribution-requests';

const payload = (path: string): AttributionPayload => ({
  url: `https://outlet.example/${path}`,
  address: `https://outlet.example/${path}`,
  publisherId: 1,
});

describe.each(storeFactories())('attribution requests, written together ($name store)', (factory) => {
  let backend: Backend;
  beforeEach(async () => {
    backend = backendOf(await factory.create());
  });
  afterEach(() => backend.close());

  const queued = (path: string) => backend.queue.find(ATTRIBUTION_TOPIC, `https://outlet.example/${path}`);

  it('writes what was asked once, together, and nothing again for an address it wrote lately', async () => {
    const { logger, output } = capturingLogger();
    let clock = Date.parse('2031-01-01T00:00:00.000Z');
    const requests = new AttributionRequests(backend.queue, logger, { flushMs: 60_000, now: () => clock });
    requests.ask(payload('one'));
    requests.ask(payload('two'));
    requests.ask(payload('one'));
    expect(await queued('one')).toBeNull(); // not before the flush
    await requests.flush();
    expect(await queued('one')).toMatchObject({ payload: payload('one'), dueAt: new Date(clock).toISOString() });
    expect(await queued('two')).toMatchObject({ payload: payload('two') });
    expect(output()).toContain('"queued":2');
    // Asked again soon: not written again (the worker may have finished and removed it meanwhile).
    await backend.queue.remove(ATTRIBUTION_TOPIC, payload('one').url);
    requests.ask(payload('one'));
    await requests.flush();
    expect(await queued('one')).toBeNull();
    // Ten minutes on, it is asked afresh.
    clock += 10 * 60_000;
    requests.ask(payload('one'));
    await requests.stop();
    expect(await queued('one')).toMatchObject({ payload: payload('one') });
  });

  it('writes by itself after its interval, and logs (never throws) when the write fails', async () => {
    const { logger, output } = capturingLogger();
    const requests = new AttributionRequests(backend.queue, logger, { flushMs: 20 });
    requests.ask(payload('timed'));
    const deadline = Date.now() + 5_000;
    while ((await queued('timed')) === null && Date.now() < deadline) await new Promise((wake) => setTimeout(wake, 10));
    expect(await queued('timed')).not.toBeNull();
    const failing = new AttributionRequests({ enqueueAllIfAbsent: () => Promise.reject(new Error('store gone')) }, logger);
    failing.ask(payload('lost'));
    await expect(failing.flush()).resolves.toBeUndefined();
    expect(output()).toContain('attribution not queued');
    expect(output()).toContain('store gone');
  });
});
