import type Database from 'better-sqlite3';
import { UNPLACED_CREDIT, type ArticleProof } from '@byline/domain/articles/article-proof';
import type { ArticleInput } from '@byline/domain/domain/types';
import type { ImportedProfile, ImportUnit } from '@byline/domain/profiles/import-unit';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { sqliteClaimsUnit } from '../claims/sqlite-claims-unit';
import { mapStep, runNow, step, type Steps } from '@byline/domain/store/steps';
import type { SocialType } from '@byline/domain/domain/types';
import type { ClaimRecord } from '@byline/domain/claims/claims-repository';
import { isNetwork } from '@byline/domain/proofs/claim-values';
import type { NewEvidence } from '@byline/domain/proofs/claims';
import { preparedPerConnection } from '../store/prepared-per-connection';

const statements = preparedPerConnection((db: Database.Database) => ({
  profileIdBySlug: db.prepare<[string], number>('SELECT id FROM profiles WHERE slug = ?').pluck(),
  insertProfile: db.prepare<[string, number, string]>('INSERT INTO profiles (slug, verified, doc) VALUES (?, ?, ?)'),
  updateProfile: db.prepare<[number, string, number]>('UPDATE profiles SET verified = ?, doc = ? WHERE id = ?'),
  deleteHandles: db.prepare<[number]>('DELETE FROM social_handles WHERE profile_id = ?'),
  heldHandles: db.prepare<[number], { social_type: SocialType; handle_key: string }>(
    'SELECT social_type, handle_key FROM social_handles WHERE profile_id = ?',
  ),
  insertHandle: db.prepare<[string, string, number]>(
    'INSERT INTO social_handles (social_type, handle_key, profile_id) VALUES (?, ?, ?)',
  ),
  // Refused by the unique index of profile and address: listed by this profile already. Placed nowhere on its page.
  insertProvenArticle: db.prepare<[number, string, number, string, string, string]>(
    `INSERT INTO articles (profile_id, canonical_url, active, published_at, doc, proven, proof, credit_order)
     VALUES (?, ?, ?, ?, ?, 1, ?, ${UNPLACED_CREDIT}) ON CONFLICT DO NOTHING`,
  ),
  proveListedArticle: db.prepare<[number, string, string, string, number, string]>(
    `UPDATE articles SET active = ?, published_at = ?, doc = ?, proof = ?, proven = 1, credit_order = ${UNPLACED_CREDIT}
     WHERE profile_id = ? AND canonical_url = ?`,
  ),
  anyUnprovenClaim: db
    .prepare<[], number>("SELECT EXISTS (SELECT 1 FROM claims WHERE released_at IS NULL AND state <> 'proven')")
    .pluck(),
}));

/**
 * The import's unit of write on the embedded store (see import-unit.ts), inside the import's transaction. The
 * proof every imported article carries is one object: it is serialised once per import, not once per article.
 */
export function sqliteImportUnit(db: Database.Database): ImportUnit {
  const sql = statements(db);
  const claims = sqliteClaimsUnit(db);
  let lastProof: ArticleProof | null = null;
  let lastProofJson = '';
  const proofJson = (proof: ArticleProof): string => {
    if (proof !== lastProof) [lastProof, lastProofJson] = [proof, JSON.stringify(proof)];
    return lastProofJson;
  };
  const articleColumns = (article: ArticleInput, proof: ArticleProof) =>
    [article.active ? 1 : 0, article.published_at, JSON.stringify(article), proofJson(proof)] as const;
  function* proveHeld(claim: ClaimRecord, evidence: NewEvidence, now: string): Steps<void> {
    yield* step(claims.addEvidence(claim.id, evidence, now));
    yield* step(claims.markProven(claim.id, evidence.provenValue, now));
  }
  return {
    profileIdOf: (slug) => sql.profileIdBySlug.get(slug) ?? null,
    insertProfile: (profile: ImportedProfile) =>
      Number(sql.insertProfile.run(profile.profile_slug, profile.verified ? 1 : 0, JSON.stringify(profile)).lastInsertRowid),
    updateProfile: (profileId, profile) => {
      sql.updateProfile.run(profile.verified ? 1 : 0, JSON.stringify(profile), profileId);
    },
    dropHandlesOf: (profileId) => {
      sql.deleteHandles.run(profileId);
    },
    handleHolder: (type, key) => mapStep(claims.lookupHolder(type, key), (holder) => holder ?? null),
    insertHandle: (type, key, profileId) => {
      sql.insertHandle.run(type, key, profileId);
    },
    heldHandlesOf: (profileIds) =>
      profileIds.flatMap((profileId) =>
        sql.heldHandles.all(profileId).map((row) => ({ profileId, type: row.social_type, key: row.handle_key })),
      ),
    liveNetworkClaimsOf: (profileIds) =>
      runNow(
        (function* () {
          const live: ClaimRecord[] = [];
          for (const id of profileIds) live.push(...(yield* step(claims.liveClaimsOf(id))).filter((c) => isNetwork(c.kind)));
          return live;
        })(),
      ),
    insertProvenClaims: (wanted, now) =>
      runNow(
        (function* () {
          // In the import's transaction nothing is made meanwhile: every claim is new, and proven here.
          const places = wanted.map(({ profileId, kind, value }) => ({ profileId, kind, value }));
          const made = yield* step(claims.ensureClaims(places, now));
          for (const [i, claim] of made.entries()) yield* proveHeld(claim, wanted[i]!.evidence, now);
          return [];
        })(),
      ),
    proveHeldClaims: (proofs, now) =>
      runNow(
        (function* () {
          for (const { claim, evidence } of proofs) yield* proveHeld(claim, evidence, now);
        })(),
      ),
    insertProvenArticle: (profileId, canonicalUrl, article, proof) =>
      sql.insertProvenArticle.run(profileId, canonicalUrl, ...articleColumns(article, proof)).changes > 0,
    proveListedArticle: (profileId, canonicalUrl, article, proof) => {
      sql.proveListedArticle.run(...articleColumns(article, proof), profileId, canonicalUrl);
    },
    anyUnprovenClaim: () => sql.anyUnprovenClaim.get() === 1,
    claims,
    answers: sqliteAnswersUnit(db),
  };
}
