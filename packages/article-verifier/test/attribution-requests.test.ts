import { ATTRIBUTION_TOPIC, type AttributionPayload } from '@byline/domain/queue/topics';
import { ATTRIBUTION_ASKS_PER_ITEM, ATTRIBUTION_ASKS_TOPIC } from '@byline/domain/queue/topics';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { spreadAttributionAsks } from '@byline/domain/queue/attribution-asks';
import { capturingLogger, storeFactories, unspreadAttributionAsks } from '@byline/test-support';
import { AttributionRequests } from '../src/attribution-requests';

const payload = (path: string): AttributionPayload => ({
  url: `https://outlet.example/${path}`,
  address: `https://outlet.example/${path}`,
  publisherId: 1,
});

describe.each(storeFactories())('attribution requests, written together ($name store)', (factory) => {
  let repositories: StoreRepositories;
  beforeEach(async () => {
    repositories = repositoriesOf(await factory.create());
  });
  afterEach(() => repositories.close());

  /** The address's item, once the worker's first step spread what the verifier wrote. */
  const queued = async (path: string) => {
    await spreadAttributionAsks({ queue: repositories.queue, holder: 'test-worker', now: () => new Date(clock) });
    return repositories.queue.find(ATTRIBUTION_TOPIC, `https://outlet.example/${path}`);
  };
  let clock: number;
  beforeEach(() => {
    clock = Date.parse('2031-01-01T00:00:00.000Z');
  });

  it('writes what was asked once, together, and nothing again for an address it wrote lately', async () => {
    const { logger, output } = capturingLogger();
    const requests = new AttributionRequests(repositories.queue, logger, { flushMs: 60_000, now: () => clock });
    requests.ask(payload('one'));
    requests.ask(payload('two'));
    requests.ask(payload('one'));
    expect(await unspreadAttributionAsks(repositories.queue)).toEqual([]); // not before the flush
    await requests.flush();
    // One write for both, which the worker spreads into an item per address.
    expect(await unspreadAttributionAsks(repositories.queue)).toEqual([payload('one').url, payload('two').url]);
    expect(output()).toContain('"asked":2');
    expect(await queued('one')).toMatchObject({ payload: payload('one'), dueAt: new Date(clock).toISOString() });
    expect(await queued('two')).toMatchObject({ payload: payload('two') });
    expect(await unspreadAttributionAsks(repositories.queue)).toEqual([]);
    // Asked again soon: not written again (the worker may have finished and removed it meanwhile).
    await repositories.queue.remove(ATTRIBUTION_TOPIC, payload('one').url);
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
    const requests = new AttributionRequests(repositories.queue, logger, { flushMs: 20, now: () => clock });
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

  it('spreads what it can read of an unreadable asks item, and removes it, so later runs go on', async () => {
    const { logger, output } = capturingLogger();
    const dueAt = new Date(clock);
    const odd = [{ url: 5, publisherId: 1 }, { url: 'https://outlet.example/x' }, payload('readable')];
    await repositories.queue.enqueue({ topic: ATTRIBUTION_ASKS_TOPIC, key: 'odd', payload: { asks: odd }, dueAt });
    await repositories.queue.enqueue({ topic: ATTRIBUTION_ASKS_TOPIC, key: 'empty', payload: {}, dueAt });
    const spread = () => spreadAttributionAsks({ queue: repositories.queue, holder: 'w', now: () => new Date(clock), logger });
    expect(await spread()).toBe(1);
    expect(output()).toContain('attribution asks item with unreadable asks');
    expect(await repositories.queue.find(ATTRIBUTION_TOPIC, payload('readable').url)).toMatchObject({
      payload: payload('readable'),
    });
    expect(await unspreadAttributionAsks(repositories.queue)).toEqual([]);
    expect(await spread()).toBe(0);
  });

  it('writes a great many asks as several items, every address spread once', async () => {
    // Unbounded here: this is about how many asks are written, not how many one key may make.
    const quota = { perAccount: Infinity, perPublisher: Infinity };
    const requests = new AttributionRequests(repositories.queue, capturingLogger().logger, { now: () => clock, quota });
    const count = ATTRIBUTION_ASKS_PER_ITEM * 2 + 1;
    for (let i = 0; i < count; i++) requests.ask(payload(`many/${i}`));
    await requests.flush();
    const items = await repositories.queue.takeDue({
      topic: ATTRIBUTION_ASKS_TOPIC,
      now: new Date(clock),
      holder: 'stopped-worker',
      leaseMs: 1,
      limit: 10,
    });
    expect(items.map((item) => (item.payload.asks as unknown[]).length).sort()).toEqual([
      1,
      ATTRIBUTION_ASKS_PER_ITEM,
      ATTRIBUTION_ASKS_PER_ITEM,
    ]);
    // A worker that spread the first of them and stopped before removing it: spread again, nothing is queued twice.
    const [first] = items;
    const firstAsks = first!.payload.asks as AttributionPayload[];
    await repositories.queue.enqueueAllIfAbsent(
      firstAsks.map((ask) => ({ topic: ATTRIBUTION_TOPIC, key: ask.url, payload: ask, dueAt: new Date(clock) })),
    );
    clock += 1_000; // its lease is over
    const spread = () => spreadAttributionAsks({ queue: repositories.queue, holder: 'w', now: () => new Date(clock) });
    expect(await spread()).toBe(count - firstAsks.length);
    expect(await unspreadAttributionAsks(repositories.queue)).toEqual([]);
    requests.ask(payload('many/0')); // remembered: not written again
    await requests.flush();
    expect(await unspreadAttributionAsks(repositories.queue)).toEqual([]);
    expect(await queued(`many/${count - 1}`)).toMatchObject({ payload: payload(`many/${count - 1}`) });
  });
});
