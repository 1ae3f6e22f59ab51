import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { type ArticleInput } from '@byline/domain/domain/types';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { checkArticle } from '@byline/editorial/authorship/check-article';
import { createPageFetcher } from '@byline/editorial/authorship/fetch-page';
import { publicProfileUrl } from '@byline/editorial/proofs/rel-me-check';
import { runArticleRecheck } from '@byline/editorial/authorship/article-recheck';
import { type OwnerEvent } from '@byline/editorial/notify/owner-notifier';
import { ARTICLE_CHECK_TOPIC } from '@byline/domain/queue/topics';
import { articleCheckItemOf } from '@byline/domain/articles/article-check-item';
import { EDITOR_PROVIDER } from '@byline/domain/proofs/claims';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { anArticle, loopbackOutbound, profileFields, quietLogger, storeFactories } from '@byline/test-support';
import { startRecheckLoop, type RecheckLoop } from '../src/recheck-loop';
import { DAY, HOUR, PORTAL, recheckSourcesOf, startPageServer, type Page, type PageServer } from './rel-me-fixtures';

/**
 * The worker's checks of article pages, on each store, against pages a real HTTP server on 127.0.0.1 serves under
 * the name news.test (the journalist's allowed domain), read by the portal's page fetcher through
 * ALLOWED_PRIVATE_ADDRESSES. The clock is moved to pass the interval and the grace period without waiting.
 */

const POLICY = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR };
const fetchPage = createPageFetcher(
  loopbackOutbound(async (hostname) => {
    if (hostname !== 'news.test') throw new Error(`unknown name ${hostname}`);
    return [{ address: '127.0.0.1', family: 4 }];
  }),
);

