import type { SqliteDatabase } from '../store/sqlite-database';
import type { ClaimKind } from '@byline/domain/proofs/claims';
import {
  ASKED_ACTIONS,
  DECISION_ACTIONS,
  foldName,
  MAX_LOOKALIKES,
  ONCE_VERIFIED_ACTIONS,
  type Directory,
  type DirectoryPage,
  type DirectoryQuery,
  type DirectoryState,
  type Lookalike,
} from '@byline/domain/directory/directory-repository';

interface ProfileRow {
  id: number;
  slug: string;
  verified: number;
  doc: string;
}

const inList = (actions: readonly string[]) => actions.map((action) => `'${action}'`).join(', ');
const field = (name: string) => `json_extract(p.doc, '$.${name}')`;

/** The profiles the text matches (all when it is null), with their state: the rule of stateOf, in SQL. */
const MATCHED_WITH_STATE = `
  WITH matched AS (
    SELECT p.id, p.slug, p.verified, p.doc FROM profiles p
    WHERE @text IS NULL
      OR instr(byline_lower(${field('profile_first_name')} || ' ' || ${field('profile_last_name')}), @text) > 0
      OR instr(byline_lower(p.slug), @text) > 0
      OR instr(byline_lower(${field('profile_employer')}), @text) > 0
      OR EXISTS (SELECT 1 FROM claims c WHERE c.profile_id = p.id AND c.released_at IS NULL
                 AND (instr(byline_lower(c.value), @text) > 0 OR instr(byline_lower(c.key), @text) > 0))
      OR EXISTS (SELECT 1 FROM articles a WHERE a.profile_id = p.id AND instr(byline_lower(a.canonical_url), @text) > 0)
  ), stated AS (
    SELECT m.*, CASE
      WHEN m.verified = 1 THEN 'verified'
      WHEN EXISTS (SELECT 1 FROM verification_requests r WHERE r.profile_id = m.id AND r.status = 'pending') THEN 'pending'
      WHEN EXISTS (SELECT 1 FROM verification_audit v WHERE v.profile_id = m.id AND v.action IN (${inList(ONCE_VERIFIED_ACTIONS)})) THEN 'lapsed'
      WHEN EXISTS (SELECT 1 FROM verification_audit v WHERE v.profile_id = m.id AND v.action IN (${inList(ASKED_ACTIONS)})) THEN 'refused'
      ELSE 'never-asked' END AS state
    FROM matched m
  )`;

interface SearchParams {
  text: string | null;
  state: DirectoryState | null;
  limit: number;
  offset: number;
}

const statements = (database: SqliteDatabase) => ({
  page: database.prepare<[SearchParams], ProfileRow & { state: DirectoryState; last_decision_at: string | null }>(
    `${MATCHED_WITH_STATE}
    SELECT s.*, (SELECT max(v.at) FROM verification_audit v WHERE v.profile_id = s.id AND v.action IN (${inList(DECISION_ACTIONS)})) AS last_decision_at
    FROM stated s WHERE @state IS NULL OR s.state = @state ORDER BY s.id LIMIT @limit OFFSET @offset`,
  ),
  total: database
    .prepare<[Omit<SearchParams, 'limit' | 'offset'>], number>(
      `${MATCHED_WITH_STATE} SELECT count(*) FROM stated WHERE @state IS NULL OR state = @state`,
    )
    .pluck(),
  profile: database.prepare<[number], ProfileRow>('SELECT id, slug, verified, doc FROM profiles WHERE id = ?'),
  sameName: database.prepare<[number, string, string, string, number], ProfileRow>(
    `SELECT p.id, p.slug, p.verified, p.doc FROM profiles p WHERE p.id != ?
      AND byline_fold(${field('profile_first_name')}) = ? AND byline_fold(${field('profile_last_name')}) = ?
      AND byline_fold(${field('profile_employer')}) = ? ORDER BY p.id LIMIT ?`,
  ),
  sameClaims: database.prepare<[number], { profile_id: number; kind: ClaimKind; value: string }>(
    `SELECT other.profile_id, other.kind, other.value FROM claims mine
      JOIN claims other ON other.kind = mine.kind AND other.key = mine.key AND other.profile_id != mine.profile_id
        AND other.released_at IS NULL
      WHERE mine.profile_id = ? AND mine.released_at IS NULL ORDER BY other.profile_id, other.id`,
  ),
  // Both proven: co-authors, not look-alikes.
  sameArticles: database.prepare<[number], { profile_id: number; canonical_url: string }>(
    `SELECT other.profile_id, other.canonical_url FROM articles mine
      JOIN articles other ON other.canonical_url = mine.canonical_url AND other.profile_id != mine.profile_id
        AND json_extract(other.proof, '$.state') != 'released' AND NOT (mine.proven = 1 AND other.proven = 1)
      WHERE mine.profile_id = ? AND json_extract(mine.proof, '$.state') != 'released' ORDER BY other.profile_id, other.id`,
  ),
});

