import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { aProfile, anArticle, seed } from '@byline/test-support';
import { journalistAllowing, pageWith, profilePage, relAuthor } from './support/crediting-pages';
import {
  ARTICLE_HTML,
  pageServer,
  portalForEachTest,
  portalStoreFactories,
  restartPortal,
  signedUp,
  submit,
} from './support/portal-harness';
import { journalist as journalistWithProfile } from './support/editors';

describe.each(portalStoreFactories())('articles by address ($name store)', (factory) => {
  const portal = portalForEachTest(factory);
  let server: Awaited<ReturnType<typeof pageServer>>;
  beforeAll(async () => {
    server = await pageServer((req, res) => {
      if (req.url === '/missing') return void res.writeHead(404).end();
      // /by/SLUG/…: a page whose author markup links that journalist's public page (so the article counts).
      const slug = /^\/by\/([^/]+)\//.exec(req.url ?? '')?.[1];
      const title = `Story at ${req.url}`;
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(slug ? pageWith(relAuthor(profilePage(slug)), title) : ARTICLE_HTML(title));
    });
  });
  afterAll(() => server.close());

  /** A signed-up journalist with a profile, not asking to be verified. */
  const journalist = () => journalistWithProfile(portal, {}, { request: false });

  it('fills the form from the page, saves the article and lists it', async () => {
    const { agent, slug } = await journalistAllowing(portal);
    const address = `http://news.test:${server.port}/by/${slug}/appeal?utm_source=x&page=2&fbclid=abc&gclid=def`;
    const stored = `http://news.test:${server.port}/by/${slug}/appeal?page=2`;
    const filled = await submit(agent, '/articles', '/articles/fetch', { link: address });
    expect(filled.status).toBe(200);
    expect(filled.text).toContain('We filled in what the page says.');
    // The page is read, and the form filled, at the address without the parameters that only track a click.
    expect(filled.text).toContain(`value="Story at /by/${slug}/appeal?page=2"`);
    expect(filled.text).toContain(`value="${stored.replace(/&/g, '&amp;')}"`);
    expect(filled.text).toContain('value="2024-05-02T07:30:00.000Z"');
    expect(filled.text).toContain('value="courts, harbour"');
    expect(filled.text).toContain(`value="http://news.test:${server.port}/img/appeal.jpg"`);

    const saved = await agent
      .post('/articles')
      .type('form')
      .send({
        _csrf: /name="_csrf" value="([^"]+)"/.exec(filled.text)![1],
        link: address,
        title: 'Corrected headline',
        description: 'The appeal turns on fair notice.',
        og_image: `http://news.test:${server.port}/img/appeal.jpg`,
        icon_path: '',
        published_at: '2024-05-02 07:30',
        tags: 'courts, harbour',
        active: 'on',
      });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/articles?done=proven');
    const list = await agent.get('/articles?done=proven');
    expect(list.text).toContain('Corrected headline');
    expect(list.text).toContain('Its page credits you, so it counts');
    const canonical = `https://news.test:${server.port}/by/${slug}/appeal?page=2`;
    const author = await portal.store.findAuthorOfArticle(canonical);
    expect(author!.latestArticles[0]).toMatchObject({
      title: 'Corrected headline',
      published_at: '2024-05-02T07:30:00.000Z',
      tag_list: ['courts', 'harbour'],
    });
    expect(author!.activeArticleCount).toBe(1);
    // Posted with them all the same (a form filled by hand), the link is stored without them.
    const [claim] = await portal.repositories.articles.claimsOf(author!.profile.id);
    expect(claim!.article.link).toBe(stored);
    expect((await agent.get('/articles')).text).not.toMatch(/utm_source|fbclid|gclid/);
  });

  it('explains a failed fetch and offers the form to fill by hand', async () => {
    const { agent } = await journalist();
    const res = await submit(agent, '/articles', '/articles/fetch', { link: 'http://10.0.0.8/story' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('This address points to a private or local network');
    expect(res.text).toContain('Fill in the details below by hand.');
    expect(res.text).toContain('value="http://10.0.0.8/story"');
    expect(res.text).toContain('id="f-title"');
    const gone = await submit(agent, '/articles', '/articles/fetch', { link: `http://news.test:${server.port}/missing` });
    expect(gone.text).toContain('HTTP 404');
  });

  it('refuses local addresses with the fetcher the app builds by default (without ALLOWED_PRIVATE_ADDRESSES)', async () => {
    await restartPortal(portal, factory, { fetchPage: undefined, outbound: undefined });
    const { agent } = await journalist();
    const res = await submit(agent, '/articles', '/articles/fetch', { link: server.url('/news/local') });
    expect(res.status).toBe(422);
    expect(res.text).toContain('This address points to a private or local network');
  });

  it('refuses an address that is not an article address, next to the field', async () => {
    const { agent } = await journalist();
    const res = await submit(agent, '/articles', '/articles/fetch', { link: 'ftp://example.org/x' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('The article address must be an absolute http(s) address');
  });

  it('lists an article another profile has proven as a claim of its own, which takes nothing from the other', async () => {
    const [other] = await seed(portal.store, aProfile({ articles: [anArticle()] }));
    const { agent } = await journalist();
    const link = `${other!.articles[0]!.link}/?utm_medium=email`;
    const res = await submit(agent, '/articles', '/articles', { link, title: 'Mine', published_at: '2024-01-01', active: 'on' });
    expect(res.status).toBe(303);
    // A co-author's claim: it counts once its page credits this journalist too; the other profile still answers.
    expect((await portal.store.findAuthorOfArticle(canonicalizeUrl(link)))?.profile.profile_slug).toBe(other!.profile_slug);
    const again = await submit(agent, '/articles', '/articles', {
      link,
      title: 'Mine',
      published_at: '2024-01-01',
      active: 'on',
    });
    expect(again.status).toBe(409);
    expect(again.text).toMatch(/id="f-link-error"[^>]*>This article is already in your portfolio/);
  });

  it('deactivates and reactivates an article; the article check follows', async () => {
    const { agent, slug } = await journalistAllowing(portal);
    const address = `http://news.test:${server.port}/by/${slug}/a`;
    const canonical = `https://news.test:${server.port}/by/${slug}/a`;
    await submit(agent, '/articles', '/articles', { link: address, title: 'A', published_at: '2024-01-01', active: 'on' });
    expect(await portal.store.findAuthorOfArticle(canonical)).not.toBeNull();
    const list = await agent.get('/articles');
    const id = /\/articles\/(\d+)\/deactivate/.exec(list.text)![1];
    const off = await submit(agent, '/articles', `/articles/${id}/deactivate`, {});
    expect(off.status).toBe(303);
    expect(await portal.store.findAuthorOfArticle(canonical)).toBeNull();
    expect((await agent.get('/articles')).text).toContain('Counts (deactivated)');
    await submit(agent, '/articles', `/articles/${id}/activate`, {});
    expect(await portal.store.findAuthorOfArticle(canonical)).not.toBeNull();
  });

  it('edits an article and refuses to touch another journalist’s', async () => {
    const { agent, slug } = await journalistAllowing(portal);
    const link = `http://news.test:${server.port}/by/${slug}/b`;
    const canonical = `https://news.test:${server.port}/by/${slug}/b`;
    await submit(agent, '/articles', '/articles', {
      link,
      title: 'B',
      published_at: '2024-01-01',
      active: 'on',
    });
    const id = /\/articles\/(\d+)\/edit/.exec((await agent.get('/articles')).text)![1];
    const edit = await agent.get(`/articles/${id}/edit`);
    expect(edit.text).toContain('value="B"');
    const res = await submit(agent, `/articles/${id}/edit`, `/articles/${id}`, {
      link,
      title: 'B2',
      published_at: '2024-01-02',
      active: 'on',
    });
    expect(res.status).toBe(303);
    expect((await portal.store.findAuthorOfArticle(canonical))!.latestArticles[0]!.title).toBe('B2');

    const { agent: intruder } = await journalist();
    expect((await intruder.get(`/articles/${id}/edit`)).status).toBe(404);
    const forced = await submit(intruder, '/articles', `/articles/${id}/deactivate`, {});
    expect(forced.status).toBe(404);
    expect(await portal.store.findAuthorOfArticle(canonical)).not.toBeNull();
  });

  it('asks for a profile before articles', async () => {
    const { agent } = await signedUp(portal.app);
    expect((await agent.get('/articles')).headers.location).toBe('/profile');
    const res = await submit(agent, '/profile', '/articles/fetch', { link: 'https://paper.example/c' });
    expect(res.status).toBe(409);
  });
});
