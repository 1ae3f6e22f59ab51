import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { type ArticleInput } from '@byline/domain/domain/types';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { publicProfileUrl, relMeEvidence } from '@byline/editorial/proofs/rel-me-check';
import { rechecksOf, type Rechecks } from '@byline/editorial/recheck/rechecks';
import { EDITOR_PROVIDER } from '@byline/domain/proofs/claims';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { recordProof } from '@byline/domain/claims/record-proof';
import { setClaims } from '@byline/domain/claims/set-claims';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { createSafeFetch } from '@byline/fetcher';
import { anArticle, loopbackOutbound, profileFields } from '@byline/test-support';

/**
 * Verified profiles whose website is proven by rel="me", pointing at pages a real HTTP server on 127.0.0.1
 * serves: with the link back to the profile page, without it, or not at all.
 */

export const PORTAL = 'https://byline.example';
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** The fetch of a re-check with ALLOWED_PRIVATE_ADDRESSES listing loopback, where the page server listens. */
export const loopbackFetch = createSafeFetch({ ...loopbackOutbound(), timeoutMs: 5000 });

/** What every re-check loop of these tests reads: the store's re-checks, claims, profiles and verification, fetched on loopback. */
export const recheckSourcesOf = (repositories: StoreRepositories) => ({
  rechecks: rechecksOf(repositories),
  claims: repositories.claims,
  profiles: repositories.profiles,
  verification: repositories.verification,
  fetch: loopbackFetch,
});

/** The stores an attribution run reads and writes: the queue, publishers, their staff and the article sources. */
export const attributionStoresOf = (repositories: StoreRepositories) => ({
  queue: repositories.queue,
  publishers: repositories.publishers,
  publisherDomains: repositories.publisherDomains,
  staff: repositories.staff,
  sources: repositories,
});

export type Page = (res: http.ServerResponse) => void;
export const linkingTo =
  (slug: string): Page =>
  (res) =>
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end(`<html><body><a rel="me" href="${publicProfileUrl(PORTAL, slug)}">My Byline profile</a></body></html>`);
export const withoutLink: Page = (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>nothing here</p>');

export interface PageServer {
  base: string;
  pages: Record<string, Page>;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const pages: Record<string, Page> = {};
  const server = http.createServer((req, res) => (pages[req.url ?? ''] ?? ((r) => r.writeHead(404).end()))(res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pages,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The store with its portal records and claims, as the worker and the CLI see it. */
export class ProofFixtures {
  readonly repositories: StoreRepositories;
  readonly claims: ClaimsRepository;
  /** The re-checks on the store's leased queue. */
  readonly rechecks: Rechecks;
  private counter = 0;

  constructor(
    readonly store: Store,
    private readonly server: PageServer,
  ) {
    this.repositories = repositoriesOf(store);
    this.claims = repositoriesOf(store).claims;
    this.rechecks = rechecksOf(repositoriesOf(store));
  }

  /**
   * A verified journalist whose website `path` on the page server is proven by rel="me", due for a check at
   * `dueAt`. The page links back when `page` is 'linking', lacks the link when 'without'. `base` names the
   * server another way (a name that resolves to it). `twitter` is an X handle the profile claims (not proven).
   */
  async siteProof(
    path: string,
    { page = 'linking' as 'linking' | 'without', dueAt = new Date(), base = this.server.base, twitter = '' } = {},
  ) {
    const n = ++this.counter;
    const tag = `${Date.now().toString(36)}${n}`;
    const user = await repositoriesOf(this.store).users.create(
      {
        email: `j${tag}@example.org`,
        passwordHash: 'x',
        role: 'journalist',
      },
      new Date(),
    );
    const profile = await this.repositories.profiles.save(
      user.id,
      profileFields({
        profile_last_name: `Worker${tag}`,
        profile_social_profiles: { twitter, facebook: '', linkedin: '', instagram: '' },
      }),
      `worker-${tag}`,
    );
    await this.repositories.verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    const site = `${base}${path}`;
    await setClaims(repositoriesOf(this.store).claims, profile.id, { website: [site] });
    const proof = await recordProof(repositoriesOf(this.store).claims, {
      profileId: profile.id,
      kind: 'website',
      value: site,
      evidence: relMeEvidence(site, dueAt),
    });
    if (!proof.ok) throw new Error('not proven');
    this.server.pages[path] = page === 'linking' ? linkingTo(profile.profile_slug) : withoutLink;
    return { profile, site };
  }

  /** An active article of the profile, proven by an editor (what verify_article answers about), by its address. */
  async article(profileId: number, path: string): Promise<string> {
    const link = `https://news.example.org${path}/story`;
    const { article } = await this.repositories.articles.add(profileId, anArticle({ link }) as ArticleInput);
    const evidence = { method: 'editor-attestation' as const, provider: EDITOR_PROVIDER, by: 'editor:ed@example.org' };
    const proven = await proveArticle(this.repositories.articles, { profileId, articleId: article.id, evidence });
    if (!proven.ok) throw new Error(`article not proven: ${proven.reason}`);
    return canonicalizeUrl(link);
  }

  /** Proves the profile's X handle by an editor's attestation: a proof no re-check ends. */
  async attestX(profileId: number, handle: string): Promise<void> {
    const proof = await recordProof(repositoriesOf(this.store).claims, {
      profileId,
      kind: 'twitter',
      value: handle,
      evidence: { method: 'editor-attestation', provider: EDITOR_PROVIDER, provenValue: handle, by: 'editor:ed@example.org' },
    });
    if (!proof.ok) throw new Error('not attested');
  }

  async website(profileId: number) {
    return (await this.claims.claimsOf(profileId)).find((c) => c.kind === 'website')!;
  }

  async close(): Promise<void> {
    await this.claims.close();
  }
}

/**
 * A publisher, verified, with the domain recorded proven as a DNS TXT check leaves it (the check and the editors'
 * decision have their own tests): what attribution needs before it reads an outlet's pages. Its id.
 */
export async function verifiedPublisherOn(
  repositories: StoreRepositories,
  slug: string,
  name: string,
  domain: string,
): Promise<number> {
  const { publishers, publisherDomains } = repositories;
  const created = (await publishers.create({ slug, name }, 'admin', new Date()))!;
  await publisherDomains.addDomain(created.id, domain, `token-${slug}`, 'admin', new Date());
  await publisherDomains.recordCheck(
    created.id,
    domain,
    { outcome: 'proven', method: 'dns-txt', at: new Date().toISOString() },
    null,
  );
  await publishers.setVerified(created.id, true, 'editor@example.org', 'Masthead checked', new Date());
  return created.id;
}
