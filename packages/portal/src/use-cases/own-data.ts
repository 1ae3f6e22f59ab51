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
  profile: (Profile & { former_slugs: string[] }) | null;
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

/** Replaces the other people's addresses in one's records with the part they played (see namesOfOthers). */
type Redact = (text: string) => string;

/**
 * Other people appear in one's records only by what they did. Their email addresses are their data: an editor's
 * (the history's actor, an attestation's `by` as `editor:EMAIL`, a move's "by an editor (EMAIL)") becomes "an
 * editor", a publisher admin's (who ended an affiliation or removed a domain) "an admin of PUBLISHER", anyone else's
 * "another person"; the person's own becomes "you"; the system's actors (`byline:…`, `network:…`, the operator) stay
 * as they are.
 */
async function redactorFor(backend: Backend, ownEmail: string, texts: Iterable<string | null>): Promise<Redact> {
  const others = new Set<string>();
  for (const text of texts) for (const [email] of (text ?? '').matchAll(new RegExp(EMAIL.source, 'g'))) others.add(email);
  others.delete(ownEmail);
  const names = await namesOfOthers(backend, others);
  const nameOf = (email: string) => (email === ownEmail ? 'you' : (names.get(email) ?? 'another person'));
  return (text) => {
    if (text === ownEmail) return 'you';
    if (/^editor:/.test(text)) return 'an editor';
    // "by an editor (EMAIL)" says who already: the address in brackets just goes.
    return text.replace(EMAIL_IN_BRACKETS, (match, bracketed: string | undefined) => {
      if (bracketed !== undefined) return bracketed === ownEmail ? ' (you)' : '';
      return nameOf(match);
    });
  };
}

/** The part each of these people plays: an editor, or an admin of the publishers they administer. */
async function namesOfOthers(backend: Backend, emails: Set<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const email of emails) {
    const user = await backend.users.findByEmail(email);
    if (!user) continue;
    if (user.role === 'editor') {
      names.set(email, 'an editor');
      continue;
    }
    const publishers = await backend.publishers.administeredBy(user.id);
    if (publishers.length) names.set(email, `an admin of ${publishers.map((p) => p.name).join(', ')}`);
  }
  return names;
}

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
  const [profile, formerSlugs, claims, articles, history, webhooks] = await Promise.all([
    backend.profiles.findById(profileId),
    backend.profiles.formerSlugsOf(profileId),
    backend.claims.claimsOf(profileId),
    backend.articles.claimsOf(profileId),
    backend.audit.historyOf(profileId),
    ownWebhookEndpoints(backend, user.email),
  ]);
  const redact = await redactorFor(backend, user.email, [
    ...claims.flatMap((claim) => [claim.releasedReason, ...claim.evidence.flatMap((p) => [p.by, p.note, p.endedReason])]),
    ...articles.flatMap(({ proof }) => [proof.reason, ...proof.evidence.flatMap((e) => [e.by, e.note])]),
    ...history.flatMap((entry) => [entry.actor, entry.note]),
  ]);
  const redactNullable = (text: string | null) => (text === null ? null : redact(text));
  return {
    account,
    // The addresses it had before approved changes of name, which redirect to it (see profile-slugs.ts).
    profile: profile && { ...profile, former_slugs: formerSlugs },
    claims: claims.map((claim) => ({
      ...claim,
      releasedReason: redactNullable(claim.releasedReason),
      evidence: claim.evidence.map((proof) => ({
        ...proof,
        by: redact(proof.by),
        note: redactNullable(proof.note),
        endedReason: redactNullable(proof.endedReason),
      })),
    })),
    articles: articles.map(({ article, proof }) => ({
      ...article,
      proof: {
        ...proof,
        reason: redactNullable(proof.reason),
        evidence: proof.evidence.map((evidence) => ({
          ...evidence,
          by: redact(evidence.by),
          note: redactNullable(evidence.note),
        })),
      },
    })),
    history: history.map(({ profileId: _profileId, ...entry }) => ({
      ...entry,
      actor: redact(entry.actor),
      note: redact(entry.note),
    })),
    webhooks,
  };
}
