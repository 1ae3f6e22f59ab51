import type { Db } from 'mongodb';
import type { ClaimPlace } from '@byline/domain/claims/claims-repository';
import { releaseUnprovenOthers } from '@byline/domain/claims/record-proof';
import { runInTurn } from '@byline/domain/store/steps';
import { SOCIAL_TYPES, type SocialType } from '@byline/domain/domain/types';
import { handleKey } from '@byline/domain/social/social-handle';
import { chunks } from '../store/chunks';
import { collectionOf, type ClaimDoc } from '../store/mongo-schema';
import type { NewEvidence } from '@byline/domain/proofs/claims';
import { byImport, removedByImport } from '@byline/domain/profiles/imported-handles';
import { releasedBecause } from '@byline/domain/proofs/claim-wording';
import { insertEvidence, insertProvenClaims, MongoClaimsUnit, releaseClaims, type WantedClaim } from './mongo-claims-unit';

/**
 * After `byline import` has decided which profile holds which handle (the lookup index, see mongo-import.ts), the
 * claims follow, as on the embedded store: each imported profile's handles are proven by `operator-import`
 * (unless already proven some other way), other profiles' unproven claims of them are released, and the
 * profile's network claims the record no longer lists end. In batches, new claims inserted proven with their
 * proofs (see insertProvenClaims; the handles are in the lookup index already), so a re-run of an interrupted
 * import finds what is missing and proves it.
 */
export async function proveImportedHandles(db: Db, profileIds: Iterable<number>, now: string): Promise<void> {
  const unit = new MongoClaimsUnit(db);
  for (const part of chunks([...new Set(profileIds)])) {
    const shown = new Map<number, Record<SocialType, string>>();
    const docs = collectionOf(db, 'profiles').find(
      { _id: { $in: part } },
      { projection: { 'profile.profile_social_profiles': 1 } },
    );
    for await (const doc of docs) shown.set(doc._id, doc.profile.profile_social_profiles);
    // The handle each profile holds per network; of two (records of one slug listing different ones) the shown one.
    const held = new Map<number, Map<SocialType, string>>(part.map((id) => [id, new Map()]));
    for await (const entry of collectionOf(db, 'handles').find({ profile_id: { $in: part } })) {
      const value = shown.get(entry.profile_id)?.[entry.social_type];
      const handles = held.get(entry.profile_id)!;
      if (!handles.has(entry.social_type) || (value && handleKey(entry.social_type, value) === entry.handle_key)) {
        handles.set(entry.social_type, entry.handle_key);
      }
    }
    const live = await collectionOf(db, 'claims')
      .find({ profile_id: { $in: part }, released_at: null, kind: { $in: [...SOCIAL_TYPES] } })
      .toArray();

    const unlisted = live.filter((claim) => held.get(claim.profile_id)!.get(claim.kind as SocialType) !== claim.key);
    await releaseClaims(db, unlisted, removedByImport(now), now);

    const liveByKey = new Map(live.map((claim) => [`${claim.profile_id} ${claim.kind} ${claim.key}`, claim]));
    const fresh: (WantedClaim & { evidence: NewEvidence })[] = [];
    const unproven: ClaimDoc[] = [];
    const proven: ClaimPlace[] = [];
    for (const [profileId, handles] of held) {
      for (const [type, key] of handles) {
        const claim = liveByKey.get(`${profileId} ${type} ${key}`);
        if (claim?.state === 'proven') continue;
        proven.push({ profileId, kind: type, key });
        if (claim) {
          unproven.push(claim);
          continue;
        }
        const shownValue = shown.get(profileId)?.[type];
        const value = shownValue && handleKey(type, shownValue) === key ? shownValue : key;
        fresh.push({ profileId, kind: type, value, evidence: byImport(value) });
      }
    }
    const madeMeanwhile = await insertProvenClaims(db, fresh, now);
    unproven.push(...madeMeanwhile.filter((claim) => claim.state !== 'proven'));
    await proveUnproven(db, unproven, now);
    await runInTurn(releaseUnprovenOthers(unit, proven, { reason: releasedBecause('operator-import', now) }, now));
  }
}

/** Existing claims the import proves (a journalist claimed the handle before the operator imported it): few. */
async function proveUnproven(db: Db, claims: ClaimDoc[], now: string): Promise<void> {
  if (claims.length === 0) return;
  await insertEvidence(
    db,
    claims.map((claim) => ({ claimId: claim._id, evidence: byImport(claim.value) })),
    now,
  );
  for (const part of chunks(claims.map((claim) => claim._id))) {
    await collectionOf(db, 'claims').updateMany(
      { _id: { $in: part }, released_at: null },
      { $set: { state: 'proven', updated_at: now } },
    );
  }
}
