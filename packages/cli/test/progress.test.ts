import { PassThrough } from 'node:stream';
import { byteCount, progressReporter } from '../src/import/progress';

function stream(isTTY: boolean) {
  const out = new PassThrough() as PassThrough & { isTTY: boolean; columns: number };
  out.isTTY = isTTY;
  out.columns = 100;
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { out, text: () => text };
}

describe('import progress', () => {
  test('without a terminal: a line at every 10 % step, and at the end', () => {
    const { out, text } = stream(false);
    const now = 0;
    const reporter = progressReporter('Importing', out, { now: () => now });
    for (let done = 500; done <= 10_000; done += 500) reporter.update({ done, total: 10_000 });
    reporter.stop();
    const lines = text().trim().split('\n');
    expect(lines[0]).toBe('Importing: 1000/10000 profiles (10%)');
    expect(lines).toHaveLength(10);
    expect(lines[lines.length - 1]).toBe('Importing: 10000/10000 profiles (100%)');
  });

  test('without a terminal: a line every 2 seconds even when progress is slow', () => {
    const { out, text } = stream(false);
    let now = 0;
    const reporter = progressReporter('Importing', out, { now: () => now });
    reporter.update({ done: 1, total: 1000 });
    now = 2500;
    reporter.update({ done: 2, total: 1000 });
    expect(text()).toBe('Importing: 2/1000 profiles (0%)\n');
  });

  test('on a terminal: a progress bar that ends at 100 %', () => {
    const { out, text } = stream(true);
    const reporter = progressReporter('Importing', out);
    reporter.update({ done: 500, total: 1000 });
    reporter.update({ done: 1000, total: 1000 });
    reporter.stop();
    expect(text()).toContain('Importing [');
    expect(text()).toContain('100% | 1000/1000 profiles');
  });
});

describe('amounts', () => {
  test('bytes in the unit that suits the total', () => {
    expect(byteCount(512, 2048)).toBe('0.5/2.0 KB');
    expect(byteCount(3 * 2 ** 20, 80 * 2 ** 20)).toBe('3.0/80.0 MB');
    expect(byteCount(2 ** 30, 2 ** 31)).toBe('1.0/2.0 GB');
    expect(byteCount(10, 100)).toBe('10/100 bytes');
  });

  test('a line counts in the amount given', () => {
    const { out, text } = stream(false);
    progressReporter('Importing', out, { amount: byteCount, now: () => 0 }).update({ done: 2 ** 20, total: 2 ** 21 });
    expect(text()).toBe('Importing: 1.0/2.0 MB (50%)\n');
  });
});
