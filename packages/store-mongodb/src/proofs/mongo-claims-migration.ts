import type { AnswersFollow } from '../store/mongo-data-steps';
import type { Db, ObjectId, WithId } from 'mongodb';
import type { SocialType } from '@byline/domain/domain/types';
import { chunks, CHUNK, WRITE_CHUNK } from '../store/chunks';
import { collectionOf, type HandleDoc, type ProfileDoc } from '../store/mongo-schema';
import { EDITOR_PROVIDER, MIGRATION_NOTE, OPERATOR_PROVIDER, type NewEvidence } from '@byline/domain/proofs/claims';
import { ensureClaims, insertEvidence } from '../claims/mongo-claims-unit';

type Entry = WithId<HandleDoc>;
type Shown = Pick<ProfileDoc, '_id' | 'verified' | 'portal_user_id'> & {
  profile: Pick<ProfileDoc['profile'], 'profile_social_profiles'>;
};

/**
 * Migration 015 on MongoDB: every handle held before claims existed becomes a live claim (which ones are proven, and
 * how: MIGRATION_NOTE). An unverified portal profile's document shows "" for its handles first (answers re-rendered),
 * then they leave the lookup index. In batches of lookup entries, each step idempotent (claims found by their live key,
 * proofs added only to claims without one), so a run interrupted anywhere, or run by two processes at once, is
 * completed by the next. The claims and proofs are made `at` (when the migrations run).
 */
export async function claimsFromHandles(db: Db, at: Date, answersFollow: AnswersFollow): Promise<void> {
  const now = at.toISOString();
  const users = collectionOf(db, 'portalUsers').find({ profile_id: { $ne: null } }, { projection: { profile_id: 1 } });
  const portalProfiles = new Set<number>();
  for await (const user of users) portalProfiles.add(user.profile_id!);
  let after: ObjectId | null = null;
  for (;;) {
    const page: Entry[] = await collectionOf(db, 'handles')
      .find(after ? { _id: { $gt: after } } : {})
      .sort({ _id: 1 })
      .limit(CHUNK)
      .toArray();
    if (page.length === 0) return;
    await migrateEntries(db, page, portalProfiles, now, answersFollow);
    after = page[page.length - 1]!._id;
  }
}

async function migrateEntries(
  db: Db,
  entries: Entry[],
  portalProfiles: Set<number>,
  now: string,
  answersFollow: AnswersFollow,
): Promise<void> {
  const profileIds = [...new Set(entries.map((entry) => entry.profile_id))];
  const profiles = new Map<number, Shown>();
  const found = collectionOf(db, 'profiles').find(
    { _id: { $in: profileIds } },
    { projection: { verified: 1, portal_user_id: 1, 'profile.profile_social_profiles': 1 } },
  );
  for await (const doc of found) profiles.set(doc._id, doc as Shown);
  const isPortal = (doc: Shown) => portalProfiles.has(doc._id) || typeof doc.portal_user_id === 'number';

  const known = entries.filter((entry) => profiles.has(entry.profile_id));
  const claims = await ensureClaims(
    db,
    known.map((entry) => ({
      profileId: entry.profile_id,
      kind: entry.social_type,
      value: profiles.get(entry.profile_id)!.profile.profile_social_profiles?.[entry.social_type] || entry.handle_key,
    })),
    now,
  );
  const trusted = claims.filter((claim) => {
    const doc = profiles.get(claim.profile_id)!;
    return claim.state !== 'proven' && (!isPortal(doc) || doc.verified);
  });
  await proveTrusted(db, trusted, profiles, isPortal, now);

  const untrusted = known.filter((entry, i) => {
    const doc = profiles.get(entry.profile_id)!;
    return claims[i]!.state !== 'proven' && isPortal(doc) && !doc.verified;
  });
  await unlistUntrusted(db, untrusted, answersFollow);
}

/** Proofs for the trusted claims that have none yet, then the claims made `proven`. */
async function proveTrusted(
  db: Db,
  claims: { _id: number; profile_id: number; value: string }[],
  profiles: Map<number, Shown>,
  isPortal: (doc: Shown) => boolean,
  now: string,
): Promise<void> {
  if (claims.length === 0) return;
  const ids = claims.map((claim) => claim._id);
  const withProof = new Set<number>();
  for await (const doc of collectionOf(db, 'evidence').find(
    { claim_id: { $in: ids }, ended_at: null },
    { projection: { claim_id: 1 } },
  )) {
    withProof.add(doc.claim_id);
  }
  const editors = await verifyingEditors(db, [...new Set(claims.map((claim) => claim.profile_id))]);
  const proofs = claims
    .filter((claim) => !withProof.has(claim._id))
    .map((claim) => {
      const portal = isPortal(profiles.get(claim.profile_id)!);
      const evidence: NewEvidence = portal
        ? {
            method: 'editor-attestation',
            provider: EDITOR_PROVIDER,
            provenValue: claim.value,
            by: `editor:${editors.get(claim.profile_id) ?? 'unknown'}`,
            note: MIGRATION_NOTE,
          }
        : {
            method: 'operator-import',
            provider: OPERATOR_PROVIDER,
            provenValue: claim.value,
            by: 'operator:byline import (before proofs)',
          };
      return { claimId: claim._id, evidence };
    });
  await insertEvidence(db, proofs, now);
  await collectionOf(db, 'claims').updateMany(
    { _id: { $in: ids }, released_at: null },
    { $set: { state: 'proven', updated_at: now } },
  );
}

/** The actor of each profile's latest `verified` decision. */
async function verifyingEditors(db: Db, profileIds: number[]): Promise<Map<number, string>> {
  const editors = new Map<number, string>();
  const decisions = collectionOf(db, 'audit')
    .find({ profile_id: { $in: profileIds }, action: 'verified' })
    .sort({ _id: 1 });
  for await (const decision of decisions) editors.set(decision.profile_id, decision.actor);
  return editors;
}

/** The unverified portal profiles' handles: "" in the document (answers re-rendered), then out of the lookup index. */
async function unlistUntrusted(db: Db, entries: Entry[], answersFollow: AnswersFollow): Promise<void> {
  if (entries.length === 0) return;
  const cleared = new Map<number, Record<string, string>>();
  for (const { profile_id, social_type } of entries) {
    const set = cleared.get(profile_id) ?? {};
    set[`profile.profile_social_profiles.${social_type satisfies SocialType}`] = '';
    cleared.set(profile_id, set);
  }
  const updates = [...cleared].map(([id, set]) => ({ updateOne: { filter: { _id: id }, update: { $set: set } } }));
  for (const batch of chunks(updates, WRITE_CHUNK)) await collectionOf(db, 'profiles').bulkWrite(batch, { ordered: false });
  await answersFollow(cleared.keys());
  await collectionOf(db, 'handles').deleteMany({ _id: { $in: entries.map((entry) => entry._id) } });
}
