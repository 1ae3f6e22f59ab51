import type Database from 'better-sqlite3';
import { proveClaim, releaseUnprovenOthers } from '../../claims/record-proof';
import { runNow } from '../../claims/steps';
import { SOCIAL_TYPES, type SocialType } from '../../domain/types';
import { OPERATOR_PROVIDER } from '../claims';
import { releasedBecause } from '../claim-wording';
import { insertClaim, liveClaimRowsOf, releaseClaim, SqliteClaimsUnit, toRecord } from './claims-sql';

const statementsByDb = new WeakMap<Database.Database, ReturnType<typeof prepare>>();
const prepare = (db: Database.Database) => ({
  held: db.prepare<[number], { social_type: SocialType; handle_key: string }>(
    'SELECT social_type, handle_key FROM social_handles WHERE profile_id = ?',
  ),
  doc: db.prepare<[number], string>('SELECT doc FROM profiles WHERE id = ?').pluck(),
});

/**
 * After `byline import` has decided which profile holds which handle (the lookup index), the claims follow:
 * each imported profile's handles are proven by `operator-import` (unless already proven some other way),
 * other profiles' unproven claims of them are released, and the profile's network claims the record no longer
 * lists end. Inside the import's transaction.
 */
export function proveImportedHandles(db: Database.Database, profileId: number, now: string): void {
  let stmt = statementsByDb.get(db);
  if (!stmt) statementsByDb.set(db, (stmt = prepare(db)));
  const social = (JSON.parse(stmt.doc.get(profileId)!) as { profile_social_profiles: Record<SocialType, string> })
    .profile_social_profiles;
  const held = new Map(stmt.held.all(profileId).map((row) => [row.social_type, row.handle_key]));
  const live = liveClaimRowsOf(db, profileId);
  const unit = new SqliteClaimsUnit(db);
  for (const type of SOCIAL_TYPES) {
    const key = held.get(type);
    for (const row of live) {
      if (row.kind === type && row.key !== key)
        releaseClaim(db, row, `Removed by the operator's import on ${now.slice(0, 10)}`, now);
    }
    if (!key) continue;
    const row = live.find((candidate) => candidate.kind === type && candidate.key === key);
    if (row?.state === 'proven') continue;
    const claim = row ? toRecord(row) : insertClaim(db, profileId, type, social[type] || key, key, now);
    const evidence = {
      method: 'operator-import' as const,
      provider: OPERATOR_PROVIDER,
      provenValue: claim.value,
      by: 'operator:byline import',
    };
    runNow(proveClaim(unit, claim, evidence, now));
    runNow(releaseUnprovenOthers(unit, [claim], { reason: releasedBecause('operator-import', now) }, now));
  }
}
