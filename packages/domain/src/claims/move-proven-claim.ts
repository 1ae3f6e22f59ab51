import type { SocialType } from '../domain/types';
import { EDITOR_PROVIDER } from '../proofs/claims';
import type { ClaimsRepository, ClaimsUnitOfWrite, ProveResult } from './claims-repository';
import { showProvenHandles } from './proven-handles';
import { recordProofSteps } from './record-proof';
import { releaseClaims } from './release-claims';
import { step, type Steps } from '../store/steps';

export interface ProvenClaimMove {
  type: SocialType;
  key: string;
  toProfileId: number;
  editor: string;
  note: string;
  /**
   * The target's own proven claim of the network, which the editor confirmed displacing: why it is released, and
   * what the history of the target and of the holder say about it.
   */
  displacing?: { reason: string; targetNote: string; holderNote: string };
}

/**
 * An editor's decision to move a proven handle to another profile: the holder's claim is released with the note,
 * and the target proves it by editor attestation (recordProofSteps: the target's other claim of the network, if
 * any, is displaced: released with the reason `displacing` gives, its evidence kept and ended; other profiles'
 * unproven claims of the handle are released, their histories naming the editor). Audited on both profiles: the
 * move, and the displacement when the editor confirmed one.
 *
 * Order (MongoDB, where each is a separate write): the holder's history records the move first, then its claim
 * is released (its handle stops finding it first, see releaseClaims) and its document follows, then the target
 * proves it, then the target's history records it (and both histories the displacement). Interrupted in between, the handle is held by nobody, which
 * the editor sees and repeats; it never finds a profile that did not prove it. Whether a verified holder left
 * without a live proof stays verified is decided around this by endingProofs (no-live-proof.ts).
 */
export function* moveProvenClaimSteps(
  unit: ClaimsUnitOfWrite,
  { type, key, toProfileId, editor, note, displacing }: ProvenClaimMove,
  now: string,
): Steps<ProveResult> {
  if (!(yield* step(unit.profileExists(toProfileId)))) return { ok: false, reason: 'no-such-profile' };
  const holder = yield* step(unit.lookupHolder(type, key));
  const held =
    holder === undefined
      ? undefined
      : (yield* step(unit.liveClaimsOf(holder))).find((claim) => claim.kind === type && claim.key === key);
  const value = held?.value ?? key;
  if (holder !== undefined && holder !== toProfileId && held) {
    const history = { profileId: holder, actor: editor, action: 'handle-moved' as const };
    yield* step(unit.appendHistory({ ...history, note: `${type} ${value} moved to another profile: ${note}` }, now));
    const reason = `Moved to another profile by an editor (${editor}) on ${now.slice(0, 10)}: ${note}`;
    yield* releaseClaims(unit, [held], reason, now);
    yield* showProvenHandles(unit, [holder]);
  }
  const evidence = {
    method: 'editor-attestation' as const,
    provider: EDITOR_PROVIDER,
    provenValue: value,
    by: `editor:${editor}`,
    note,
  };
  const proof = { profileId: toProfileId, kind: type, value, evidence };
  const result = yield* recordProofSteps(unit, proof, now, { actor: editor, replacedReason: displacing?.reason });
  if (result.ok) {
    const history = {
      profileId: toProfileId,
      actor: editor,
      action: 'handle-moved' as const,
      note: `${type} ${value} moved here: ${note}`,
    };
    yield* step(unit.appendHistory(history, now));
    if (displacing) {
      const displaced = { actor: editor, action: 'handle-displaced' as const };
      yield* step(unit.appendHistory({ ...displaced, profileId: toProfileId, note: displacing.targetNote }, now));
      if (holder !== undefined && holder !== toProfileId) {
        yield* step(unit.appendHistory({ ...displaced, profileId: holder, note: displacing.holderNote }, now));
      }
    }
  }
  return result;
}

/** Moves a proven handle onto another profile by an editor's decision (see moveProvenClaimSteps). */
export function moveProvenClaim(claims: ClaimsRepository, move: ProvenClaimMove): Promise<ProveResult> {
  return claims.inOneWrite((unit) => moveProvenClaimSteps(unit, move, new Date().toISOString()));
}
