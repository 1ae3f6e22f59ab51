import {
  EDITOR_PROVIDER,
  handleKey,
  InvalidHandleError,
  isLiveClaim,
  isNetwork,
  normalizeHandle,
  type Claim,
  type ClaimStore,
  type PortalStore,
  type PortalUser,
  type SocialType,
} from '@byline/shared';
import { claimTitle } from '../proofs/proof-wording';

export interface EditorProofDeps {
  portalStore: PortalStore;
  claims: ClaimStore;
}

/** Another profile, as the review page links to it. */
export interface ProfileRef {
  id: number;
  name: string;
  slug: string;
}

/** A claim on the review page, with the profile that holds its handle proven when that is another one. */
export interface ReviewedClaim {
  claim: Claim;
  heldBy: ProfileRef | null;
}

const nameOf = (profile: { profile_first_name: string; profile_last_name: string }) =>
  `${profile.profile_first_name} ${profile.profile_last_name}`.trim();

async function profileRef(portalStore: PortalStore, id: number): Promise<ProfileRef> {
  const profile = await portalStore.findProfileById(id);
  return { id, name: profile ? nameOf(profile) || profile.profile_slug : `profile ${id}`, slug: profile?.profile_slug ?? '' };
}

/** Who holds this network key proven, when it is not `profileId`. */
async function otherHolder(claims: ClaimStore, type: SocialType, key: string, profileId: number): Promise<number | null> {
  const holder = (await claims.claimsOfKey(type, key)).find((claim) => claim.state === 'proven');
  return holder && holder.profileId !== profileId ? holder.profileId : null;
}

/** Every claim of the profile (live first, then released), each with the other profile holding its handle proven. */
export async function reviewedClaims({ portalStore, claims }: EditorProofDeps, profileId: number): Promise<ReviewedClaim[]> {
  const holders = new Map<string, Promise<ProfileRef | null>>();
  const holderOf = (claim: Claim) => {
    if (!isNetwork(claim.kind) || (isLiveClaim(claim) && claim.state === 'proven')) return Promise.resolve(null);
    const id = `${claim.kind} ${claim.key}`;
    if (!holders.has(id))
      holders.set(
        id,
        otherHolder(claims, claim.kind, claim.key, profileId).then((holder) =>
          holder === null ? null : profileRef(portalStore, holder),
        ),
      );
    return holders.get(id)!;
  };
  const list = await claims.claimsOf(profileId);
  return Promise.all(list.map(async (claim) => ({ claim, heldBy: await holderOf(claim) })));
}

export const hasProof = (claims: Claim[]): boolean => claims.some((claim) => isLiveClaim(claim) && claim.state === 'proven');

export type AttestResult =
  | { ok: true; claim: Claim }
  | { ok: false; reason: 'no-such-claim' | 'already-proven'; claim?: Claim }
  | { ok: false; reason: 'held-by-another'; claim: Claim; holder: ProfileRef };

/**
 * An editor vouches for one of the profile's live, unproven claims: the claim is proven by `editor-attestation`
 * evidence carrying the editor and the note, and the history records it (`proof-attested`). The proof is written
 * first: a proof refused (another profile proved the handle meanwhile) leaves no record of an attestation, and
 * the evidence itself names the editor and the note should the history write fail.
 */
export async function attestClaim(
  { portalStore, claims }: EditorProofDeps,
  editor: PortalUser,
  profileId: number,
  claimId: number,
  note: string,
): Promise<AttestResult> {
  const claim = (await claims.claimsOf(profileId)).find((c) => c.id === claimId && isLiveClaim(c));
  if (!claim) return { ok: false, reason: 'no-such-claim' };
  if (claim.state === 'proven') return { ok: false, reason: 'already-proven', claim };
  const result = await claims.recordProof({
    profileId,
    kind: claim.kind,
    value: claim.value,
    evidence: {
      method: 'editor-attestation',
      provider: EDITOR_PROVIDER,
      provenValue: claim.value,
      by: `editor:${editor.email}`,
      note,
    },
  });
  if (!result.ok) {
    if (result.reason === 'no-such-profile') return { ok: false, reason: 'no-such-claim' };
    return { ok: false, reason: 'held-by-another', claim, holder: await profileRef(portalStore, result.holderProfileId) };
  }
  await portalStore.recordAudit({
    profileId,
    actor: editor.email,
    action: 'proof-attested',
    note: `${claimTitle(claim)}: ${note}`,
  });
  return { ok: true, claim: result.claim };
}

export type MoveResult =
  | { ok: true; claim: Claim }
  | { ok: false; reason: 'invalid-handle' | 'not-held' | 'already-here' | 'changed' | 'no-such-profile'; shown: string };

/**
 * An editor's decision to move a handle another profile holds proven to this one: the holder's claim is released
 * with the note, this profile proves it by the editor's attestation, and both histories record the move (the
 * claim store writes those records).
 */
export async function moveHandle(
  { claims }: EditorProofDeps,
  editor: PortalUser,
  profileId: number,
  network: SocialType,
  handle: string,
  note: string,
): Promise<MoveResult> {
  let key: string;
  let value: string;
  try {
    value = normalizeHandle(network, handle, 'known');
    key = handleKey(network, value);
  } catch (error) {
    if (error instanceof InvalidHandleError) return { ok: false, reason: 'invalid-handle', shown: handle };
    throw error;
  }
  const shown = claimTitle({ kind: network, value });
  const holder = (await claims.claimsOfKey(network, key)).find((claim) => claim.state === 'proven');
  if (!holder) return { ok: false, reason: 'not-held', shown };
  if (holder.profileId === profileId) return { ok: false, reason: 'already-here', shown };
  const result = await claims.moveProvenClaim({ type: network, key, toProfileId: profileId, editor: editor.email, note });
  if (result.ok) return { ok: true, claim: result.claim };
  // The handle changed hands between the look-up and the move: the editor looks again.
  return { ok: false, reason: result.reason === 'no-such-profile' ? 'no-such-profile' : 'changed', shown };
}
