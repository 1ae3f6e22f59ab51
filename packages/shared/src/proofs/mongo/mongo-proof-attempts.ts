import type { Db } from 'mongodb';
import { serialised } from '../../store/mongo/mongo-ids';
import { collectionOf, type ProofAttemptDoc } from '../../store/mongo/mongo-schema';
import type { ProofAttempt, TakenAttempt } from '../proof-attempts';

const DAY_MS = 24 * 60 * 60 * 1000;

const toAttempt = (doc: ProofAttemptDoc): ProofAttempt => ({
  stateHash: doc._id,
  userId: doc.user_id,
  profileId: doc.profile_id,
  network: doc.network,
  claimedValue: doc.claimed_value,
  nonce: doc.nonce,
  codeVerifier: doc.code_verifier,
  createdAt: doc.created_at,
  expiresAt: doc.expires_at,
});

export async function createProofAttempt(db: Db, attempt: ProofAttempt): Promise<void> {
  // Sign-ins started and abandoned are cleared as new ones start, a day past their expiry.
  const stale = new Date(Date.parse(attempt.createdAt) - DAY_MS).toISOString();
  await collectionOf(db, 'proofAttempts').deleteMany({ expires_at: { $lt: stale } });
  await collectionOf(db, 'proofAttempts').insertOne({
    _id: attempt.stateHash,
    user_id: attempt.userId,
    profile_id: attempt.profileId,
    network: attempt.network,
    claimed_value: attempt.claimedValue,
    nonce: attempt.nonce,
    code_verifier: attempt.codeVerifier,
    created_at: attempt.createdAt,
    expires_at: attempt.expiresAt,
    used_at: null,
  });
}

/**
 * One findOneAndUpdate conditional on "not used yet": of concurrent takes of one state only one wins on MongoDB.
 * FerretDB 1.x applies it as read-then-write (see mongo-ids.ts), so takes are also serialised in this process.
 */
export function takeProofAttempt(db: Db, stateHash: string, now: Date): Promise<TakenAttempt> {
  const attempts = collectionOf(db, 'proofAttempts');
  return serialised(db, 'proof-attempt-take', async () => {
    const before = await attempts.findOneAndUpdate({ _id: stateHash, used_at: null }, { $set: { used_at: now.toISOString() } });
    if (!before) {
      const known = await attempts.countDocuments({ _id: stateHash }, { limit: 1 });
      return known ? { status: 'used' } : { status: 'unknown' };
    }
    // Attempts a day past their expiry are of no use to anyone: cleared as others are taken.
    await attempts.deleteMany({ expires_at: { $lt: new Date(now.getTime() - DAY_MS).toISOString() } });
    const attempt = toAttempt(before);
    return now.toISOString() > attempt.expiresAt ? { status: 'expired', attempt } : { status: 'taken', attempt };
  });
}
