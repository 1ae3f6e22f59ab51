import type { DecisionAction, PortalStore, PortalUser } from '@byline/shared';

export type Decision = 'verify' | 'reject' | 'unverify';
const ACTIONS: Record<Decision, DecisionAction> = {
  verify: 'verified',
  reject: 'rejected',
  unverify: 'unverified',
};

/** An editor's decision: sets the verified flag (read by both verifiers) and records who, when, what and why. */
export async function decideVerification(
  portalStore: PortalStore,
  editor: PortalUser,
  profileId: number,
  decision: Decision,
  note: string,
): Promise<boolean> {
  if (editor.role !== 'editor') throw new Error('only editors decide verification');
  return portalStore.decideVerification({ profileId, actor: editor.email, action: ACTIONS[decision], note });
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