const crediting =
  (slug: string): Page =>
  (res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(
      `<html><head><script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        author: { '@type': 'Person', name: 'Aoife Brennan', url: publicProfileUrl(PORTAL, slug) },
      })}</script></head><body>story</body></html>`,
    );
const uncredited: Page = (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>no byline</p>');
const gone: Page = (res) => res.writeHead(410).end();
const down: Page = (res) => res.writeHead(503).end();

describe.each(storeFactories())('article page checks ($name store)', (factory) => {
  let server: PageServer;
  let store: Store;
  let repositories: StoreRepositories;
  let clock: number;
  let n = 0;

  beforeAll(async () => {
    server = await startPageServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    store = await factory.create();
    repositories = repositoriesOf(store);
    clock = Date.now() + 60_000;
  });
  afterEach(() => store.close());

  const now = () => new Date(clock);
  /** What the owners were told (the notifier the worker mails through with SMTP_URL). */
  let told: OwnerEvent[] = [];
  const run = () =>
    runArticleRecheck({
      sources: repositories,
      queue: repositories.queue,
      fetchPage,
      portalUrl: PORTAL,
      policy: POLICY,
      holder: 'test',
      now,
      notifier: { notify: (event) => void told.push(event) },
    });

  /** A journalist allowing news.test, with an article whose page the server serves at `path` by `page`. */
  async function journalistWithArticle(page: (slug: string) => Page) {
    const tag = `${Date.now().toString(36)}${++n}`;
    const user = await repositories.users.create(
      { email: `a${tag}@example.org`, passwordHash: 'x', role: 'journalist' },
      new Date(),
    );
    const profile = await repositories.profiles.save(user.id, profileFields({ profile_last_name: `Art${tag}` }), `art-${tag}`);
    await repositories.attributionDomains.setDomains(profile.id, ['news.test'], new Date());
    const path = `/story-${tag}`;
    server.pages[path] = page(profile.profile_slug);
    const link = `${server.base.replace('127.0.0.1', 'news.test')}${path}`;
    const { article } = await repositories.articles.add(profile.id, anArticle({ link, active: true }) as ArticleInput);
    const claim = async () => (await repositories.articles.claimsOf(profile.id)).find((c) => c.article.id === article.id)!;
    const counts = async () => (await store.findAuthorOfArticle(canonicalizeUrl(link)))?.profile.id ?? null;
    return { profile, article, path, link, claim, counts, serve: (next: Page) => (server.pages[path] = next) };
  }

  /** The journalist's article proven by its page at `clock` (the portal's first check). */
  async function provenArticle() {
    const fixture = await journalistWithArticle(crediting);
    const checked = await checkArticle(
      { sources: repositories, fetchPage, portalUrl: PORTAL, policy: POLICY, now },
      fixture.profile.id,
      fixture.article.id,
    );
    expect(checked.status).toBe('proven');
    return fixture;
  }

  it('schedules a proof by the page for a re-check, and a page that keeps crediting keeps it proven', async () => {
    const article = await provenArticle();
    const due = new Date(clock + POLICY.intervalMs).toISOString();
    expect((await article.claim()).proof.evidence[0]).toMatchObject({ method: 'authorship-attested', nextCheckAt: due });
    expect(await repositories.queue.find(ARTICLE_CHECK_TOPIC, String(article.article.id))).toMatchObject({ dueAt: due });
    // Not due yet: nothing is read.
    expect(await run()).toMatchObject({ checked: 0 });

    clock += POLICY.intervalMs;
    expect(await run()).toEqual({ checked: 1, held: 1, failing: 0, lapsed: 0, firstChecks: 0, leaseLost: 0 });
    const { proof } = await article.claim();
    expect(proof.state).toBe('proven');
    expect(proof.evidence[0]).toMatchObject({
      lastCheckedAt: new Date(clock).toISOString(),
      nextCheckAt: new Date(clock + POLICY.intervalMs).toISOString(),
      failingSince: null,
    });
    expect(await article.counts()).toBe(article.profile.id);
  });

  it('reads a site’s author page once per run, however many of its articles credit the journalist through it', async () => {
    const authorPath = `/authors/aoife-${++n}`;
    let authorPageReads = 0;
    const authorLink = `${server.base.replace('127.0.0.1', 'news.test')}${authorPath}`;
    const viaAuthorPage = (): Page => (res) =>
      void res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(`<html><head><link rel="author" href="${authorLink}"></head><body>story</body></html>`);
    const first = await journalistWithArticle(viaAuthorPage);
    // The author page of the first journalist (her Byline page, rel="me"), credited by her second article too.
    server.pages[authorPath] = (res) => {
      authorPageReads++;
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(`<html><head><link rel="me" href="${publicProfileUrl(PORTAL, first.profile.profile_slug)}"></head></html>`);
    };
    const path2 = `/story-second-${n}`;
    server.pages[path2] = viaAuthorPage();
    const link2 = `${server.base.replace('127.0.0.1', 'news.test')}${path2}`;
    const { article: second } = await repositories.articles.add(
      first.profile.id,
      anArticle({ link: link2, active: true }) as ArticleInput,
    );
    for (const articleId of [first.article.id, second.id]) {
      const checked = await checkArticle(
        { sources: repositories, fetchPage, portalUrl: PORTAL, policy: POLICY, now },
        first.profile.id,
        articleId,
      );
      expect(checked).toMatchObject({ status: 'proven', matched: expect.stringMatching(/^author page .* → /) });
    }
    expect(authorPageReads).toBe(2); // the portal's checks: one each

    clock += POLICY.intervalMs;
    expect(await run()).toMatchObject({ checked: 2, held: 2 });
    expect(authorPageReads).toBe(3); // the worker's run: one for both
  });

  it('a page that drops the attribution fails, is retried, and lapses past the grace period: it stops answering', async () => {
    const article = await provenArticle();
    const failedAt = clock + POLICY.intervalMs;
    article.serve(uncredited);
    clock = failedAt;
    expect(await run()).toMatchObject({ checked: 1, failing: 1 });
    expect((await article.claim()).proof).toMatchObject({
      state: 'proven',
      evidence: [
        expect.objectContaining({
          failingSince: new Date(failedAt).toISOString(),
          lastFailure: expect.stringContaining('no author markup'),
          nextCheckAt: new Date(failedAt + POLICY.retryMs).toISOString(),
        }),
      ],
    });
    expect(await article.counts()).toBe(article.profile.id);

    clock = failedAt + POLICY.retryMs;
    expect(await run()).toMatchObject({ checked: 1, failing: 1 });
    expect((await article.claim()).proof.evidence[0]!.failingSince).toBe(new Date(failedAt).toISOString());

    clock = failedAt + POLICY.graceMs;
    told = [];
    expect(await run()).toMatchObject({ checked: 1, lapsed: 1 });
    expect(told).toEqual([
      { kind: 'proof-lapsed', profileId: article.profile.id, claim: `article ${article.link}`, note: expect.any(String) },
    ]);
    const { proof } = await article.claim();
    expect(proof.state).toBe('lapsed');
    expect(proof.reason).toMatch(/^The proof stopped holding: failing since/);
    expect(proof.evidence[0]).toMatchObject({ endedAt: new Date(clock).toISOString(), nextCheckAt: null });
    expect(await article.counts()).toBeNull();
    expect(await store.articleAnswer(canonicalizeUrl(article.link))).toBeNull();
    expect(await repositories.queue.find(ARTICLE_CHECK_TOPIC, String(article.article.id))).toBeNull();
    expect(await repositories.audit.historyOf(article.profile.id)).toContainEqual(
      expect.objectContaining({
        action: 'article-lapsed',
        actor: 'byline:re-check',
        note: expect.stringContaining(article.path),
      }),
    );
    // Nothing left to check.
    clock += POLICY.intervalMs;
    expect(await run()).toMatchObject({ checked: 0 });
  });

  it('a page that is gone (410) lapses after the grace period; one that comes back in time clears the failure', async () => {
    const lost = await provenArticle();
    const back = await provenArticle();
    lost.serve(gone);
    back.serve(gone);
    const failedAt = clock + POLICY.intervalMs;
    clock = failedAt;
    expect(await run()).toMatchObject({ checked: 2, failing: 2 });
    expect((await lost.claim()).proof.evidence[0]!.lastFailure).toContain('HTTP 410');

    back.serve(crediting(back.profile.profile_slug));
    clock = failedAt + POLICY.retryMs;
    expect(await run()).toMatchObject({ checked: 2, held: 1, failing: 1 });
    expect((await back.claim()).proof.evidence[0]!.failingSince).toBeNull();

    // The page that came back is due again too (a day after its check): it holds.
    clock = failedAt + POLICY.graceMs;
    expect(await run()).toMatchObject({ checked: 2, held: 1, lapsed: 1 });
    expect(await lost.counts()).toBeNull();
    expect(await back.counts()).toBe(back.profile.id);
  });

  it('an unreachable page (5xx) is retried and lapses only past the grace period', async () => {
    const article = await provenArticle();
    article.serve(down);
    const failedAt = clock + POLICY.intervalMs;
    clock = failedAt;
    expect(await run()).toMatchObject({ checked: 1, failing: 1 });
    expect(await repositories.queue.find(ARTICLE_CHECK_TOPIC, String(article.article.id))).toMatchObject({
      dueAt: new Date(failedAt + POLICY.retryMs).toISOString(),
    });
    clock = failedAt + POLICY.graceMs - 1;
    expect(await run()).toMatchObject({ checked: 1, failing: 1 });
    expect(await article.counts()).toBe(article.profile.id);
    clock = failedAt + POLICY.graceMs + POLICY.retryMs;
    expect(await run()).toMatchObject({ checked: 1, lapsed: 1 });
    expect((await article.claim()).proof.state).toBe('lapsed');
  });

  it('checks a migrated claim once and proves it; its re-checks follow', async () => {
    const article = await journalistWithArticle(crediting);
    expect((await article.claim()).proof).toMatchObject({ state: 'claimed', reason: 'Its page has not been checked yet.' });
    // What the 028 data step queues for each claim 026 left unchecked.
    await repositories.queue.enqueue(articleCheckItemOf({ id: article.article.id, profileId: article.profile.id }, now()));
    expect(await run()).toEqual({ checked: 0, held: 0, failing: 0, lapsed: 0, firstChecks: 1, leaseLost: 0 });
    expect((await article.claim()).proof.state).toBe('proven');
    expect(await article.counts()).toBe(article.profile.id);
    // Once: the item that follows is the proof's re-check, due after the interval.
    expect(await run()).toMatchObject({ checked: 0, firstChecks: 0 });
    expect(await repositories.queue.find(ARTICLE_CHECK_TOPIC, String(article.article.id))).toMatchObject({
      dueAt: new Date(clock + POLICY.intervalMs).toISOString(),
    });
  });

  it('a migrated claim whose page does not credit the journalist gets the reason, and no re-check', async () => {
    const article = await journalistWithArticle(() => uncredited);
    await repositories.queue.enqueue(articleCheckItemOf({ id: article.article.id, profileId: article.profile.id }, now()));
    expect(await run()).toMatchObject({ firstChecks: 1 });
    expect((await article.claim()).proof).toMatchObject({
      state: 'claimed',
      reason: expect.stringContaining('no author markup'),
    });
    expect(await repositories.queue.find(ARTICLE_CHECK_TOPIC, String(article.article.id))).toBeNull();
  });

  it('runs in the worker’s loop after the rel="me" re-checks', async () => {
    const article = await journalistWithArticle(crediting);
    await repositories.queue.enqueue(articleCheckItemOf({ id: article.article.id, profileId: article.profile.id }, now()));
    let loop: RecheckLoop | undefined;
    const checked = new Promise<unknown>((resolve) => {
      loop = startRecheckLoop({
        ...recheckSourcesOf(repositories),
        articles: { sources: repositories, queue: repositories.queue, fetchPage },
        portalUrl: PORTAL,
        policy: POLICY,
        holder: 'worker-test',
        now,
        pollIntervalMs: 20,
        logger: quietLogger(),
        onRun: (result) => {
          if (result.articles?.firstChecks) resolve(result.articles);
        },
      });
    });
    try {
      expect(await checked).toMatchObject({ firstChecks: 1 });
    } finally {
      await loop?.stop();
    }
    expect(await article.counts()).toBe(article.profile.id);
  });

  it('does not re-check an editor’s attestation', async () => {
    const article = await journalistWithArticle(() => uncredited);
    const evidence = { method: 'editor-attestation' as const, provider: EDITOR_PROVIDER, by: 'editor:ed@example.org' };
    const proven = await proveArticle(repositories.articles, {
      profileId: article.profile.id,
      articleId: article.article.id,
      evidence,
    });
    expect(proven.ok).toBe(true);
    expect(await repositories.queue.find(ARTICLE_CHECK_TOPIC, String(article.article.id))).toBeNull();
  });
});
