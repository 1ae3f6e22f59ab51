import type { StoreFactory } from '@byline/test-support';
import { repositoriesOf } from '../../src/store/repositories-of';
import type { Store } from '@byline/domain/store/store';
import { forEachDueItem, type LeasedQueue } from '@byline/domain/queue/leased-queue';

/** What every LeasedQueue adapter does (run for each database by test/contracts/queue.test.ts). */
export function queueContract(factory: StoreFactory): void {
  let store: Store;
  let queue: LeasedQueue;
  beforeEach(async () => {
    store = await factory.create();
    queue = repositoriesOf(store).queue;
  });
  afterEach(() => repositoriesOf(store).close());

  const T0 = Date.parse('2031-05-01T12:00:00.000Z');
  const at = (seconds: number) => new Date(T0 + seconds * 1000);
  const take = (holder: string, seconds: number, options: { limit?: number; leaseMs?: number; topic?: string } = {}) =>
    queue.takeDue({
      topic: options.topic ?? 'jobs',
      now: at(seconds),
      holder,
      leaseMs: options.leaseMs ?? 60_000,
      limit: options.limit ?? 10,
    });
  const keysOf = (items: { key: string }[]) => items.map((item) => item.key);

  it('takes the items due, oldest due first, up to the limit, leased to the holder', async () => {
    await queue.enqueue({ topic: 'jobs', key: 'late', payload: { n: 3 }, dueAt: at(30) });
    await queue.enqueue({ topic: 'jobs', key: 'early', payload: { n: 1 }, dueAt: at(10) });
    await queue.enqueue({ topic: 'jobs', key: 'middle', payload: { n: 2 }, dueAt: at(20) });
    await queue.enqueue({ topic: 'jobs', key: 'future', payload: {}, dueAt: at(100) });
    await queue.enqueue({ topic: 'other', key: 'early', payload: {}, dueAt: at(0) });

    expect(await take('a', 5)).toEqual([]);
    const first = await take('a', 50, { limit: 2 });
    expect(keysOf(first)).toEqual(['early', 'middle']);
    expect(first[0]).toMatchObject({
      topic: 'jobs',
      payload: { n: 1 },
      dueAt: at(10).toISOString(),
      holder: 'a',
      leasedUntil: at(110).toISOString(),
      settledAt: null,
    });
    expect(keysOf(await take('a', 50))).toEqual(['late']);
    expect(await take('a', 50)).toEqual([]);
    expect(keysOf(await take('b', 50, { topic: 'other' }))).toEqual(['early']);
  });

  it('two holders racing never both get an item', async () => {
    for (let i = 0; i < 12; i++) await queue.enqueue({ topic: 'jobs', key: `k${i}`, payload: {}, dueAt: at(i) });
    const rounds = await Promise.all(['a', 'b', 'c', 'a', 'b', 'c'].map((holder) => take(holder, 60, { limit: 3 })));
    const keys = rounds.flatMap(keysOf);
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(12);
  });

  it('an expired lease is taken again; until then it is counted as leased elsewhere', async () => {
    expect(await queue.hasDue({ topic: 'jobs', now: at(0) })).toBe(false);
    await queue.enqueue({ topic: 'jobs', key: 'k', payload: {}, dueAt: at(0) });
    expect(await queue.hasDue({ topic: 'jobs', now: at(-1) })).toBe(false);
    expect(await queue.hasDue({ topic: 'jobs', now: at(-1), evenIfNotDue: true })).toBe(true);
    expect(await queue.hasDue({ topic: 'other', now: at(1) })).toBe(false);
    expect(await queue.hasDue({ topic: 'jobs', now: at(1) })).toBe(true);
    await take('a', 1, { leaseMs: 1000 });
    expect(await queue.hasDue({ topic: 'jobs', now: at(1) })).toBe(false);
    expect(await queue.hasDue({ topic: 'jobs', now: at(3) })).toBe(true);
    expect(await take('b', 1)).toEqual([]);
    expect(await queue.countLeasedElsewhere({ topic: 'jobs', now: at(1), holder: 'b' })).toBe(1);
    expect(await queue.countLeasedElsewhere({ topic: 'jobs', now: at(1), holder: 'a' })).toBe(0);
    expect(await queue.countLeasedElsewhere({ topic: 'jobs', now: at(3), holder: 'b' })).toBe(0);
    const [again] = await take('b', 3);
    expect(again).toMatchObject({ key: 'k', holder: 'b' });
    // The first holder's lease passed to another: its settle is refused.
    expect(await queue.settle(again!.id, 'a', 'done', at(3))).toBe(false);
    expect(await queue.settle(again!.id, 'b', 'done', at(3))).toBe(true);
    expect(await queue.find('jobs', 'k')).toBeNull();
  });

  it('only the holder settles: rescheduled (the lease freed, the payload replaced) or done', async () => {
    await queue.enqueue({ topic: 'jobs', key: 'k', payload: { tries: 0 }, dueAt: at(0) });
    const [item] = await take('a', 1);
    expect(await queue.settle(item!.id, 'b', { dueAt: at(50) }, at(2))).toBe(false);
    expect(await queue.find('jobs', 'k')).toMatchObject({ holder: 'a', dueAt: at(0).toISOString() });

    expect(await queue.settle(item!.id, 'a', { dueAt: at(50), payload: { tries: 1 } }, at(2))).toBe(true);
    expect(await queue.find('jobs', 'k')).toMatchObject({
      id: item!.id,
      payload: { tries: 1 },
      dueAt: at(50).toISOString(),
      holder: null,
      leasedUntil: null,
      settledAt: at(2).toISOString(),
    });
    expect(await queue.settle(item!.id, 'a', 'done', at(3))).toBe(false);
    expect(await take('a', 40)).toEqual([]);
    const [again] = await take('a', 50);
    expect(again).toMatchObject({ id: item!.id, payload: { tries: 1 } });
    expect(await queue.settle(again!.id, 'a', { dueAt: at(60) }, at(51))).toBe(true);
    expect((await queue.find('jobs', 'k'))!.payload).toEqual({ tries: 1 });
  });

  it('renew extends the holder’s lease until it has passed or another holds the item', async () => {
    await queue.enqueue({ topic: 'jobs', key: 'k', payload: {}, dueAt: at(0) });
    const [item] = await take('a', 1, { leaseMs: 30_000 });
    expect(await queue.renew(item!.id, 'b', at(10), 30_000)).toBe(false);
    expect(await queue.renew(item!.id, 'a', at(10), 30_000)).toBe(true);
    expect(await queue.find('jobs', 'k')).toMatchObject({ holder: 'a', leasedUntil: at(40).toISOString() });
    // Renewed, it is not taken when the first lease would have ended.
    expect(await take('b', 35)).toEqual([]);
    // Passed: the holder may not renew it, even though no one took it meanwhile; then another takes it.
    expect(await queue.renew(item!.id, 'a', at(41), 30_000)).toBe(false);
    expect(await queue.find('jobs', 'k')).toMatchObject({ holder: 'a', leasedUntil: at(40).toISOString() });
    const [again] = await take('b', 41, { leaseMs: 30_000 });
    expect(again).toMatchObject({ key: 'k', holder: 'b' });
    expect(await queue.renew(item!.id, 'a', at(42), 30_000)).toBe(false);
    expect(await queue.settle(again!.id, 'b', { dueAt: at(50) }, at(43))).toBe(true);
    expect(await queue.renew(item!.id, 'b', at(44), 30_000)).toBe(false);
  });

  it('a run that renews its leases works no item of its batch whose lease passed meanwhile and went to another', async () => {
    for (const key of ['first', 'second']) await queue.enqueue({ topic: 'jobs', key, payload: {}, dueAt: at(0) });
    let clock = at(1);
    const worked: string[] = [];
    const run = { topic: 'jobs', holder: 'a', leaseMs: 30_000, batchSize: 10, now: () => clock, renewEveryMs: 60_000 };
    await forEachDueItem(queue, run, async (item) => {
      worked.push(item.key);
      // The first item takes longer than the lease (a paused process): another holder takes the batch meanwhile.
      clock = at(40);
      expect(keysOf(await take('b', 40, { leaseMs: 30_000 }))).toEqual(['first', 'second']);
    });
    expect(worked).toEqual(['first']);
    expect(await queue.find('jobs', 'second')).toMatchObject({ holder: 'b' });
  });

  it('leaves out the keys asked, in takes and reads alike', async () => {
    for (const key of ['a1', 'b1', 'a2']) await queue.enqueue({ topic: 'jobs', key, payload: {}, dueAt: at(0) });
    const query = { topic: 'jobs', now: at(1), exceptKeys: ['a1', 'a2'] };
    expect(await queue.hasDue(query)).toBe(true);
    expect(keysOf(await queue.takeDue({ ...query, holder: 'h', leaseMs: 1000, limit: 10 }))).toEqual(['b1']);
    expect(await queue.hasDue(query)).toBe(false);
    expect(await queue.countLeasedElsewhere({ ...query, holder: 'x' })).toBe(1);
    expect(await queue.countLeasedElsewhere({ ...query, exceptKeys: ['b1'], holder: 'x' })).toBe(0);
    expect(keysOf(await queue.takeDue({ ...query, exceptKeys: [], holder: 'h', leaseMs: 1000, limit: 10 }))).toEqual([
      'a1',
      'a2',
    ]);
  });

  it('release frees the lease and leaves the item due as it was', async () => {
    await queue.enqueue({ topic: 'jobs', key: 'k', payload: {}, dueAt: at(0) });
    const [item] = await take('a', 1);
    expect(await queue.release(item!.id, 'b')).toBe(false);
    expect(await queue.release(item!.id, 'a')).toBe(true);
    expect(await take('b', 1)).toMatchObject([{ key: 'k', holder: 'b', dueAt: at(0).toISOString(), settledAt: null }]);
  });

  it('enqueueing a queued key updates it, unless it is leased; remove takes it off, leased or not', async () => {
    expect(await queue.enqueue({ topic: 'jobs', key: 'k', payload: { v: 1 }, dueAt: at(10) })).toBe(true);
    expect(await queue.enqueue({ topic: 'jobs', key: 'k', payload: { v: 2 }, dueAt: at(5) })).toBe(true);
    expect(await queue.find('jobs', 'k')).toMatchObject({ payload: { v: 2 }, dueAt: at(5).toISOString(), holder: null });
    const [item] = await take('a', 6);
    expect(await queue.enqueue({ topic: 'jobs', key: 'k', payload: { v: 3 }, dueAt: at(99) })).toBe(false);
    expect(await queue.find('jobs', 'k')).toMatchObject({ id: item!.id, payload: { v: 2 }, holder: 'a' });
    expect(await queue.remove('jobs', 'k')).toBe(true);
    expect(await queue.remove('jobs', 'k')).toBe(false);
    expect(await queue.settle(item!.id, 'a', { dueAt: at(7) }, at(7))).toBe(false);
    expect(await queue.find('jobs', 'k')).toBeNull();
  });

  it('enqueueIfAbsent queues a new key once and leaves a queued one as it is, leased or not', async () => {
    expect(await queue.enqueueIfAbsent({ topic: 'jobs', key: 'k', payload: { v: 1 }, dueAt: at(10) })).toBe(true);
    expect(await queue.enqueueIfAbsent({ topic: 'jobs', key: 'k', payload: { v: 2 }, dueAt: at(5) })).toBe(false);
    expect(await queue.find('jobs', 'k')).toMatchObject({ payload: { v: 1 }, dueAt: at(10).toISOString(), holder: null });
    const [item] = await take('a', 10);
    await queue.settle(item!.id, 'a', { dueAt: at(100) }, at(10));
    expect(await queue.enqueueIfAbsent({ topic: 'jobs', key: 'k', payload: { v: 3 }, dueAt: at(11) })).toBe(false);
    expect(await queue.find('jobs', 'k')).toMatchObject({ payload: { v: 1 }, dueAt: at(100).toISOString() });
    // The same key under another topic is other work.
    expect(await queue.enqueueIfAbsent({ topic: 'other', key: 'k', payload: {}, dueAt: at(0) })).toBe(true);
    const racing = await Promise.all(
      [1, 2, 3].map((v) => queue.enqueueIfAbsent({ topic: 'jobs', key: 'race', payload: { v }, dueAt: at(0) })),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
  });

  it('enqueueAllIfAbsent queues each new key once, leaves queued ones as they are, and counts what it queued', async () => {
    expect(await queue.enqueueAllIfAbsent([])).toBe(0);
    await queue.enqueueIfAbsent({ topic: 'jobs', key: 'old', payload: { v: 1 }, dueAt: at(10) });
    const batch = ['old', 'new', 'new', 'other'].map((key, v) => ({ topic: 'jobs', key, payload: { v }, dueAt: at(20) }));
    expect(await queue.enqueueAllIfAbsent(batch)).toBe(2);
    expect(await queue.find('jobs', 'old')).toMatchObject({ payload: { v: 1 }, dueAt: at(10).toISOString() });
    expect(await queue.find('jobs', 'new')).toMatchObject({ payload: { v: 1 }, dueAt: at(20).toISOString() });
    expect(keysOf(await take('a', 30))).toEqual(['old', 'new', 'other']);
  });

  it('takes items not due yet when asked, and leaves out those settled since a given instant', async () => {
    await queue.enqueue({ topic: 'jobs', key: 'due', payload: {}, dueAt: at(0) });
    await queue.enqueue({ topic: 'jobs', key: 'later', payload: {}, dueAt: at(500) });
    const [due] = await take('a', 10, { limit: 1 });
    await queue.settle(due!.id, 'a', { dueAt: at(20) }, at(10));
    const query = { topic: 'jobs', holder: 'run', evenIfNotDue: true, leaseMs: 60_000, limit: 10 };
    // A run started at 10 has done `due` already; one started later, or whose clock is behind the settle, takes it.
    expect(keysOf(await queue.takeDue({ ...query, now: at(30), notSettledSince: at(10) }))).toEqual(['later']);
    await queue.release((await queue.find('jobs', 'later'))!.id, 'run');
    const behind = await queue.takeDue({ ...query, now: at(5), notSettledSince: at(5), leaseMs: 1 });
    expect(keysOf(behind)).toEqual(['due', 'later']);
    expect(keysOf(await queue.takeDue({ ...query, now: at(31), notSettledSince: at(31) }))).toEqual(['due', 'later']);
  });

  it('takes one item by its key, due or not, once at a time', async () => {
    await queue.enqueue({ topic: 'jobs', key: 'k', payload: { v: 1 }, dueAt: at(100) });
    const ask = (holder: string, seconds: number) =>
      queue.take({ topic: 'jobs', key: 'k', now: at(seconds), holder, leaseMs: 10_000 });
    const [a, b] = await Promise.all([ask('a', 1), ask('b', 1)]);
    expect([a, b].filter((item) => item !== null)).toHaveLength(1);
    const winner = (a ?? b)!;
    expect(winner).toMatchObject({ key: 'k', payload: { v: 1 }, leasedUntil: at(11).toISOString() });
    expect(await ask('c', 5)).toBeNull();
    expect(await ask('c', 12)).toMatchObject({ holder: 'c' });
    expect(await queue.take({ topic: 'jobs', key: 'none', now: at(1), holder: 'a', leaseMs: 1000 })).toBeNull();
    expect(await queue.take({ topic: 'other', key: 'k', now: at(1), holder: 'a', leaseMs: 1000 })).toBeNull();
  });
}
