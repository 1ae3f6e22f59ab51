import type Database from 'better-sqlite3';
import { readEvidenceOf } from '../evidence/sqlite-author-evidence';
import { sqliteOutletsUnit } from '../outlets/sqlite-outlets-unit';
import { readAuthorView } from '../store/profile-records';
import { preparedPerConnection } from '../store/prepared-per-connection';
import type { AnswersUnit, EvidencedView, ProfileAnswers } from '@byline/domain/answers/answers-unit';
import type { DocumentSteps } from '@byline/domain/documents/documents';
import { SqliteDocuments, type SqliteTable } from '../documents/sqlite-documents';
import { SqliteDatabase } from '../store/sqlite-database';
import { JOURNALIST_CREDENTIALS_TABLE } from '../credentials/sqlite-journalist-credentials-tables';
import type { ProvenBlueskyAccount } from '@byline/domain/bluesky-verification/note-bluesky-verifications';
import { BLUESKY_VERIFICATIONS_TABLE } from '../bluesky-verification/sqlite-bluesky-verifications-table';

function prepare(db: Database.Database) {
  return {
    count: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM articles WHERE profile_id = ? AND active = 1'),
    storeAnswers: db.prepare<[number, string, string, number]>(
      'UPDATE profiles SET active_article_count = ?, article_answer = ?, journalist_answer = ? WHERE id = ?',
    ),
    // Null before migration 016 added the tag columns (backfills of older migrations re-render too). One
    // statement: its trigger clears the tags when the answers change and the tags do not.
    storeTaggedAnswers: hasTagColumns(db)
      ? db.prepare<[number, string, string, string, string, number]>(
          'UPDATE profiles SET active_article_count = ?, article_answer = ?, journalist_answer = ?, article_etag = ?, journalist_etag = ? WHERE id = ?',
        )
      : null,
    // Null before migration 032 added the v2 columns: the tables evidence is read from may not exist yet either.
    storeAllAnswers: hasColumn(db, 'article_v2_answer')
      ? db.prepare<[number, string, string, string, string, string, string, number]>(
          `UPDATE profiles SET active_article_count = ?, article_answer = ?, journalist_answer = ?, article_etag = ?,
             journalist_etag = ?, article_v2_answer = ?, article_v2_etag = ? WHERE id = ?`,
        )
      : null,
  };
}

/**
 * The document steps of `table` on a connection, inside the caller's transaction; null until the migration that makes
 * the table has run (the re-renders of older migrations' data steps run before it), looked for again until then.
 */
function stepsOnceMade<D>(table: SqliteTable<D>): (db: Database.Database) => DocumentSteps<D> | null {
  const made = new WeakMap<Database.Database, DocumentSteps<D>>();
  return (db) => {
    let steps = made.get(db);
    if (!steps && hasTable(db, table.name)) {
      steps = new SqliteDocuments(new SqliteDatabase(db.name, db), table).steps;
      made.set(db, steps);
    }
    return steps ?? null;
  };
}

/** The credentials' steps (their table: migration 051). */
const credentialsOn = stepsOnceMade(JOURNALIST_CREDENTIALS_TABLE);
/** The Bluesky verifications' steps (their table: migration 053). */
const blueskyVerificationsOn = stepsOnceMade(BLUESKY_VERIFICATIONS_TABLE);

/** A profile's proven Bluesky claims with a live proof, oldest first (the claims table exists from migration 053's on). */
const provenBlueskyStatements = preparedPerConnection((db: Database.Database) =>
  db.prepare<[number], ProvenBlueskyAccount>(
    `SELECT c.profile_id AS profileId, c.key AS did, c.value AS value FROM claims c
     WHERE c.profile_id = ? AND c.kind = 'bluesky' AND c.state = 'proven' AND c.released_at IS NULL
       AND EXISTS (SELECT 1 FROM evidence e WHERE e.claim_id = c.id AND e.ended_at IS NULL)
     ORDER BY c.id`,
  ),
);

const hasTable = (db: Database.Database, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined;
const hasColumn = (db: Database.Database, name: string) =>
  db.prepare("SELECT 1 FROM pragma_table_info('profiles') WHERE name = ?").get(name) !== undefined;
const hasTagColumns = (db: Database.Database) => hasColumn(db, 'article_etag');

const statements = preparedPerConnection(prepare);
/** Drops the statements prepared for this connection, after a migration changed what they must write. */
export const forgetAnswerStatements = statements.forget;

/** The embedded database's side of re-rendering: synchronous, so it runs inside the caller's transaction. */
export function sqliteAnswersUnit(db: Database.Database): AnswersUnit {
  const { count, storeAnswers, storeTaggedAnswers, storeAllAnswers } = statements(db);
  return {
    ...sqliteOutletsUnit(db),
    credentials: credentialsOn(db),
    blueskyVerifications: blueskyVerificationsOn(db),
    provenBlueskyAccounts(profileIds: number[]): ProvenBlueskyAccount[] {
      const statement = provenBlueskyStatements(db);
      return profileIds.flatMap((id) => statement.all(id));
    },
    // Notes are in order inside the transaction; an erased profile's id is given again to the next profile made.
    goneRevision: 0,
    authorViews(profileIds: number[]): EvidencedView[] {
      const views: EvidencedView[] = [];
      for (const id of profileIds) {
        const view = readAuthorView(db, id);
        const evidence = storeAllAnswers ? readEvidenceOf(db, id) : [];
        if (view) views.push({ ...view, activeArticleCount: count.get(id)!.n, evidence, revision: 0 });
      }
      return views;
    },
    credentialViews(profileIds: number[]) {
      return profileIds.flatMap((id) => {
        const view = readAuthorView(db, id);
        return view ? [{ profile: view.profile, evidence: storeAllAnswers ? readEvidenceOf(db, id) : [], revision: 0 }] : [];
      });
    },
    // Inside the change's transaction nothing else writes, so no save misses (no revision is kept).
    saveAnswers(rendered: ProfileAnswers[]): number[] {
      for (const { profileId, activeArticleCount: n, answers } of rendered) {
        const { article, journalist, articleTag, journalistTag } = answers;
        if (storeAllAnswers) {
          storeAllAnswers.run(
            n,
            article,
            journalist,
            articleTag,
            journalistTag,
            answers.articleV2,
            answers.articleV2Tag,
            profileId,
          );
        } else if (storeTaggedAnswers) {
          storeTaggedAnswers.run(n, article, journalist, articleTag, journalistTag, profileId);
        } else storeAnswers.run(n, article, journalist, profileId);
      }
      return [];
    },
    forgetAnswers(): never {
      throw new Error('no save misses inside a transaction: nothing to forget');
    },
    // A change and its re-render commit in one transaction: nothing is served between them to take out of service.
    outOfService: null,
  };
}
