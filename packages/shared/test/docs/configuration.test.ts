import { configVariables, parseDuration } from '@byline/domain/config/config';
import { proseLines, readDoc } from './markdown';

/**
 * The configuration is documented once, in docs/operators.md's table, and the table follows the schema that checks
 * it at start-up: every variable the schema reads has its row, every row names a variable the schema reads (or the
 * portal's sign-in family), and a default the schema gives is the default the row shows.
 */
function documentedVariables(): Map<string, string> {
  const page = proseLines(readDoc('docs/operators.md'));
  const start = page.indexOf('## Configuration');
  const rows = new Map<string, string>();
  for (const line of page.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    const cells = /^\| `([A-Z0-9_<>*]+)` +\| ([^|]*)\|/.exec(line);
    if (cells) rows.set(cells[1]!, cells[2]!.trim());
  }
  return rows;
}

describe('the configuration table (docs/operators.md)', () => {
  const documented = documentedVariables();
  const schema = configVariables();

  it('has a row for every variable the start-up check reads, and no other', () => {
    const rows = [...documented.keys()].filter((name) => name !== 'SIGNIN_<NETWORK>_*').sort();
    expect(rows).toEqual(schema.map((variable) => variable.name).sort());
  });

  it.each(schema.filter((variable) => variable.default !== undefined).map((v) => [v.name, v.default] as const))(
    '%s shows the default the schema gives',
    (name, value) => {
      const shown = /^`([^`]*)`$/.exec(documented.get(name) ?? '')?.[1];
      expect(shown).toBeDefined();
      expect(String(value) === shown || parseDuration(shown!) === value).toBe(true);
    },
  );
});
