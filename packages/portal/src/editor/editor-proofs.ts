import { handleKey, InvalidHandleError, normalizeHandle } from '@byline/domain/social/social-handle';
import { type SocialType } from '@byline/domain/domain/types';
import { endingProofs } from '@byline/editorial/proofs/no-live-proof';
import { notifyReleased } from '@byline/editorial/notify/released-claims';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { type OwnerNotifier } from '@byline/editorial/notify/owner-notifier';
import { isOwnProfile } from '@byline/editorial/use-cases/verification';
import { type Profiles } from '@byline/domain/profiles/profiles-repository';
import { EDITOR_PROVIDER, isLiveClaim, type Claim } from '@byline/domain/proofs/claims';
import { isNetwork } from '@byline/domain/proofs/claim-values';
import { moveProvenClaim, type ProvenClaimMove } from '@byline/domain/claims/move-proven-claim';
import { recordProof } from '@byline/domain/claims/record-proof';
import { type AuditHistory } from '@byline/domain/audit/audit-repository';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { type Verification } from '@byline/domain/verification/verification-repository';
import { claimTitle } from '../proofs/proof-wording';

export interface EditorProofDeps {
  profiles: Profiles;
  verification: Verification;
  claims: ClaimsRepository;
  audit: AuditHistory;
  /** Tells the owners of claims an attestation or a move released. */
  notifier?: OwnerNotifier;
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

async function profileRef(profiles: Profiles, id: number): Promise<ProfileRef> {
  const profile = await profiles.findById(id);
  return { id, name: profile ? nameOf(profile) || profile.profile_slug : `profile ${id}`, slug: profile?.profile_slug ?? '' };
}

/** Who holds this network key proven, when it is not `profileId`. */
async function otherHolder(claims: ClaimsRepository, type: SocialType, key: string, profileId: number): Promise<number | null> {
  const holder = (await claims.claimsOfKey(type, key)).find((claim) => claim.state === 'proven');
  return holder && holder.profileId !== profileId ? holder.profileId : null;
}

/** Every claim of the profile (live first, then released), each with the other profile holding its handle proven. */
export async function reviewedClaims({ profiles, claims }: EditorProofDeps, profileId: number): Promise<ReviewedClaim[]> {
  const holders = new Map<string, Promise<ProfileRef | null>>();
  const holderOf = (claim: Claim) => {
    if (!isNetwork(claim.kind) || (isLiveClaim(claim) && claim.state === 'proven')) return Promise.resolve(null);
    const id = `${claim.kind} ${claim.key}`;
    if (!holders.has(id))
      holders.set(
        id,
        otherHolder(claims, claim.kind, claim.key, profileId).then((holder) =>
          holder === null ? null : profileRef(profiles, holder),
        ),
      );
    return holders.get(id)!;
  };
  const list = await claims.claimsOf(profileId);
  return Promise.all(list.map(async (claim) => ({ claim, heldBy: await holderOf(claim) })));
}

export type AttestResult =
  | { ok: true; claim: Claim }
  | { ok: false; reason: 'no-such-claim' | 'own-profile' }
  /** Proven already, or released since the editor's page was drawn (for a reason other than the one below). */
  | { ok: false; reason: 'already-proven' | 'released'; claim: Claim }
  /** Another profile proved the handle (its proof released this claim, perhaps after the page was drawn). */
  | { ok: false; reason: 'held-by-another'; claim: Claim; holder: ProfileRef };

/** Why a claim the editor's form named is no longer live: another profile proved its handle, or another release. */
async function releasedClaim({ profiles, claims }: EditorProofDeps, claim: Claim): Promise<AttestResult> {
  if (isNetwork(claim.kind)) {
    const holder = await otherHolder(claims, claim.kind, claim.key, claim.profileId);
    if (holder !== null) return { ok: false, reason: 'held-by-another', claim, holder: await profileRef(profiles, holder) };
  }
  return { ok: false, reason: 'released', claim };
}

/**
 * An editor vouches for one of the profile's live, unproven claims: the claim is proven by `editor-attestation`
 * evidence carrying the editor and the note, and the history records it (`proof-attested`), as it records the
 * release of other profiles' unproven claims of the handle on theirs. The proof is written first: a proof
 * refused (another profile proved the handle meanwhile) leaves no record of an attestation, and the evidence
 * itself names the editor and the note should the history write fail. Never on the editor's own profile.
 */
export async function attestClaim(
  deps: EditorProofDeps,
  editor: PortalUser,
  profileId: number,
  claimId: number,
  note: string,
  at: Date,
): Promise<AttestResult> {
  const { profiles, claims, audit } = deps;
  if (isOwnProfile(editor, profileId)) return { ok: false, reason: 'own-profile' };
  const claim = (await claims.claimsOf(profileId)).find((c) => c.id === claimId);
  if (!claim) return { ok: false, reason: 'no-such-claim' };
  if (!isLiveClaim(claim)) return releasedClaim(deps, claim);
  if (claim.state === 'proven') return { ok: false, reason: 'already-proven', claim };
  const evidence = {
    method: 'editor-attestation' as const,
    provider: EDITOR_PROVIDER,
    provenValue: claim.value,
    by: `editor:${editor.email}`,
    note,
  };
  const proof = { profileId, kind: claim.kind, value: claim.value, evidence };
  const result = await recordProof(claims, proof, { actor: editor.email });
  if (!result.ok) {
    if (result.reason === 'no-such-profile') return { ok: false, reason: 'no-such-claim' };
    return { ok: false, reason: 'held-by-another', claim, holder: await profileRef(profiles, result.holderProfileId) };
  }
  await audit.record(
    {
      profileId,
      actor: editor.email,
      action: 'proof-attested',
      note: `${claimTitle(claim)}: ${note}`,
    },
    at,
  );
  if (deps.notifier) {
    notifyReleased(deps.notifier, result.released, claimTitle(claim), 'an editor attested it on another profile.');
  }
  return { ok: true, claim: result.claim };
}

/** The profile's proven handle on `network` that a move of the handle `key` onto it would displace. */
export function displacedBy(claims: Claim[], network: SocialType, key: string): Claim | null {
  return (
    claims.find((claim) => isLiveClaim(claim) && claim.state === 'proven' && claim.kind === network && claim.key !== key) ?? null
  );
}

export type MoveResult =
  | { ok: true; claim: Claim; displaced: Claim | null }
  | { ok: false; reason: 'invalid-handle' | 'not-held' | 'already-here' | 'changed' | 'no-such-profile'; shown: string }
  | { ok: false; reason: 'own-profile' }
  /** The profile has its own proven handle on the network: the editor must confirm displacing it (`displace`). */
  | { ok: false; reason: 'needs-confirmation'; shown: string; displaced: Claim };

/**
 * An editor's decision to move a handle another profile holds proven to this one: the holder's claim is released
 * with the note, this profile proves it by the editor's attestation, and both histories record the move
 * (moveProvenClaim writes those records, and the displacement's, with the move). Never onto the editor's own
 * profile.
 *
 * A proven handle of the same network on this profile is displaced only when the editor confirmed it by naming
 * its key in `displace` (the form's confirmation): its proof ends and its claim is released with a reason naming
 * the move, and both profiles' histories say so. A holder left without a live proof goes back to the queue.
 */
export async function moveHandle(
  deps: EditorProofDeps,
  editor: PortalUser,
  profileId: number,
  { network, handle, note, displace = '' }: { network: SocialType; handle: string; note: string; displace?: string },
): Promise<MoveResult> {
  const { profiles, verification, claims } = deps;
  if (isOwnProfile(editor, profileId)) return { ok: false, reason: 'own-profile' };
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
  const displaced = displacedBy(await claims.claimsOf(profileId), network, key);
  if (displaced && displace !== displaced.key) return { ok: false, reason: 'needs-confirmation', shown, displaced };

  const today = new Date().toISOString().slice(0, 10);
  const byEditor = `by an editor (${editor.email})`;
  // Kept naming the editor (editors read the records as kept); the owner's mail names them by role only.
  const displacedReason = (by: string) => `Displaced on ${today} by ${shown}, moved to this profile ${by}: ${note}`;
  let displacing: ProvenClaimMove['displacing'];
  if (displaced) {
    const [from, to] = await Promise.all([profileRef(profiles, holder.profileId), profileRef(profiles, profileId)]);
    const was = claimTitle(displaced);
    displacing = {
      reason: displacedReason(byEditor),
      targetNote: `${was} displaced by ${shown}, moved here from ${from.name}’s profile: ${note}`,
      holderNote: `${shown}, moved to ${to.name}’s profile, displaced ${was} there: ${note}`,
    };
  }
  const result = await endingProofs(
    { profiles, verification, claims },
    holder.profileId,
    { leaving: (claim) => claim.id === holder.id, why: () => `${shown} was moved to another profile ${byEditor}: ${note}` },
    () =>
      moveProvenClaim(claims, {
        type: network,
        key,
        toProfileId: profileId,
        editor: editor.email,
        note,
        displacing,
      }),
  );
  // The handle changed hands between the look-up and the move: the editor looks again.
  if (!result.ok) return { ok: false, reason: result.reason === 'no-such-profile' ? 'no-such-profile' : 'changed', shown };
  if (deps.notifier) {
    notifyReleased(deps.notifier, [holder], shown, `an editor moved it to another profile: ${note}`);
    if (displaced) notifyReleased(deps.notifier, [displaced], claimTitle(displaced), displacedReason('by an editor'));
  }
  return { ok: true, claim: result.claim, displaced };
}
