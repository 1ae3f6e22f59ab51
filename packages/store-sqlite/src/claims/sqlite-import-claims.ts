import type Database from 'better-sqlite3';
import { proveClaim, releaseUnprovenOthers } from '@byline/domain/claims/record-proof';
import { releaseClaims } from '@byline/domain/claims/release-claims';
import { runNow } from '@byline/domain/database/steps';
import { SOCIAL_TYPES } from '@byline/domain/domain/types';
import { OPERATOR_PROVIDER } from '@byline/domain/proofs/claims';
import { releasedBecause } from '@byline/domain/proofs/claim-wording';
import { SqliteClaimsUnit } from './sqlite-claims-unit';

/**
 * After `byline import` has decided which profile holds which handle (the lookup index), the claims follow:
 * each imported profile's handles are proven by `operator-import` (unless already proven some other way),
 * other profiles' unproven claims of them are released, and the profile's network claims the record no longer
 * lists end. Inside the import's transaction. `othersMayClaim: false` when the store holds no unproven claim at all
 * (see unprovenClaimsExist): there is nothing to release then, and a bulk import into a new store skips a lookup
 * per handle.
 */
export function proveImportedHandles(
  db: Database.Database,
  profileId: number,
  now: string,
  { othersMayClaim = true }: { othersMayClaim?: boolean } = {},
): void {
  const unit = new SqliteClaimsUnit(db);
  const social = unit.shownHandlesOf([profileId]).get(profileId)!.handles;
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
    if (othersMayClaim) runNow(releaseUnprovenOthers(unit, [claim], { reason: releasedBecause('operator-import', now) }, now));
  }
}

/**
 * Whether any live claim is unproven. The import proves each claim it makes at once, so when none is unproven as
 * its handles are proven, no other profile's claim can be released by them.
 */
export function unprovenClaimsExist(db: Database.Database): boolean {
  return db.prepare("SELECT EXISTS (SELECT 1 FROM claims WHERE released_at IS NULL AND state <> 'proven')").pluck().get() === 1;
}
