import type { SqliteDatabase } from '../store/sqlite-database';
import { foldName } from '@byline/domain/directory/directory-repository';
import type { DatabaseDirectory, StoredDirectoryFacts, StoredDirectoryQuery } from '@byline/domain/directory/stored-directory';

interface FactsRow {
  id: number;
  verified: number;
  pending: number;
  once_verified: number;
  asked: number;
  last_decision_at: string | null;
}

const field = (name: string) => `json_extract(p.doc, '$.${name}')`;
/** A list parameter, bound as JSON text. */
const inList = (parameter: string) => `IN (SELECT value FROM json_each(${parameter}))`;
const ofProfile = (records: string, alias: string) => `SELECT 1 FROM ${records} ${alias} WHERE ${alias}.profile_id = m.id`;

/** The profiles the text matches (all when it is null), with each fact of the records named, as 0 or 1. */
const MATCHED_WITH_FACTS = `
  WITH matched AS (
    SELECT p.id, p.verified IS 1 AS verified FROM profiles p
    WHERE @text IS NULL
      OR instr(byline_lower(${field('profile_first_name')} || ' ' || ${field('profile_last_name')}), @text) > 0
      OR instr(byline_lower(p.slug), @text) > 0
      OR instr(byline_lower(${field('profile_employer')}), @text) > 0
      OR EXISTS (SELECT 1 FROM claims c WHERE c.profile_id = p.id AND c.released_at IS NULL
                 AND (instr(byline_lower(c.value), @text) > 0 OR instr(byline_lower(c.key), @text) > 0))
      OR EXISTS (SELECT 1 FROM articles a WHERE a.profile_id = p.id AND instr(byline_lower(a.canonical_url), @text) > 0)
  ), facts AS (
    SELECT m.*,
      EXISTS (${ofProfile('verification_requests', 'r')} AND r.status = @openRequestStatus) AS pending,
      EXISTS (${ofProfile('verification_audit', 'v')} AND v.action ${inList('@onceVerifiedActions')}) AS once_verified,
      EXISTS (${ofProfile('verification_audit', 'v')} AND v.action ${inList('@askedActions')}) AS asked
    FROM matched m
  ), wanted AS (
    SELECT * FROM facts WHERE (@verified IS NULL OR verified = @verified) AND (@pending IS NULL OR pending = @pending)
      AND (@onceVerified IS NULL OR once_verified = @onceVerified) AND (@asked IS NULL OR asked = @asked)
  )`;

type Bound = string | number | null;

const statements = (database: SqliteDatabase) => ({
  page: database.prepare<[Record<string, Bound>], FactsRow>(
    `${MATCHED_WITH_FACTS}
    SELECT w.*, (SELECT max(v.at) FROM verification_audit v WHERE v.profile_id = w.id AND v.action ${inList('@decisionActions')})
      AS last_decision_at
    FROM wanted w ORDER BY w.id LIMIT @limit OFFSET @offset`,
  ),
  total: database.prepare<[Record<string, Bound>], number>(`${MATCHED_WITH_FACTS} SELECT count(*) FROM wanted`).pluck(),
  sameNames: database
    .prepare<[number, string, string, string, number], number>(
      `SELECT p.id FROM profiles p WHERE p.id != ?
      AND byline_fold(${field('profile_first_name')}) = ? AND byline_fold(${field('profile_last_name')}) = ?
      AND byline_fold(${field('profile_employer')}) = ? ORDER BY p.id LIMIT ?`,
    )
    .pluck(),
});

const bit = (fact: boolean | undefined): number | null => (fact === undefined ? null : fact ? 1 : 0);

/**
 * The directory's reads over the embedded store's tables (see DatabaseDirectory). SQLite's own lower() folds ASCII
 * only, so the connection gets JavaScript's case folding (byline_lower) and the duplicate check's name folding
 * (byline_fold).
 */
export class SqliteDirectory implements DatabaseDirectory {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    const { connection } = database;
    connection.function('byline_lower', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? value.toLowerCase() : null,
    );
    connection.function('byline_fold', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? foldName(value) : null,
    );
    this.sql = statements(database);
  }

  page({ text, facts, records, limit, offset }: StoredDirectoryQuery) {
    const wanted = {
      text: text === null ? null : text.toLowerCase(),
      verified: bit(facts.verified),
      pending: bit(facts.pending),
      onceVerified: bit(facts.onceVerified),
      asked: bit(facts.asked),
      openRequestStatus: records.openRequestStatus,
      onceVerifiedActions: JSON.stringify(records.onceVerifiedActions),
      askedActions: JSON.stringify(records.askedActions),
    };
    const decisionActions = JSON.stringify(records.decisionActions);
    return this.database.read(() => ({
      rows: this.sql.page.all({ ...wanted, decisionActions, limit, offset }).map((row): StoredDirectoryFacts => ({
        profileId: row.id,
        facts: {
          verified: row.verified === 1,
          pending: row.pending === 1,
          onceVerified: row.once_verified === 1,
          asked: row.asked === 1,
        },
        lastDecisionAt: row.last_decision_at,
      })),
      total: this.sql.total.get(wanted)!,
    }));
  }

  sameNames(profileId: number, folded: { firstName: string; lastName: string; employer: string }, limit: number) {
    const { firstName, lastName, employer } = folded;
    return this.database.read(() => this.sql.sameNames.all(profileId, firstName, lastName, employer, limit));
  }
}
