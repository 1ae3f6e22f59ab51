import type Database from 'better-sqlite3';
import { recordEventsNow } from '../webhook-events/sqlite-queued-events';
import type { SocialProfiles, SocialType } from '@byline/domain/domain/types';
import type { ShownHandles } from '@byline/domain/claims/claims-repository';
import { claimsUnitOver, type ClaimDocuments, type DocumentClaimsUnit } from '@byline/domain/claims/claim-documents';
import { enqueueNow } from '../queue/sqlite-leased-queue';
import { recheckItemOf } from '@byline/domain/recheck/recheck-records';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { SqliteDatabase } from '../store/sqlite-database';
import { SqliteDocuments } from '../documents/sqlite-documents';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { AUDIT_TABLE } from '../audit/sqlite-audit-history';
import { isNetwork } from '@byline/domain/proofs/claim-values';
import { CLAIMS_TABLE, EVIDENCE_TABLE } from './sqlite-claim-tables';
import { PROFILES_TABLE } from '../profiles/sqlite-profiles-table';

/*
 * What the embedded store keeps of the claims unit by hand (see StoredClaimsUnit), synchronously inside the caller's
 * transaction: the handle lookup index the verifiers read, and the profiles' documents. The claims, their proofs and
 * the history are the generic documents' (claimsUnitOver). Every embedded-store write that touches handles runs the
 * unit: the claims repository, the portal's profile form, `byline import`, re-checks.
 */

const statements = preparedPerConnection((db: Database.Database) => ({
  handleHolder: db
    .prepare<[string, string], number>('SELECT profile_id FROM social_handles WHERE social_type = ? AND handle_key = ?')
    .pluck(),
  insertHandle: db.prepare<[string, string, number]>(
    'INSERT OR IGNORE INTO social_handles (social_type, handle_key, profile_id) VALUES (?, ?, ?)',
  ),
  deleteHandle: db.prepare<[string, string, number]>(
    'DELETE FROM social_handles WHERE social_type = ? AND handle_key = ? AND profile_id = ?',
  ),
  profileDoc: db.prepare<[number], string>('SELECT doc FROM profiles WHERE id = ?').pluck(),
  profileState: db.prepare<[number], { slug: string; verified: number; doc: string }>(
    'SELECT slug, verified, doc FROM profiles WHERE id = ?',
  ),
  setProfileDoc: db.prepare<[string, number]>('UPDATE profiles SET doc = ? WHERE id = ?'),
}));

/** The claims' documents on this connection, as steps inside the caller's transaction. */
export const claimDocumentsOn = preparedPerConnection((db: Database.Database): ClaimDocuments => {
  const database = new SqliteDatabase(db.name, db);
  return {
    claims: new SqliteDocuments(database, CLAIMS_TABLE).steps,
    evidence: new SqliteDocuments(database, EVIDENCE_TABLE).steps,
    history: new SqliteDocuments(database, AUDIT_TABLE).steps,
    profiles: new SqliteDocuments(database, PROFILES_TABLE).steps,
  };
});

interface ProfileHandles {
  profile_social_profiles?: Partial<SocialProfiles>;
}

/** The claims rules' primitive steps on this connection, synchronous (run them with runNow inside a transaction). */
export function sqliteClaimsUnit(db: Database.Database): DocumentClaimsUnit {
  const sql = statements(db);
  return claimsUnitOver(claimDocumentsOn(db), {
    answers: sqliteAnswersUnit(db),
    lookupHolder: (type: SocialType, key) => sql.handleHolder.get(type, key),
    enterLookup({ profileId, kind, key }) {
      if (!isNetwork(kind)) return null;
      sql.insertHandle.run(kind, key, profileId);
      const holder = sql.handleHolder.get(kind, key);
      return holder === profileId ? null : holder!;
    },
    leaveLookup(claims) {
      for (const { profileId, kind, key } of claims) if (isNetwork(kind)) sql.deleteHandle.run(kind, key, profileId);
    },
    scheduleRecheck(evidenceId, dueAt) {
      const item = recheckItemOf({ id: evidenceId, nextCheckAt: dueAt, endedAt: null });
      if (item) enqueueNow(db, item);
    },
    shownHandlesOf(profileIds) {
      const shown = new Map<number, ShownHandles>();
      for (const id of profileIds) {
        const row = sql.profileState.get(id);
        if (!row) continue;
        const handles = (JSON.parse(row.doc) as ProfileHandles).profile_social_profiles ?? {};
        shown.set(id, { handles, slug: row.slug, verified: row.verified === 1 });
      }
      return shown;
    },
    showHandles(shown) {
      for (const [id, { handles, events }] of shown) {
        const doc = JSON.parse(sql.profileDoc.get(id)!) as ProfileHandles;
        doc.profile_social_profiles = handles;
        sql.setProfileDoc.run(JSON.stringify(doc), id);
        recordEventsNow(db, events);
      }
    },
  });
}
