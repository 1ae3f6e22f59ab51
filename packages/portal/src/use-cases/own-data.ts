import type { Article, Profile } from '@byline/shared';
import type { ArticleProof, AuditRecord, Backend, Claim, PortalUser, WebhookEndpoint } from '@byline/editorial';

/** A webhook endpoint of the person's API account as they see it among their data: never its signing secrets. */
export interface OwnWebhookEndpoint {
  url: string;
  events: WebhookEndpoint['events'];
  createdAt: string;
  enabled: boolean;
}

/** What a person downloads about themselves: theirs alone, and no secret (no password hash, session, key hash). */
export interface OwnData {
  account: { email: string; role: string; createdAt: string };
  profile: Profile | null;
  claims: Claim[];
  /** Each article with its proof: whether it counts, why not, and its evidence. */
  articles: (Article & { proof: ArticleProof })[];
  history: Omit<AuditRecord, 'profileId'>[];
  /** The endpoints their API account has events delivered to (an account with no profile has them too). */
  webhooks: OwnWebhookEndpoint[];
}

/** The person's API account's endpoints, oldest first, with what they chose and nothing that signs. */
export async function ownWebhookEndpoints(backend: Pick<Backend, 'webhooks'>, email: string): Promise<OwnWebhookEndpoint[]> {
  const endpoints = await backend.webhooks.endpointsOf(email);
  return endpoints.map(({ url, events, createdAt, enabled }) => ({ url, events, createdAt, enabled }));
}

const EMAIL = /[^\s()<>@,;:"]+@[^\s()<>@,;:"]+\.[^\s()<>@,;:"]+/;
const EMAIL_IN_BRACKETS = new RegExp(`\\s?\\((${EMAIL.source})\\)|${EMAIL.source}`, 'g');

/**
 * Other people appear in one's records only by what they did. Their email addresses are their data: an editor's in
 * the history's actor, an attestation's `by` (`editor:EMAIL`) and the reasons a move writes ("by an editor (EMAIL)")
 * become "an editor" — only editors' addresses are written there — and the person's own becomes "you"; the system's
 * actors (`byline:…`, `network:…`, the operator) stay as they are.
 */
function redact(text: string, ownEmail: string): string {
  if (text === ownEmail) return 'you';
  if (/^editor:/.test(text)) return 'an editor';
  // "by an editor (EMAIL)" says who already: the address in brackets just goes.
  return text.replace(EMAIL_IN_BRACKETS, (match, bracketed: string | undefined) => {
    if (bracketed !== undefined) return bracketed === ownEmail ? ' (you)' : '';
    return match === ownEmail ? 'you' : 'an editor';
  });
}
const redactNullable = (text: string | null, ownEmail: string) => (text === null ? null : redact(text, ownEmail));

export async function ownDataOf(backend: Backend, user: PortalUser): Promise<OwnData> {
  const account = { email: user.email, role: user.role, createdAt: user.createdAt };
  const profileId = user.profileId;
  if (profileId === null) {
    return {
      account,
      profile: null,
      claims: [],
      articles: [],
      history: [],
      webhooks: await ownWebhookEndpoints(backend, user.email),
    };
  }
  const [profile, claims, articles, history, webhooks] = await Promise.all([
    backend.profiles.findById(profileId),
    backend.claims.claimsOf(profileId),
    backend.articles.claimsOf(profileId),
    backend.audit.historyOf(profileId),
    ownWebhookEndpoints(backend, user.email),
  ]);
  return {
    account,
    profile,
    claims: claims.map((claim) => ({
      ...claim,
      releasedReason: redactNullable(claim.releasedReason, user.email),
      evidence: claim.evidence.map((proof) => ({
        ...proof,
        by: redact(proof.by, user.email),
        note: redactNullable(proof.note, user.email),
        endedReason: redactNullable(proof.endedReason, user.email),
      })),
    })),
    articles: articles.map(({ article, proof }) => ({
      ...article,
      proof: {
        ...proof,
        reason: redactNullable(proof.reason, user.email),
        evidence: proof.evidence.map((evidence) => ({
          ...evidence,
          by: redact(evidence.by, user.email),
          note: redactNullable(evidence.note, user.email),
        })),
      },
    })),
    history: history.map(({ profileId: _profileId, ...entry }) => ({
      ...entry,
      actor: redact(entry.actor, user.email),
      note: redact(entry.note, user.email),
    })),
    webhooks,
  };
}
