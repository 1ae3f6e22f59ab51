import type { Db } from 'mongodb';
import { isDuplicateKey } from '../store/mongo-errors';
import { collectionOf } from '../store/mongo-schema';
import { queueItemIdOf } from '../queue/mongo-leased-queue';
import { PROOF_ATTEMPT_TOPIC } from '@byline/domain/queue/topics';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Data step 022: the sign-ins in progress move from `proof_attempts` onto the leased queue (QueuedProofAttempts),
 * each due to be cleared a day past its expiry, marked used if it was. Resumable: each attempt is queued (left as it
 * is when queued already), then removed from the old collection.
 */
export async function proofAttemptsOntoQueue(db: Db): Promise<void> {
  const old = collectionOf(db, 'proofAttempts');
  for await (const doc of old.find({})) {
    const payload = {
      userId: doc.user_id,
      profileId: doc.profile_id,
      network: doc.network,
      claimedValue: doc.claimed_value,
      nonce: doc.nonce,
      codeVerifier: doc.code_verifier,
      createdAt: doc.created_at,
      expiresAt: doc.expires_at,
      ...(doc.used_at ? { usedAt: doc.used_at } : {}),
    };
    try {
      await collectionOf(db, 'queueItems').insertOne({
        _id: queueItemIdOf(PROOF_ATTEMPT_TOPIC, doc._id),
        topic: PROOF_ATTEMPT_TOPIC,
        key: doc._id,
        payload: JSON.stringify(payload),
        due_at: new Date(Date.parse(doc.expires_at) + DAY_MS).toISOString(),
        holder: null,
        leased_until: null,
        settled_at: null,
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    await old.deleteOne({ _id: doc._id });
  }
}
