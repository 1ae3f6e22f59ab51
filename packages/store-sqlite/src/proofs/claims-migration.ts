import type Database from 'better-sqlite3';
import type { AnswersFollow } from '../store/sqlite-data-steps';
import { MIGRATION_NOTE, OPERATOR_PROVIDER } from '@byline/domain/proofs/claims';

/**
 * Migration 015 on the embedded store: every handle held before claims existed becomes a live claim (which ones are
 * proven, and how: MIGRATION_NOTE). One IMMEDIATE transaction of set-based statements; idempotent, so a second process
 * running it finds it done. The claims and proofs are made `at` (when the migrations run).
 */
export function claimsFromHandles(db: Database.Database, at: Date, answersFollow: AnswersFollow): void {
  const now = at.toISOString();
  db.transaction(() => {
    db.prepare(
      `INSERT INTO claims (profile_id, kind, value, key, state, created_at, updated_at)
       SELECT h.profile_id, h.social_type,
              coalesce(nullif(json_extract(p.doc, '$.profile_social_profiles.' || h.social_type), ''), h.handle_key),
              h.handle_key, 'proven', @now, @now
       FROM social_handles h JOIN profiles p ON p.id = h.profile_id
       WHERE NOT EXISTS (SELECT 1 FROM claims c WHERE c.profile_id = h.profile_id AND c.kind = h.social_type
                           AND c.key = h.handle_key AND c.released_at IS NULL)`,
    ).run({ now });
    db.prepare(
      `INSERT INTO evidence (claim_id, method, provider_id, provider_name, proven_value, verified_at, last_checked_at, by, note)
       SELECT c.id,
              CASE WHEN u.id IS NULL THEN 'operator-import' ELSE 'editor-attestation' END,
              CASE WHEN u.id IS NULL THEN @operatorId ELSE 'urn:byline:editor-attestation' END,
              CASE WHEN u.id IS NULL THEN @operatorName ELSE 'Byline editor' END,
              c.value, @now, @now,
              CASE WHEN u.id IS NULL THEN 'operator:byline import (before proofs)'
                   ELSE 'editor:' || coalesce((SELECT a.actor FROM verification_audit a WHERE a.profile_id = c.profile_id
                                               AND a.action = 'verified' ORDER BY a.id DESC LIMIT 1), 'unknown') END,
              CASE WHEN u.id IS NULL THEN NULL ELSE @note END
       FROM claims c JOIN profiles p ON p.id = c.profile_id LEFT JOIN portal_users u ON u.profile_id = c.profile_id
       WHERE c.released_at IS NULL AND c.state = 'proven' AND (u.id IS NULL OR p.verified = 1)
         AND NOT EXISTS (SELECT 1 FROM evidence e WHERE e.claim_id = c.id)`,
    ).run({ now, operatorId: OPERATOR_PROVIDER.id, operatorName: OPERATOR_PROVIDER.name, note: MIGRATION_NOTE });
    const unproven = db
      .prepare<[], { id: number; profile_id: number; kind: string; key: string }>(
        `SELECT c.id, c.profile_id, c.kind, c.key FROM claims c
         WHERE c.released_at IS NULL AND c.state = 'proven' AND NOT EXISTS (SELECT 1 FROM evidence e WHERE e.claim_id = c.id)`,
      )
      .all();
    const touched = new Set<number>();
    for (const claim of unproven) {
      db.prepare("UPDATE claims SET state = 'claimed' WHERE id = ?").run(claim.id);
      db.prepare('DELETE FROM social_handles WHERE social_type = ? AND handle_key = ? AND profile_id = ?').run(
        claim.kind,
        claim.key,
        claim.profile_id,
      );
      db.prepare(`UPDATE profiles SET doc = json_set(doc, '$.profile_social_profiles.' || ?, '') WHERE id = ?`).run(
        claim.kind,
        claim.profile_id,
      );
      touched.add(claim.profile_id);
    }
    answersFollow(touched);
  }).immediate();
}
