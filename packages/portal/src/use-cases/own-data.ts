import type { Article, Profile } from '@byline/domain/domain/types';
import { type StoreRepositories } from '@byline/shared/store';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { provenAddress } from '@byline/editorial/use-cases/address-proof';
import { type ArticleProof } from '@byline/domain/articles/article-proof';
import { type AuditRecord } from '@byline/domain/audit/audit-repository';
import { type Claim } from '@byline/domain/proofs/claims';
import { type WebhookEndpoint } from '@byline/domain/webhooks/webhooks-repository';
import {
  actorNamerFor,
  articlesNamed,
  claimsNamed,
  historyNamed,
  textsOfArticles,
  textsOfClaims,
  textsOfHistory,
} from './actor-names';

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

/**
 * The person's API account's endpoints, oldest first, with what they chose and nothing that signs. The account is
 * reached by address, so none until the person proved theirs.
 */
export async function ownWebhookEndpoints(
  repositories: Pick<StoreRepositories, 'webhookEndpoints'>,
  user: Pick<PortalUser, 'email' | 'emailVerifiedAt'>,
): Promise<OwnWebhookEndpoint[]> {
  const address = provenAddress(user);
  if (address === null) return [];
  const endpoints = await repositories.webhookEndpoints.endpointsOf(address);
  return endpoints.map(({ url, events, createdAt, enabled }) => ({ url, events, createdAt, enabled }));
}

export async function ownDataOf(repositories: StoreRepositories, user: PortalUser): Promise<OwnData> {
  const account = { email: user.email, role: user.role, createdAt: user.createdAt };
  const profileId = user.profileId;
  if (profileId === null) {
    return {
      account,
      profile: null,
      claims: [],
      articles: [],
      history: [],
      webhooks: await ownWebhookEndpoints(repositories, user),
    };
  }
  const [profile, formerSlugs, claims, articles, history, webhooks] = await Promise.all([
    repositories.profiles.findById(profileId),
    repositories.profiles.formerSlugsOf(profileId),
    repositories.claims.claimsOf(profileId),
    repositories.articles.claimsOf(profileId),
    repositories.audit.historyOf(profileId),
    ownWebhookEndpoints(repositories, user),
  ]);
  const name = await actorNamerFor(repositories, user.email, [
    ...textsOfClaims(claims),
    ...textsOfArticles(articles),
    ...textsOfHistory(history),
  ]);
  return {
    account,
    // The addresses it had before approved changes of name, which redirect to it (see profile-slugs.ts).
    profile: profile && { ...profile, former_slugs: formerSlugs },
    claims: claimsNamed(claims, name),
    articles: articlesNamed(articles, name).map(({ article, proof }) => ({ ...article, proof })),
    history: historyNamed(history, name).map(({ profileId: _profileId, ...entry }) => entry),
    webhooks,
  };
}
