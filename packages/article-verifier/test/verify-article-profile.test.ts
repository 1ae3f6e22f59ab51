import {
  checkedRequest as request,
  anArticle,
  aProfile,
  ARTICLE_KEYS,
  AUTHOR_PROFILE_KEYS,
  expectExactKeys,
  ISO_MS,
  seed,
  serviceFixture,
  SOCIAL_PROFILE_KEYS,
  storeFactories,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/verify_article';

describe.each(storeFactories())('verify_article: the Author profile answer ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);

  const verify = (url: string) => request(service.app).post(PATH).query({ url }).set('Authorization', service.authorization);

  describe('for an author with many articles', () => {
    // Published dates deliberately out of order; one inactive article is the newest of all.
    const dated = (day: string, overrides = {}) => anArticle({ published_at: `2024-03-${day}T09:00:00.000Z`, ...overrides });
    const articles = [
      dated('04'),
      dated('19', { lg_index: 'lg-7' }),
      dated('01'),
      dated('27', { active: false, title: 'Withdrawn story' }),
      dated('11'),
      dated('23'),
      dated('08'),
    ];
    const profile = aProfile({ articles });
    const asked = articles[0]!;

    beforeAll(() => seed(service.store, profile));

    it('answers 200 with exactly the Author profile fields', async () => {
      const res = await verify(asked.link);

      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectExactKeys(res.body, AUTHOR_PROFILE_KEYS);
      expectExactKeys(res.body.profile_social_profiles, SOCIAL_PROFILE_KEYS);
      for (const article of res.body.articles) expectExactKeys(article, ARTICLE_KEYS);
    });

    it('gives every field the documented type and the stored value', async () => {
      const { body } = await verify(asked.link);

      expect(body).toEqual({
        verified: true,
        profile_first_name: profile.profile_first_name,
        profile_last_name: profile.profile_last_name,
        profile_title: profile.profile_title,
        profile_created_at: profile.profile_created_at,
        profile_bio: profile.profile_bio,
        profile_employer: profile.profile_employer,
        profile_residing: profile.profile_residing,
        profile_slug: profile.profile_slug,
        profile_image: profile.profile_image,
        profile_social_profiles: profile.profile_social_profiles,
        user_location: 'IE',
        user_city: 'Galway',
        follower_count: 1520,
        article_count: 6,
        articles: expect.any(Array),
      });
      expect(body.profile_created_at).toMatch(ISO_MS);
      for (const article of body.articles) {
        expect(Number.isInteger(article.id)).toBe(true);
        expect(Number.isInteger(article.profile_id)).toBe(true);
        for (const field of ['created_at', 'updated_at', 'published_at']) expect(article[field]).toMatch(ISO_MS);
        expect(article.post_id).toBeNull();
        expect(typeof article.feature).toBe('boolean');
        expect(article.tag_list).toEqual(['climate', 'ireland']);
      }
      expect(new Set(body.articles.map((a: { profile_id: number }) => a.profile_id)).size).toBe(1);
    });

    it('lists the three latest active articles by published_at, newest first', async () => {
      const { body } = await verify(asked.link);

      expect(body.articles.map((a: { published_at: string }) => a.published_at)).toEqual([
        '2024-03-23T09:00:00.000Z',
        '2024-03-19T09:00:00.000Z',
        '2024-03-11T09:00:00.000Z',
      ]);
      expect(body.articles.map((a: { link: string }) => a.link)).toEqual([
        articles[5]!.link,
        articles[1]!.link,
        articles[4]!.link,
      ]);
    });

    it('counts only active articles and never lists an inactive one', async () => {
      const { body } = await verify(asked.link);

      expect(body.article_count).toBe(6);
      expect(body.articles.map((a: { title: string }) => a.title)).not.toContain('Withdrawn story');
    });

    it('shows lg_index as null when unset and keeps it when set', async () => {
      const { body } = await verify(asked.link);

      expect(body.articles[0].lg_index).toBeNull();
      expect(body.articles[1].lg_index).toBe('lg-7');
    });

    it('answers for any of the author’s active articles with the same profile', async () => {
      const first = await verify(articles[0]!.link);
      const other = await verify(articles[6]!.link);

      expect(other.body).toEqual(first.body);
    });
  });

  it('keeps the trailing whitespace of profile_employer', async () => {
    const profile = aProfile({ profile_employer: 'The Western Courier  \t' });
    await seed(service.store, profile);

    const { body } = await verify(profile.articles[0]!.link);

    expect(body.profile_employer).toBe('The Western Courier  \t');
  });

  it('lists fewer than three articles when the author has fewer', async () => {
    const profile = aProfile({ articles: [anArticle(), anArticle({ active: false })] });
    await seed(service.store, profile);

    const { body } = await verify(profile.articles[0]!.link);

    expect(body.article_count).toBe(1);
    expect(body.articles).toHaveLength(1);
  });

  it('round-trips unicode exactly: names, bio, title, tags, emoji, CJK, RTL', async () => {
    const article = anArticle({
      title: '東京の記者が語る — «Überschwemmung» 🌊',
      description: 'مراسل من القاهرة\nנכתב בירושלים… 😀👩🏽‍💻',
      tag_list: ['气候', 'עברית', 'café', '🇮🇪'],
    });
    const profile = aProfile({
      profile_first_name: 'Siobhán',
      profile_last_name: 'Ó Dálaigh-李',
      profile_title: 'مراسلة المناخ',
      profile_bio: 'Writes in Gaeilge, 中文 and עברית. 🌍✍️ Zero-width joiner: 👨‍👩‍👧',
      profile_residing: 'Zürich',
      user_city: 'São Paulo',
      articles: [article],
    });
    await seed(service.store, profile);

    const { body } = await verify(article.link);

    expect(body.profile_first_name).toBe('Siobhán');
    expect(body.profile_last_name).toBe('Ó Dálaigh-李');
    expect(body.profile_title).toBe('مراسلة المناخ');
    expect(body.profile_bio).toBe(profile.profile_bio);
    expect(body.profile_residing).toBe('Zürich');
    expect(body.user_city).toBe('São Paulo');
    expect(body.articles[0].title).toBe(article.title);
    expect(body.articles[0].description).toBe(article.description);
    expect(body.articles[0].tag_list).toEqual(['气候', 'עברית', 'café', '🇮🇪']);
  });

  it('normalises imported timestamps to UTC with milliseconds', async () => {
    const article = anArticle({ published_at: '2024-05-01T12:30:00+02:00', created_at: '2024-05-01T10:30:00Z' });
    const profile = aProfile({ profile_created_at: '2020-02-29T23:59:59Z', articles: [article] });
    await seed(service.store, profile);

    const { body } = await verify(article.link);

    expect(body.profile_created_at).toBe('2020-02-29T23:59:59.000Z');
    expect(body.articles[0].published_at).toBe('2024-05-01T10:30:00.000Z');
    expect(body.articles[0].created_at).toBe('2024-05-01T10:30:00.000Z');
  });
});
