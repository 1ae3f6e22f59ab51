import type { StoreRepositories } from '@byline/shared/store';
import type { PortalUser } from '@byline/domain/users/users-repository';
import type { ArticleClaim } from '@byline/domain/articles/article-proof';
import type { AuditRecord } from '@byline/domain/audit/audit-repository';
import type { Claim } from '@byline/domain/proofs/claims';

const EMAIL = /[^\s()<>@,;:"]+@[^\s()<>@,;:"]+\.[^\s()<>@,;:"]+/;
const EMAIL_IN_BRACKETS = new RegExp(`\\s?\\((${EMAIL.source})\\)|${EMAIL.source}`, 'g');

/** Replaces other people's addresses in a text with the part they played (see actorNamerFor). */
export type NameActors = (text: string) => string;

/**
 * The one rule for showing who did something to the person it was done to (their profile's history and proofs,
 * their articles, their data download, a publisher's history to its admin): other people appear only by the part
 * they played, as their addresses are their data. An editor's address (the history's actor, an attestation's `by`
 * as `editor:EMAIL`, a move's "by an editor (EMAIL)") becomes "an editor", a publisher admin's "an admin of
 * PUBLISHER", anyone else's "another person"; the viewer's own becomes "you"; the system's actors (`byline:…`,
 * `network:…`, the operator) stay as they are. Editors on the editors' desk see the records as kept: they judge by
 * who did what, and are accountable to each other.
 */
export async function actorNamerFor(
  repositories: Pick<StoreRepositories, 'users' | 'publishers'>,
  viewerEmail: string,
  texts: Iterable<string | null>,
): Promise<NameActors> {
  const others = new Set<string>();
  for (const text of texts) for (const [email] of (text ?? '').matchAll(new RegExp(EMAIL.source, 'g'))) others.add(email);
  others.delete(viewerEmail);
  const names = await rolesOf(repositories, others);
  const nameOf = (email: string) => (email === viewerEmail ? 'you' : (names.get(email) ?? 'another person'));
  return (text) => {
    if (text === viewerEmail) return 'you';
    if (/^editor:/.test(text)) return 'an editor';
    // "by an editor (EMAIL)" says who already: the address in brackets just goes.
    return text.replace(EMAIL_IN_BRACKETS, (match, bracketed: string | undefined) => {
      if (bracketed !== undefined) return bracketed === viewerEmail ? ' (you)' : '';
      return nameOf(match);
    });
  };
}

/** The part each of these people plays: an editor, or an admin of the publishers they administer. */
async function rolesOf(
  repositories: Pick<StoreRepositories, 'users' | 'publishers'>,
  emails: Set<string>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const email of emails) {
    const user: PortalUser | null = await repositories.users.findByEmail(email);
    if (!user) continue;
    if (user.role === 'editor') {
      names.set(email, 'an editor');
      continue;
    }
    const publishers = await repositories.publishers.administeredBy(user.id);
    if (publishers.length) names.set(email, `an admin of ${publishers.map((p) => p.name).join(', ')}`);
  }
  return names;
}

const nullable = (name: NameActors) => (text: string | null) => (text === null ? null : name(text));

/** The texts of these records that may name someone. */
export const textsOfHistory = <T extends Pick<AuditRecord, 'actor' | 'note'>>(history: T[]) =>
  history.flatMap((entry) => [entry.actor, entry.note]);
export const textsOfClaims = (claims: Claim[]) =>
  claims.flatMap((claim) => [claim.releasedReason, ...claim.evidence.flatMap((p) => [p.by, p.note, p.endedReason])]);
export const textsOfArticles = (articles: Pick<ArticleClaim, 'proof'>[]) =>
  articles.flatMap(({ proof }) => [proof.reason, ...proof.evidence.flatMap((e) => [e.by, e.note])]);

export const historyNamed = <T extends Pick<AuditRecord, 'actor' | 'note'>>(history: T[], name: NameActors): T[] =>
  history.map((entry) => ({ ...entry, actor: name(entry.actor), note: name(entry.note) }));

export const claimsNamed = (claims: Claim[], name: NameActors): Claim[] =>
  claims.map((claim) => ({
    ...claim,
    releasedReason: nullable(name)(claim.releasedReason),
    evidence: claim.evidence.map((proof) => ({
      ...proof,
      by: name(proof.by),
      note: nullable(name)(proof.note),
      endedReason: nullable(name)(proof.endedReason),
    })),
  }));

export const articlesNamed = <T extends Pick<ArticleClaim, 'proof'>>(articles: T[], name: NameActors): T[] =>
  articles.map((article) => ({
    ...article,
    proof: {
      ...article.proof,
      reason: nullable(name)(article.proof.reason),
      evidence: article.proof.evidence.map((evidence) => ({
        ...evidence,
        by: name(evidence.by),
        note: nullable(name)(evidence.note),
      })),
    },
  }));

/** A person's own articles as they see them: who vouched or moved them by role. */
export async function articlesAsSeenBy<T extends Pick<ArticleClaim, 'proof'>>(
  repositories: Pick<StoreRepositories, 'users' | 'publishers'>,
  viewerEmail: string,
  articles: T[],
): Promise<T[]> {
  return articlesNamed(articles, await actorNamerFor(repositories, viewerEmail, textsOfArticles(articles)));
}
