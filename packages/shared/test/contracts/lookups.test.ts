import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { handleKey } from '@byline/domain/social/social-handle';
import { anArticle, aProfile, seed, storeFactories } from '@byline/test-support';
import { freshStorePerTest } from '../store-contract/fresh-store';

describe.each(storeFactories())('store contract: lookups ($name store)', (factory) => {
  const store = freshStorePerTest(factory, { checkAnswers: true });

  it('finds the author of an article by its canonical address, with the full profile', async () => {
    const article = anArticle({ link: 'https://www.example-news.ie/news/Flood-Defences?utm_source=x' });
    const [record] = await seed(store(), aProfile({ profile_first_name: 'Aoife', articles: [article] }));

    const view = await store().findAuthorOfArticle(canonicalizeUrl('https://example-news.ie/news/Flood-Defences'));

    expect(view).not.toBeNull();
    expect(view!.profile).toMatchObject({
      profile_slug: record!.profile_slug,
      profile_first_name: 'Aoife',
      verified: true,
      profile_social_profiles: record!.profile_social_profiles,
    });
    expect(Number.isInteger(view!.profile.id)).toBe(true);
    expect(view!.activeArticleCount).toBe(1);
    expect(view!.latestArticles).toHaveLength(1);
    expect(view!.latestArticles[0]).toMatchObject({ link: article.link, profile_id: view!.profile.id, title: article.title });
    expect(Number.isInteger(view!.latestArticles[0]!.id)).toBe(true);
  });

  it('answers null for an address nobody published, and for an inactive article', async () => {
    const inactive = anArticle({ active: false });
    await seed(store(), aProfile({ articles: [inactive] }));

    await expect(store().findAuthorOfArticle(canonicalizeUrl('https://www.example-news.ie/unknown'))).resolves.toBeNull();
    await expect(store().findAuthorOfArticle(canonicalizeUrl(inactive.link))).resolves.toBeNull();
  });

  it('finds a profile by any of its handles, through the normalised key', async () => {
    const profile = aProfile();
    profile.profile_social_profiles = {
      twitter: '@Niamh_Writes',
      facebook: 'https://www.facebook.com/niamh.writes',
      linkedin: 'https://www.linkedin.com/in/niamh-writes/',
      instagram: 'NiamhWrites',
    };
    await seed(store(), profile);

    for (const [type, asked] of [
      ['twitter', 'niamh_writes'],
      ['facebook', 'Niamh.Writes'],
      ['linkedin', '@niamh-writes'],
      ['instagram', 'https://instagram.com/niamhwrites'],
    ] as const) {
      const view = await store().findAuthorBySocialHandle(type, handleKey(type, asked));
      expect(view?.profile.profile_slug).toBe(profile.profile_slug);
    }
    await expect(store().findAuthorBySocialHandle('twitter', handleKey('twitter', 'niamh.writes'))).resolves.toBeNull();
    await expect(store().findAuthorBySocialHandle('facebook', handleKey('facebook', 'niamh_writes'))).resolves.toBeNull();
  });

  it('returns the three latest active articles, newest first, ties broken by the later id', async () => {
    const articles = [
      anArticle({ title: 'oldest', published_at: '2023-01-01T00:00:00.000Z' }),
      anArticle({ title: 'newest', published_at: '2023-06-01T00:00:00.000Z' }),
      anArticle({ title: 'inactive newest', published_at: '2024-01-01T00:00:00.000Z', active: false }),
      anArticle({ title: 'tie first', published_at: '2023-03-01T00:00:00.000Z' }),
      anArticle({ title: 'tie second', published_at: '2023-03-01T00:00:00.000Z' }),
      anArticle({ title: 'second oldest', published_at: '2023-02-01T00:00:00.000Z' }),
    ];
    await seed(store(), aProfile({ articles }));

    const view = await store().findAuthorOfArticle(canonicalizeUrl(articles[0]!.link));

    expect(view!.latestArticles.map((a) => a.title)).toEqual(['newest', 'tie second', 'tie first']);
    expect(view!.activeArticleCount).toBe(5);
    const [newest, tieSecond, tieFirst] = view!.latestArticles;
    expect(tieSecond!.id).toBeGreaterThan(tieFirst!.id);
    expect(newest!.active).toBe(true);
  });

  it('keeps unicode text exactly, in profiles, articles and addresses', async () => {
    const article = anArticle({
      title: 'Ní neart go cur le chéile — 北京 🌊',
      link: 'https://www.example-news.ie/nuacht/scéal-Ó-Súilleabháin',
      tag_list: ['Gaeilge', 'ünïcödé'],
    });
    const profile = aProfile({
      profile_first_name: 'Siobhán',
      profile_last_name: 'Ó Súilleabháin',
      profile_bio: 'Iriseoir 📰 — “quotes” & <tags>',
      articles: [article],
    });
    await seed(store(), profile);

    const view = await store().findAuthorOfArticle(canonicalizeUrl(article.link));

    expect(view!.profile.profile_first_name).toBe('Siobhán');
    expect(view!.profile.profile_last_name).toBe('Ó Súilleabháin');
    expect(view!.profile.profile_bio).toBe('Iriseoir 📰 — “quotes” & <tags>');
    expect(view!.latestArticles[0]).toMatchObject({ title: article.title, link: article.link, tag_list: ['Gaeilge', 'ünïcödé'] });
  });
});