const namesOf = (row: ProfileRow) => {
  const doc = JSON.parse(row.doc) as { profile_first_name: string; profile_last_name: string; profile_employer: string };
  return { firstName: doc.profile_first_name, lastName: doc.profile_last_name, employer: doc.profile_employer };
};

/**
 * The directory over the embedded store's tables. SQLite's own lower() folds ASCII only, so the connection gets
 * JavaScript's case folding (byline_lower) and the duplicate check's name folding (byline_fold).
 */
export class SqliteDirectory implements Directory {
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

  search({ text, state, limit, offset }: DirectoryQuery): Promise<DirectoryPage> {
    const wanted = { text: text?.trim() ? text.trim().toLowerCase() : null, state: state ?? null };
    return this.database.read(() => ({
      rows: this.sql.page.all({ ...wanted, limit, offset }).map((row) => ({
        profileId: row.id,
        slug: row.slug,
        ...namesOf(row),
        state: row.state,
        verified: row.verified === 1,
        ...(row.last_decision_at ? { lastDecisionAt: row.last_decision_at } : {}),
      })),
      total: this.sql.total.get(wanted)!,
    }));
  }

  lookalikesOf(profileId: number): Promise<Lookalike[]> {
    return this.database.read(() => {
      const row = this.sql.profile.get(profileId);
      if (!row) return [];
      const mine = namesOf(row);
      const found = new Map<number, Lookalike>();
      const entry = (other: ProfileRow): Lookalike => {
        const known = found.get(other.id);
        if (known) return known;
        const made: Lookalike = {
          profileId: other.id,
          slug: other.slug,
          ...namesOf(other),
          verified: other.verified === 1,
          reasons: [],
          sharedClaims: [],
          sharedArticles: [],
        };
        found.set(other.id, made);
        return made;
      };
      const [first, last] = [foldName(mine.firstName), foldName(mine.lastName)];
      if (first && last) {
        for (const other of this.sql.sameName.all(profileId, first, last, foldName(mine.employer), MAX_LOOKALIKES)) {
          entry(other).reasons.push('name-and-employer');
        }
      }
      for (const claim of this.sql.sameClaims.all(profileId)) {
        const other = this.sql.profile.get(claim.profile_id);
        if (!other) continue;
        const lookalike = entry(other);
        if (!lookalike.reasons.includes('same-claim')) lookalike.reasons.push('same-claim');
        lookalike.sharedClaims.push({ kind: claim.kind, value: claim.value });
      }
      for (const article of this.sql.sameArticles.all(profileId)) {
        const other = this.sql.profile.get(article.profile_id);
        if (!other) continue;
        const lookalike = entry(other);
        if (!lookalike.reasons.includes('same-article')) lookalike.reasons.push('same-article');
        lookalike.sharedArticles.push(article.canonical_url);
      }
      return [...found.values()].sort((a, b) => a.profileId - b.profileId).slice(0, MAX_LOOKALIKES);
    });
  }
}
