import type { Article, Profile } from '@byline/shared';
import type { AuditRecord, Backend, Claim, PortalUser } from '@byline/editorial';

/** What a person downloads about themselves: theirs alone, and no secret (no password hash, session, key hash). */
export interface OwnData {
  account: { email: string; role: string; createdAt: string };
  profile: Profile | null;
  claims: Claim[];
  articles: Article[];
  history: Omit<AuditRecord, 'profileId'>[];
}

/**
 * Other people appear in one's records only by what they did: an editor's email (in the history's actor and in an
 * attestation's `by`) is that editor's data, so it becomes "an editor"; the person's own email becomes "you";
 * the system's own actors (`byline:…`, the operator) stay as they are.
 */
function whoDid(actor: string, ownEmail: string): string {
  if (actor === ownEmail) return 'you';
  const editor = /^editor:/.test(actor) || actor.includes('@');
  return editor ? 'an editor' : actor;
}

export async function ownDataOf(backend: Backend, user: PortalUser): Promise<OwnData> {
  const account = { email: user.email, role: user.role, createdAt: user.createdAt };
  const profileId = user.profileId;
  if (profileId === null) return { account, profile: null, claims: [], articles: [], history: [] };
  const [profile, claims, articles, history] = await Promise.all([
    backend.profiles.findById(profileId),
    backend.claims.claimsOf(profileId),
    backend.articles.list(profileId),
    backend.audit.historyOf(profileId),
  ]);
  return {
    account,
    profile,
    claims: claims.map((claim) => ({
      ...claim,
      evidence: claim.evidence.map((proof) => ({ ...proof, by: whoDid(proof.by, user.email) })),
    })),
    articles,
    history: history.map(({ profileId: _profileId, ...entry }) => ({ ...entry, actor: whoDid(entry.actor, user.email) })),
  };
}
