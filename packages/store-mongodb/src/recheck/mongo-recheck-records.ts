import type { Db } from 'mongodb';
import type { MongoDatabase } from '../database/mongo-database';
import { forgetRenderedInTurn, rerenderInTurn } from '../answers/mongo-answers-unit';
import type { Claim } from '@byline/domain/proofs/claims';
import type { DueCheck } from '@byline/domain/proofs/claim-store';
import { endLiveEvidence, leaveLookup, readClaim, readEvidence, syncProvenHandles } from '../claims/mongo-claims-unit';
import { isDuplicateKey } from '../store/mongo-errors';
import { collectionOf, type QueueItemDoc } from '../store/mongo-schema';
import { insertAudit, openPendingRequest } from '../store/mongo-verification-records';
import { WRITE_CHUNK } from '../store/chunks';
import { queueItemIdOf, settleIn } from '../queue/mongo-leased-queue';
import { RECHECK_TOPIC, type CheckRecord, type RecheckRecords } from '@byline/domain/recheck/recheck-records';

/**
 * The MongoDB RecheckRecords. No transactions (FerretDB 1.x): a check is single-document writes, in this order,
 * so that an interruption anywhere leaves nothing verified that should not be and nothing unchecked for good:
 * 1. the lease is confirmed (the queue item is still the holder's);
 * 2. for a lapse: the handle leaves the lookup index (it stops verifying), the claim becomes `lapsed` and the
 *    profile's handles and answers follow, then the pending request and the `proof-lapsed` history entry;
 * 3. the proof's re-check fields (and, for a lapse, its end);
 * 4. the queue item is settled LAST: until then it stays leased, so an interrupted check is taken again once the
 *    lease expires and checked again (a proof that ended by then is simply taken off the queue).
 * A lease that expires between 1 and 4 lets another checker check the proof as well; both write what they saw,
 * as a check after the lease would have, and this one answers lease-lost. Interrupted within 2, a proof that then
 * holds leaves its claim lapsed, for the journalist to prove again: it fails closed.
 */
export class MongoRecheckRecords implements RecheckRecords {
  constructor(private readonly database: MongoDatabase) {}

  private get db(): Db {
    return this.database.db;
  }

  proofToCheck(evidenceId: number, now: Date): Promise<DueCheck | null> {
    return this.database.run(async () => {
      const db = this.db;
      const evidence = await readEvidence(db, evidenceId);
      if (!evidence || evidence.endedAt !== null) return null;
      const claim = await readClaim(db, evidence.claimId);
      if (!claim || claim.releasedAt !== null) {
        // A release interrupted before it ended this proof (see releaseClaims in src/claims): finished here.
        const reason = claim?.releasedReason ?? 'Its claim no longer exists.';
        await endLiveEvidence(db, [evidence.claimId], reason, now.toISOString());
        return null;
      }
      const profile = await collectionOf(db, 'profiles').findOne({ _id: claim.profileId }, { projection: { slug: 1 } });
      return { evidence, claim, profileSlug: profile?.slug ?? '' };
    });
  }

  record({ item, evidenceId, at, failingSince, lastFailure, next, lapse }: CheckRecord): Promise<boolean> {
    return this.database.run(async () => {
      const db = this.db;
      const held = await collectionOf(db, 'queueItems').findOne({ _id: item.id }, { projection: { holder: 1 } });
      if (held?.holder !== item.holder) return false;
      const when = at.toISOString();
      if (lapse) await lapseClaim(db, lapse.claim, lapse.request, when);
      const ends = 'endedReason' in next;
      const fields = {
        last_checked_at: when,
        failing_since: failingSince,
        last_failure: lastFailure,
        next_check_at: ends ? null : next.dueAt.toISOString(),
        ...(ends ? { ended_at: when, ended_reason: next.endedReason } : {}),
      };
      // A proof ending while its claim stays proven by another: its answers stop showing it first (see
      // forgetRenderedInTurn), then it ends, then they are rendered again.
      const owner = ends && !lapse ? await ownerOfEvidence(db, evidenceId) : null;
      if (owner !== null) await forgetRenderedInTurn(db, [owner]);
      const written = await collectionOf(db, 'evidence').updateOne({ _id: evidenceId, ended_at: null }, { $set: fields });
      if (written.matchedCount === 0) return false;
      if (owner !== null) await rerenderInTurn(db, [owner]);
      return settleIn(db, item.id, item.holder, ends ? 'done' : { dueAt: next.dueAt }, at);
    });
  }
}

async function ownerOfEvidence(db: Db, evidenceId: number): Promise<number | null> {
  const evidence = await collectionOf(db, 'evidence').findOne({ _id: evidenceId }, { projection: { claim_id: 1 } });
  if (!evidence) return null;
  const claim = await collectionOf(db, 'claims').findOne({ _id: evidence.claim_id }, { projection: { profile_id: 1 } });
  return claim?.profile_id ?? null;
}

async function lapseClaim(db: Db, claim: Claim, request: NonNullable<CheckRecord['lapse']>['request'], at: string) {
  await leaveLookup(db, [{ profile_id: claim.profileId, kind: claim.kind, key: claim.key }]);
  await collectionOf(db, 'claims').updateOne({ _id: claim.id, released_at: null }, { $set: { state: 'lapsed', updated_at: at } });
  await syncProvenHandles(db, [claim.profileId]);
  await openPendingRequest(db, claim.profileId, request.actor, at);
  await insertAudit(db, { profile_id: claim.profileId, actor: request.actor, action: request.action, note: request.note, at });
}

/**
 * Data step 021: every live re-checked proof gets its queue item, due when its next check was. Resumable: an item
 * already there (a run before, or a proof recorded meanwhile) is left as it is.
 */
export async function rechecksOntoQueue(db: Db): Promise<void> {
  const live = collectionOf(db, 'evidence').find(
    { ended_at: null, next_check_at: { $ne: null } },
    { projection: { _id: 1, next_check_at: 1 } },
  );
  let docs: QueueItemDoc[] = [];
  const insert = async () => {
    try {
      await collectionOf(db, 'queueItems').insertMany(docs, { ordered: false });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    docs = [];
  };
  for await (const { _id, next_check_at } of live) {
    docs.push({
      _id: queueItemIdOf(RECHECK_TOPIC, String(_id)),
      topic: RECHECK_TOPIC,
      key: String(_id),
      payload: '{}',
      due_at: next_check_at!,
      holder: null,
      leased_until: null,
      settled_at: null,
    });
    if (docs.length === WRITE_CHUNK) await insert();
  }
  if (docs.length) await insert();
}
