import type Database from 'better-sqlite3';

/**
 * The lookups' answers, each kind in a narrow table of its own (one row per profile: whether it is verified, the
 * answer and its tag). A profile's row holds its document and all its answers, about 10 KB: a lookup that reads it
 * reads two or three pages, and at ten million articles those pages do not fit in memory. A v1 or journalist answer's
 * row here fits in one page (v2's, larger, in two). They are copies of the profile's columns, which stay the record for one release (a process from before
 * them still reads and writes those): triggers keep the copies in step with every write of the profile's row, by
 * whichever process, reading the row as it stands once the write is done (so the order in which the tag triggers and
 * these fire does not matter). No rule is decided here: the copies are what the re-render wrote.
 */
const COPIES = [
  { table: 'article_answers', answer: 'article_answer', tag: 'article_etag', handles: false },
  { table: 'article_v2_answers', answer: 'article_v2_answer', tag: 'article_v2_etag', handles: false },
  // With the handles the profile shows: a journalist answer names the one looked up as the profile writes it.
  { table: 'journalist_answers', answer: 'journalist_answer', tag: 'journalist_etag', handles: true },
] as const;

type Copy = (typeof COPIES)[number];

/** The copy's columns, and what each is copied from in the profile's row. */
const columnsOf = ({ handles }: Copy) => `profile_id, verified, json, etag${handles ? ', handles' : ''}`;
// A document that is not JSON (never written so) copies no handles rather than failing the write that fires the copy.
const sourcesOf = ({ answer, tag, handles }: Copy) =>
  `id, verified, ${answer}, ${tag}${handles ? ", CASE WHEN json_valid(doc) THEN json_extract(doc, '$.profile_social_profiles') END" : ''}`;
/** The profile's columns whose writes the copy follows. */
const followedOf = ({ answer, tag, handles }: Copy) => `verified, ${answer}, ${tag}${handles ? ', doc' : ''}`;

/**
 * Deleted, then inserted: a trigger's statements take the conflict policy of the write that fired it (an `UPDATE OR
 * IGNORE profiles …` would make an `INSERT OR REPLACE` here ignore the new copy), so the copy must meet no conflict.
 */
const copyOf = (copy: Copy, id: string) =>
  `DELETE FROM ${copy.table} WHERE profile_id = ${id};
  INSERT INTO ${copy.table} (${columnsOf(copy)}) SELECT ${sourcesOf(copy)} FROM profiles WHERE id = ${id};`;

export const ANSWER_TABLES_SQL = `
${COPIES.map(
  ({ table, handles }) =>
    `CREATE TABLE ${table} (profile_id INTEGER PRIMARY KEY, verified INTEGER NOT NULL, json TEXT, etag TEXT${handles ? ', handles TEXT' : ''});`,
).join('\n')}
CREATE TRIGGER answer_tables_on_insert AFTER INSERT ON profiles BEGIN
  ${COPIES.map((copy) => copyOf(copy, 'NEW.id')).join('\n  ')}
END;
${COPIES.map(
  (copy) => `CREATE TRIGGER ${copy.table}_in_step AFTER UPDATE OF ${followedOf(copy)} ON profiles BEGIN
  ${copyOf(copy, 'NEW.id')}
END;`,
).join('\n')}
CREATE TRIGGER answer_tables_on_delete AFTER DELETE ON profiles BEGIN
  ${COPIES.map(({ table }) => `DELETE FROM ${table} WHERE profile_id = OLD.id;`).join('\n  ')}
END;
`;

/** What takes the answer tables away (the schema before them): for tests of stores from before them. */
export const WITHOUT_ANSWER_TABLES_SQL = `
DROP TRIGGER answer_tables_on_insert;
DROP TRIGGER answer_tables_on_delete;
${COPIES.map(({ table }) => `DROP TRIGGER ${table}_in_step; DROP TABLE ${table};`).join('\n')}
`;

const CHUNK = 1000;

/**
 * Backfill: the copies of the profiles written before the tables, a thousand profiles to a transaction. Resumable: a
 * copy already there (written by a trigger since, or by an earlier run) is left as it is, being as new or newer, and
 * its profile's answers are not read again: the filter needs only the id.
 */
export function fillAnswerTables(db: Database.Database): void {
  const lastOfChunk = db
    .prepare<[number, number], number | null>('SELECT max(id) FROM (SELECT id FROM profiles WHERE id > ? ORDER BY id LIMIT ?)')
    .pluck();
  const fills = COPIES.map((copy) =>
    db.prepare<[number, number]>(
      `INSERT INTO ${copy.table} (${columnsOf(copy)}) SELECT ${sourcesOf(copy)} FROM profiles
       WHERE id > ? AND id <= ? AND NOT EXISTS (SELECT 1 FROM ${copy.table} c WHERE c.profile_id = profiles.id)`,
    ),
  );
  const fillChunk = db.transaction((after: number): number | null => {
    const last = lastOfChunk.get(after, CHUNK) ?? null;
    if (last !== null) for (const fill of fills) fill.run(after, last);
    return last;
  });
  for (let after: number | null = 0; after !== null;) after = fillChunk.immediate(after);
}
