import type { Db, Filter, UpdateFilter } from 'mongodb';
import { rerenderInTurn } from '../answers/mongo-answers-unit';
import { collectionOf, type ProfileDoc } from '../store/mongo/mongo-schema';
import { insertAudit } from '../store/mongo/mongo-verification-records';
import {
  describeIdentityChange,
  sameIdentityValues,
  splitIdentityChange,
  type IdentityDecision,
  type IdentityDecisionOutcome,
  type PendingIdentityChange,
} from './identity-review';
import type { ProfileFields } from './profile-fields';
import { namesAfterChange, slugFitsBase } from './profile-slugs';
import { moveSlug } from './mongo-slugs';

/** How often a save re-reads a profile whose verified flag or pending change moved under it. */
const SAVE_ATTEMPTS = 4;

/** Matches the document only while its pending change is still the one read (or still absent). */
const whilePending = (change: PendingIdentityChange | undefined): Filter<ProfileDoc> =>
  change ? { 'pending_identity.requested_at': change.requested_at } : { pending_identity: { $exists: false } };

/**
 * The last step of a portal save: the profile's fields, and on a verified profile its pending identity change, in
 * ONE update of the profile document — the approved values the answers render from and the change waiting beside
 * them are never written apart. The update holds only while the verified flag and the pending change are as read
 * (else it reads again), so an editor's decision or a verification made meanwhile is never overwritten. Then the
 * "requested" audit record: interrupted before it, the change is pending without its line in the history.
 */
export async function writeSavedFields(db: Db, profileId: number, requestedBy: string, fields: ProfileFields): Promise<void> {
  const profiles = collectionOf(db, 'profiles');
  for (let attempt = 1; ; attempt++) {
    const current = await profiles.findOne({ _id: profileId });
    if (!current) throw new Error(`profile ${profileId} is missing`);
    const before = current.pending_identity;
    const { applied, pending } = splitIdentityChange(current.profile, current.verified, fields);
    const unchanged = pending !== null && before !== undefined && sameIdentityValues(before.fields, pending);
    const at = new Date().toISOString();
    const change = pending ? (unchanged ? before : { fields: pending, requested_by: requestedBy, requested_at: at }) : undefined;
    // The shown handles stay as they are: saveProfile shows the proven ones next (showProvenHandles), comparing
    // with these, so a proven handle's change is told by webhook and an unproven one is not.
    const profile = { ...current.profile, ...applied, profile_social_profiles: current.profile.profile_social_profiles };
    const update: UpdateFilter<ProfileDoc> = change
      ? { $set: { profile, pending_identity: change } }
      : { $set: { profile }, $unset: { pending_identity: '' } };
    const written = await profiles.updateOne({ _id: profileId, verified: current.verified, ...whilePending(before) }, update);
    if (written.matchedCount === 0 && attempt < SAVE_ATTEMPTS) continue;
    if (written.matchedCount === 0) throw new Error(`profile ${profileId} kept changing while being saved`);
    if (pending && !unchanged) {
      const note = describeIdentityChange(current.profile, pending);
      await insertAudit(db, { profile_id: profileId, actor: requestedBy, action: 'identity-change-requested', note, at });
    }
    return;
  }
}

export async function pendingIdentityOf(db: Db, profileId: number): Promise<PendingIdentityChange | null> {
  const doc = await collectionOf(db, 'profiles').findOne({ _id: profileId }, { projection: { pending_identity: 1 } });
  return doc?.pending_identity ?? null;
}

export async function pendingIdentityChanges(db: Db): Promise<{ profileId: number; change: PendingIdentityChange }[]> {
  const docs = await collectionOf(db, 'profiles')
    .find({ pending_identity: { $exists: true } }, { projection: { pending_identity: 1 } })
    .sort({ 'pending_identity.requested_at': 1, _id: 1 })
    .toArray();
  return docs.map((doc) => ({ profileId: doc._id, change: doc.pending_identity! }));
}

/*
 * Single-document writes, in this order: the audit record, then one update of the profile document that moves
 * the approved values into `profile` (approval only) and removes the pending change, then the answers re-rendered.
 * An approved change of the name then moves the slug (see mongo-slugs.ts). The answers only ever render `profile`,
 * so no order exposes a value no editor approved. Interrupted after the
 * audit record, the change is still pending (an editor decides again); after the update, the answers lag with
 * the old values until the next re-render. The update holds only while the change is the one decided.
 */
export async function decideIdentityChange(
  db: Db,
  { profileId, actor, action, note, requestedAt, slugBaseOf }: IdentityDecision,
): Promise<IdentityDecisionOutcome> {
  const profiles = collectionOf(db, 'profiles');
  const doc = await profiles.findOne({ _id: profileId });
  const change = doc?.pending_identity;
  if (!change) return { ok: false, reason: 'no-pending-change' };
  if (requestedAt !== undefined && requestedAt !== change.requested_at) return { ok: false, reason: 'changed-since' };
  await insertAudit(db, { profile_id: profileId, actor, action, note, at: new Date().toISOString() });
  const approved = action === 'identity-change-approved';
  const values = Object.fromEntries(Object.entries(change.fields).map(([field, value]) => [`profile.${field}`, value]));
  const update: UpdateFilter<ProfileDoc> = approved
    ? { $set: values, $unset: { pending_identity: '' } }
    : { $unset: { pending_identity: '' } };
  const written = await profiles.updateOne({ _id: profileId, ...whilePending(change) }, update);
  if (written.matchedCount === 0) return { ok: false, reason: 'changed-since' };
  if (approved && slugBaseOf) {
    // After the approved names: interrupted in between, the slug lags the name until the next approval.
    const { first, last } = namesAfterChange(doc.profile, change.fields);
    const slugBase = slugBaseOf(first, last);
    if (!slugFitsBase(doc.slug, slugBase)) await moveSlug(db, profileId, doc.slug, slugBase, { keepFormer: true });
  }
  if (approved) await rerenderInTurn(db, [profileId]);
  return { ok: true, change };
}
