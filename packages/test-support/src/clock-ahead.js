// Preloaded (`node --require`, see clockAhead in processes.ts) into a built process under test: its clock reads
// BYLINE_TEST_CLOCK_AHEAD_MS ahead of the machine's, so a test sees what the process does once a period it was
// configured with (a minute at the least) has passed, without waiting that long. Only Date moves: timers and
// monotonic clocks (performance.now, process.hrtime) run as before. Plain CommonJS: loaded before anything else.
const ahead = Number(process.env.BYLINE_TEST_CLOCK_AHEAD_MS);
if (!Number.isFinite(ahead)) throw new Error('clock-ahead.js: BYLINE_TEST_CLOCK_AHEAD_MS must be a number of milliseconds');

const RealDate = Date;
const now = () => RealDate.now() + ahead;

globalThis.Date = new Proxy(RealDate, {
  // new Date() is now, ahead; a Date of a given time stays that time.
  construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
  // Date() called as a function gives the current time as a string.
  apply: () => new RealDate(now()).toString(),
  get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
});
