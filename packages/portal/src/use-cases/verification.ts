import type { ClaimStore, DecisionAction, PortalStore, PortalUser } from '@byline/shared';
import { hasProof } from '../editor/editor-proofs';

export type Decision = 'verify' | 'reject' | 'unverify';
const ACTIONS: Record<Decision, DecisionAction> = {
  verify: 'verified',
  reject: 'rejected',
  unverify: 'unverified',
};

export type DecisionResult =
  | { ok: true }
  /** Approving needs a proven handle or site, or the override. */
  | { ok: false; reason: 'needs-proof' | 'override-needs-note' | 'no-such-profile' };

/** The audit note of an approval without proof: the history says it was an override, and why. */
export const overrideNote = (note: string): string => `Approved without proof (override): ${note}`;

/**
 * An editor's decision: sets the verified flag (read by both verifiers) and records who, when, what and why.
 * Approving needs at least one proven handle or site; without one, only an explicit override with a note.
 */
export async function decideVerification(
  { portalStore, claims }: { portalStore: PortalStore; claims: ClaimStore },
  editor: PortalUser,
  profileId: number,
  { decision, note, override = false }: { decision: Decision; note: string; override?: boolean },
): Promise<DecisionResult> {
  if (editor.role !== 'editor') throw new Error('only editors decide verification');
  let recorded = note;
  if (decision === 'verify' && !hasProof(await claims.claimsOf(profileId))) {
    if (!override) return { ok: false, reason: 'needs-proof' };
    if (!note) return { ok: false, reason: 'override-needs-note' };
    recorded = overrideNote(note);
  }
  const found = await portalStore.decideVerification({
    profileId,
    actor: editor.email,
    action: ACTIONS[decision],
    note: recorded,
  });
  return found ? { ok: true } : { ok: false, reason: 'no-such-profile' };
}

/**
 * `byline profiles verify|unverify SLUG` for operators, audited like an editor's decision.
 * false when no profile has this slug.
 */
export async function setVerifiedByOperator(
  portalStore: PortalStore,
  slug: string,
  verified: boolean,
  actor = 'operator (command line)',
): Promise<boolean> {
  const profile = await portalStore.findProfileBySlug(slug);
  if (!profile) return false;
  return portalStore.decideVerification({ profileId: profile.id, actor, action: verified ? 'verified' : 'unverified', note: '' });
}
