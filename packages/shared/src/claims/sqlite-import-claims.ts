import type Database from 'better-sqlite3';
import { proveClaim, releaseUnprovenOthers } from './record-proof';
import { releaseClaims } from './release-claims';
import { runNow } from '../database/steps';
import { SOCIAL_TYPES } from '../domain/types';
import { OPERATOR_PROVIDER } from '../proofs/claims';
import { releasedBecause } from '../proofs/claim-wording';
import { SqliteClaimsUnit } from './sqlite-claims-unit';

/**
 * After `byline import` has decided which profile holds which handle (the lookup index), the claims follow:
 * each imported profile's handles are proven by `operator-import` (unless already proven some other way),
 * other profiles' unproven claims of them are released, and the profile's network claims the record no longer
 * lists end. Inside the import's transaction.
 */
export function proveImportedHandles(db: Database.Database, profileId: number, now: string): void {
  const unit = new SqliteClaimsUnit(db);
  const social = unit.shownHandlesOf([profileId]).get(profileId)!;
  const held = unit.heldHandles(profileId);
  const live = unit.liveClaimsOf(profileId);
  for (const type of SOCIAL_TYPES) {
    const key = held.get(type);
    for (const claim of live) {
      if (claim.kind === type && claim.key !== key)
        runNow(releaseClaims(unit, [claim], `Removed by the operator's import on ${now.slice(0, 10)}`, now));
    }
    if (!key) continue;
    const found = live.find((candidate) => candidate.kind === type && candidate.key === key);
    if (found?.state === 'proven') continue;
    const claim = found ?? unit.insertClaim(profileId, type, social[type] || key, key, now);
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
