import { PROOF_ATTEMPT_TOPIC } from '@byline/domain/queue/topics';

/**
 * Migration 022: the sign-ins in progress move from `proof_attempts` onto the leased queue (QueuedProofAttempts),
 * each due to be cleared a day past its expiry, marked used if it was; the callbacks still to come find them there.
 */
export const PROOF_ATTEMPTS_ONTO_QUEUE_SQL = `
  INSERT OR IGNORE INTO queue_items (topic, key, payload, due_at)
    SELECT '${PROOF_ATTEMPT_TOPIC}', state_hash,
      CASE WHEN used_at IS NULL THEN attempt ELSE json_set(attempt, '$.usedAt', used_at) END,
      strftime('%Y-%m-%dT%H:%M:%fZ', expires_at, '+1 day')
    FROM (
      SELECT state_hash, used_at, expires_at,
        json_object('userId', user_id, 'profileId', profile_id, 'network', network, 'claimedValue', claimed_value,
          'nonce', nonce, 'codeVerifier', code_verifier, 'createdAt', created_at, 'expiresAt', expires_at) AS attempt
      FROM proof_attempts
    );
  DELETE FROM proof_attempts;
`;
