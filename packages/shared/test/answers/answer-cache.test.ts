import { AnswerCache, cachedAnswer } from '../../src/answers/answer-cache';

/** Keeps `value` as a second asking would: the cache admits a key the second time it is asked for. */
function keep<T extends { json: string; etag: string }>(cache: AnswerCache<T>, key: string, generation: number, value: T) {
  cache.set(key, generation, value);
  cache.set(key, generation, value);
}

const answer = (bytes: number, tag = 'x') => ({ json: 'a'.repeat(bytes), etag: `"${tag}"` });

describe('the cache of served answers (a pure rule)', () => {
  it('never holds more than its budget, however many answers of whatever size are kept', () => {
    const cache = new AnswerCache<ReturnType<typeof answer>>(64 * 1024);
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i++) {
      const key = `https://news.example/${Math.floor(random() * 3000)}`;
      if (!cache.get(key, 1)) keep(cache, key, 1, answer(Math.floor(random() * 9000)));
      expect(cache.size).toBeLessThanOrEqual(cache.budgetBytes);
    }
    expect(cache.count).toBeGreaterThan(5);
  });

  it('keeps an answer asked for again over one that was not, when it must make room', () => {
    const cache = new AnswerCache<ReturnType<typeof answer>>(3 * (1000 + 200));
    cache.get('', 1);
    for (const key of ['a', 'b', 'c']) keep(cache, key, 1, answer(1000, key));
    expect(cache.get('a', 1)).toBeDefined();
    keep(cache, 'd', 1, answer(1000, 'd'));
    expect(cache.get('a', 1)?.etag).toBe('"a"');
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('never keeps one answer larger than the whole budget', () => {
    const cache = new AnswerCache<ReturnType<typeof answer>>(1000);
    cache.get('', 1);
    keep(cache, 'big', 1, answer(5000));
    expect(cache.get('big', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets everything when the generation moves on, and never keeps an answer read at an older one', async () => {
    const cache = new AnswerCache<ReturnType<typeof answer>>(1 << 20);
    let generation = 1;
    let computed = 0;
    const lookup = () =>
      cachedAnswer(cache, { answersGeneration: async () => generation }, 'k', async () => answer(10, String(++computed)));
    expect((await lookup()).etag).toBe('"1"');
    expect((await lookup()).etag).toBe('"2"');
    expect((await lookup()).etag).toBe('"2"');
    generation = 2;
    expect((await lookup()).etag).toBe('"3"');
    keep(cache, 'k', 1, answer(10, 'stale'));
    expect((await lookup()).etag).toBe('"3"');
  });

  it('without a cache, computes every answer', async () => {
    let computed = 0;
    const lookup = () =>
      cachedAnswer(undefined, { answersGeneration: async () => 1 }, 'k', async () => answer(10, String(++computed)));
    await lookup();
    expect((await lookup()).etag).toBe('"2"');
  });
});

describe('answers shared by many keys', () => {
  it("keeps one answer's bytes once, however many keys it answers, and lets them go with the last key", () => {
    const cache = new AnswerCache<ReturnType<typeof answer>>(1 << 20);
    cache.get('', 1);
    for (let i = 0; i < 100; i++) keep(cache, `https://news.example/${i}`, 1, answer(10_000, 'author'));
    expect(cache.count).toBe(100);
    expect(cache.size).toBeLessThan(10_000 + 100 * 400);
    const first = cache.get('https://news.example/0', 1)!;
    expect(cache.get('https://news.example/99', 1)!.json).toBe(first.json);
  });

  it('never exceeds the budget with shared and single answers mixed', () => {
    const cache = new AnswerCache<ReturnType<typeof answer>>(40_000);
    cache.get('', 1);
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i++) {
      const author = Math.floor(random() * 40);
      const key = `https://news.example/${author}/${Math.floor(random() * 50)}`;
      if (!cache.get(key, 1)) keep(cache, key, 1, answer(500 + author * 50, `a${author}`));
      expect(cache.size).toBeLessThanOrEqual(cache.budgetBytes);
    }
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('which answers are kept', () => {
  it('keeps an answer from the second time its key is asked for, not the first', async () => {
    const cache = new AnswerCache<ReturnType<typeof answer>>(1 << 20);
    let computed = 0;
    const lookup = (key: string) =>
      cachedAnswer(cache, { answersGeneration: () => 1 }, key, async () => answer(10, String(++computed)));
    await lookup('once');
    expect(cache.count).toBe(0);
    await lookup('once');
    expect(cache.count).toBe(1);
    expect((await lookup('once')).etag).toBe('"2"');
  });
});
