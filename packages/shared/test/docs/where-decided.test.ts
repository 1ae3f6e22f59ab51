/**
 * docs/architecture.md's "Where is it decided?" table names, for each behaviour, the one file that decides it: a
 * file moved or renamed must take its line in the table with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@byline/test-support';
import { proseLines, readDoc } from './markdown';

interface Row {
  behaviour: string;
  decider: string[];
  mentioned: string[];
}

/** The table's rows under the heading: each behaviour, the paths of its "decides" column, the paths in its notes. */
function whereDecided(markdown: string): Row[] {
  const lines = proseLines(markdown);
  const start = lines.indexOf('## Where is it decided?');
  if (start === -1) return [];
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const paths = (cell: string) => [...cell.matchAll(/`([^`\s]+\/[^`\s]+\.[a-z]+)`/g)].map((match) => match[1]!);
  return lines
    .slice(start, end === -1 ? undefined : end)
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1) // the header
    .map((line) => line.split('|').slice(1, -1))
    .map(([behaviour = '', decider = '', notes = '']) => ({
      behaviour: behaviour.trim(),
      decider: paths(decider),
      mentioned: paths(notes).filter((named) => named.startsWith('packages/')),
    }));
}

describe('docs/architecture.md, "Where is it decided?"', () => {
  const rows = whereDecided(readDoc('docs/architecture.md'));

  it('has a line for at least twelve behaviours', () => {
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((row) => row.behaviour)).size).toBe(rows.length);
  });

  it.each(rows.map((row) => [row.behaviour, row] as const))('%s: names one file, which exists', (_behaviour, row) => {
    expect(row.decider).toHaveLength(1);
    const missing = [...row.decider, ...row.mentioned].filter((named) => !fs.existsSync(path.join(REPO_ROOT, named)));
    expect(missing).toEqual([]);
  });

  it('would fail on a path that does not exist', () => {
    const [row] = whereDecided(
      '## Where is it decided?\n\n| Behaviour | File |\n| - | - |\n| gone | `packages/shared/src/no-such-file.ts` |\n',
    );
    expect(row?.decider).toEqual(['packages/shared/src/no-such-file.ts']);
    expect(fs.existsSync(path.join(REPO_ROOT, row!.decider[0]!))).toBe(false);
  });
});
