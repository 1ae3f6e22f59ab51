import type { Db } from 'mongodb';
import { claimRecordOf } from '@byline/domain/claims/stored-claims';
import type { ImportedHandlesUnit } from '@byline/domain/profiles/imported-handles';
import { SOCIAL_TYPES } from '@byline/domain/domain/types';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { chunks } from '../store/chunks';
import { collectionOf } from '../store/mongo-schema';
import { insertEvidence, insertProvenClaims, mongoClaimsUnit } from './mongo-claims-unit';

/**
 * Settling an import on MongoDB (imported-handles.ts): batched reads and writes, since FerretDB 1.x updates
 * documents one by one. New claims go in proven with their proofs (insertProvenClaims).
 */
export function mongoImportedHandlesUnit(db: Db): ImportedHandlesUnit {
  return {
    claims: mongoClaimsUnit(db),
    answers: mongoAnswersUnit(db),
    async heldHandlesOf(profileIds) {
      const found = collectionOf(db, 'handles').find({ profile_id: { $in: [...profileIds] } });
      return (await found.toArray()).map((doc) => ({ profileId: doc.profile_id, type: doc.social_type, key: doc.handle_key }));
    },
    async liveNetworkClaimsOf(profileIds) {
      const live = collectionOf(db, 'claims').find({
        profile_id: { $in: [...profileIds] },
        released_at: null,
        kind: { $in: [...SOCIAL_TYPES] },
      });
      return (await live.toArray()).map((doc) => claimRecordOf(doc._id, doc));
    },
    async insertProvenClaims(wanted, now) {
      const madeMeanwhile = await insertProvenClaims(db, [...wanted], now);
      return madeMeanwhile.map((doc) => claimRecordOf(doc._id, doc));
    },
    async proveHeldClaims(proofs, now) {
      if (proofs.length === 0) return;
      await insertEvidence(
        db,
        proofs.map(({ claim, evidence }) => ({ claimId: claim.id, evidence })),
        now,
      );
      for (const part of chunks(proofs.map(({ claim }) => claim.id))) {
        await collectionOf(db, 'claims').updateMany(
          { _id: { $in: part }, released_at: null },
          { $set: { state: 'proven', updated_at: now } },
        );
      }
    },
  };
}
