/** A clock that stands still until the test moves it, for caches that expire by time (ServiceDeps.now). */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}
