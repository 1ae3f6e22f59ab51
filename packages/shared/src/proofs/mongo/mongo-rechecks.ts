import type { Db, Filter } from 'mongodb';
import { serialised } from '../../store/mongo/mongo-ids';
import { collectionOf, type EvidenceDoc } from '../../store/mongo/mongo-schema';
import { insertAudit, openPendingRequest } from '../../store/mongo/mongo-verification-records';
import { lapsesAt, type ClaimStore, type DueCheck, type DueChecksQuery, type RecordCheckResult } from '../claim-store';
import { lapseNote } from '../claim-wording';
import { isNetwork } from '../claim-values';
import { endLiveEvidence, enterLookup, leaveLookup, readClaim, readEvidence, syncProvenHandles } from './mongo-claims';

/*
 * Re-checks of rel="me" proofs on MongoDB. A lease is one findOneAndUpdate on one evidence document, conditional
 * on "live, due, not leased (or the lease ran out)", so of several checkers only one takes a proof on MongoDB.
 * FerretDB 1.x applies it as read-then-write (FerretDB#3040, see mongo-ids.ts), so takes are also serialised in
 * this process; on FerretDB (tests only) two processes taking at the same instant could both get one proof.
 * Every write of a check is conditional on the lease still being the checker's.
 */

type TakeOptions = Parameters<ClaimStore['takeDueChecks']>[0];

/** The live re-checked proofs a DueChecksQuery matches, leased or not. */
function dueFilter({ now, all = false, notCheckedSince }: DueChecksQuery): Filter<EvidenceDoc> {
  const at = now.toISOString();
  const checkedMeanwhile = notCheckedSince ? { $gte: notCheckedSince.toISOString(), $lte: at } : undefined;
  return {
    ended_at: null,
    next_check_at: all ? { $ne: null } : { $ne: null, $lte: at },
    ...(checkedMeanwhile ? { last_checked_at: { $not: checkedMeanwhile } } : {}),
  };
}

export function takeDueChecksNow(db: Db, { leaseMs, limit, ...query }: TakeOptions): Promise<DueCheck[]> {
  const { now, holder } = query;
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const evidence = collectionOf(db, 'evidence');
  return serialised(db, 'evidence-lease', async () => {
    const taken: number[] = [];
    while (taken.length < limit) {
      const due: Filter<EvidenceDoc> = {
        ...dueFilter(query),
        _id: { $nin: taken },
        $or: [{ lease_until: null }, { lease_until: { $lt: at } }],
      };
      const doc = await evidence.findOneAndUpdate(
        due,
        { $set: { lease_holder: holder, lease_until: leaseUntil } },
        { sort: { next_check_at: 1, _id: 1 }, returnDocument: 'after' },
      );
      if (!doc) break;
      taken.push(doc._id);
    }
    const checks: DueCheck[] = [];
    for (const id of taken.sort((a, b) => a - b)) {
      const check = await dueCheck(db, id, at);
      if (check) checks.push(check);
    }
    return checks;
  });
}

export function countLeasedElsewhereNow(db: Db, query: DueChecksQuery): Promise<number> {
  return collectionOf(db, 'evidence').countDocuments({
    ...dueFilter(query),
    lease_until: { $gte: query.now.toISOString() },
    lease_holder: { $ne: query.holder },
  });
}

/** The proof, its claim and the profile's slug; null (and the proof ended) when its claim was released. */
async function dueCheck(db: Db, evidenceId: number, now: string): Promise<DueCheck | null> {
  const evidence = (await readEvidence(db, evidenceId))!;
  const claim = await readClaim(db, evidence.claimId);
  if (!claim || claim.releasedAt !== null) {
    // A release interrupted before it ended this proof (see mongo-claims.ts): finished here.
    await endLiveEvidence(db, [evidence.claimId], claim?.releasedReason ?? 'Its claim no longer exists.', now);
    return null;
  }
  const profile = await collectionOf(db, 'profiles').findOne({ _id: claim.profileId }, { projection: { slug: 1 } });
  return { evidence, claim, profileSlug: profile?.slug ?? '' };
}

/**
 * Records a check of a leased proof. A lapse takes the handle out of the lookup index before the proof ends, so an
 * interruption fails closed: the proof, still live, is taken again once its lease runs out and lapses then.
 */
export async function recordCheckNow(
  db: Db,
  { evidenceId, holder, outcome, now, policy }: Parameters<ClaimStore['recordCheck']>[0],
): Promise<RecordCheckResult> {
  const at = now.toISOString();
  const evidence = collectionOf(db, 'evidence');
  const leased = await evidence.findOne({ _id: evidenceId });
  if (!leased || leased.lease_holder !== holder || leased.ended_at) return 'lease-lost';
  const mine = { _id: evidenceId, lease_holder: holder, ended_at: null };
  const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const unleased = { lease_holder: null, lease_until: null };
  if (outcome.ok) {
    const set = { last_checked_at: at, failing_since: null, last_failure: null, next_check_at: later(policy.intervalMs) };
    return (await evidence.updateOne(mine, { $set: { ...set, ...unleased } })).matchedCount ? 'held' : 'lease-lost';
  }
  const failingSince = leased.failing_since ?? at;
  const failing = { last_checked_at: at, failing_since: failingSince, last_failure: outcome.reason };
  if (!lapsesAt(failingSince, now, policy)) {
    const set = { ...failing, next_check_at: later(policy.retryMs), ...unleased };
    return (await evidence.updateOne(mine, { $set: set })).matchedCount ? 'failing' : 'lease-lost';
  }

  const note = lapseNote(failingSince, outcome.reason);
  const claim = (await collectionOf(db, 'claims').findOne({ _id: leased.claim_id }))!;
  const otherLive = await evidence.countDocuments(
    { claim_id: claim._id, ended_at: null, _id: { $ne: evidenceId } },
    { limit: 1 },
  );
  const lapses = claim.released_at === null && otherLive === 0;
  if (lapses) await leaveLookup(db, [claim]);
  const ended = await evidence.updateOne(mine, {
    $set: { ...failing, next_check_at: null, ...unleased, ended_at: at, ended_reason: note },
  });
  if (ended.matchedCount === 0) {
    // The lease ran out meanwhile: the proof is another checker's, which decides; the handle is put back while it is live.
    const stillLive = await evidence.countDocuments({ _id: evidenceId, ended_at: null }, { limit: 1 });
    if (lapses && claim.state === 'proven' && isNetwork(claim.kind) && stillLive) {
      await enterLookup(db, claim);
    }
    return 'lease-lost';
  }
  if (lapses) {
    await collectionOf(db, 'claims').updateOne(
      { _id: claim._id, released_at: null },
      { $set: { state: 'lapsed', updated_at: at } },
    );
    await syncProvenHandles(db, [claim.profile_id]);
    // Only a claim that stops counting needs an editor again (not one another live proof still holds). Whether
    // the profile stays verified is not decided here: runRecheck records lapses through endingProofs.
    await backToQueue(db, claim.profile_id, 'byline:re-check', 'proof-lapsed', `${claim.kind} ${claim.value}: ${note}`, at);
  }
  return 'lapsed';
}

/** Puts the profile back in the editor queue (a pending request unless one is open), then records why. */
async function backToQueue(db: Db, profileId: number, actor: string, action: 'proof-lapsed', note: string, now: string) {
  await openPendingRequest(db, profileId, actor, now);
  await insertAudit(db, { profile_id: profileId, actor, action, note, at: now });
}
