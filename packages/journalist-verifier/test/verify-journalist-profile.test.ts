import {
  checkedRequest as request,
  anArticle,
  aProfile,
  ARTICLE_KEYS,
  expectExactKeys,
  ISO_MS,
  JOURNALIST_ONLY_ARTICLE_KEYS,
  JOURNALIST_RESULT_KEYS,
  seed,
  serviceFixture,
  storeFactories,
} from '@byline/test-support';
import { createApp } from '../src/app';
import { NIAMH_SOCIAL_PROFILES } from './support/niamh';

const PATH = '/api/v1/verify_journalist';

describe.each(storeFactories())('verify_journalist: the Journalist result ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);

  const verify = (social_type: string, social_username: string) =>
    request(service.app).post(PATH).set('Authorization', service.authorization).send({ social_type, social_username });

  const dated = (day: string, overrides = {}) => anArticle({ published_at: `2024-06-${day}T18:45:00.000Z`, ...overrides });
  const articles = [
    dated('02'),
    dated('20', { lg_index: 'lg-12', search_visible: false, author_name: 'Niamh Cassidy & Ciarán Byrne' }),
    dated('09'),
    dated('29', { active: false, title: 'Retracted story' }),
    dated('14', { post_id: 'post-7781', feature: true }),
    dated('05'),
  ];
  const profile = aProfile({
    profile_social_profiles: NIAMH_SOCIAL_PROFILES,
    articles,
  });

  beforeAll(() => seed(service.store, profile));

  it('answers 200 with exactly the Journalist result fields', async () => {
    const res = await verify('twitter', 'NiamhCass94');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectExactKeys(res.body, JOURNALIST_RESULT_KEYS);
    for (const article of res.body.articles) expectExactKeys(article, [...ARTICLE_KEYS, ...JOURNALIST_ONLY_ARTICLE_KEYS]);
  });

  it('fills the fields from the profile, with active articles counted', async () => {
    const { body } = await verify('twitter', 'NiamhCass94');

    expect(body).toEqual({
      verified: true,
      first_name: profile.profile_first_name,
      last_name: profile.profile_last_name,
      slug: profile.profile_slug,
      profile_bio: profile.profile_bio,
      article_count: 5,
      articles: expect.any(Array),
      profile_image: profile.profile_image,
      profile_social_profiles: { twitter: '@NiamhCass94' },
    });
  });

  it.each([
    ['twitter', 'niamhcass94', { twitter: '@NiamhCass94' }],
    ['x', 'NIAMHCASS94', { twitter: '@NiamhCass94' }],
    ['facebook', 'Niamh.Cassidy.Journalist', { facebook: 'niamh.cassidy.journalist' }],
    ['linkedin', 'niamh-cassidy-galway', { linkedin: 'niamh-cassidy-galway' }],
    ['instagram', '@niamh.writes', { instagram: 'niamh.writes' }],
  ])('for a %s lookup shows only that key, with the value as stored', async (type, username, expected) => {
    const { body } = await verify(type, username);

    expect(body.profile_social_profiles).toEqual(expected);
  });

  it('lists the three latest active articles by published_at, newest first', async () => {
    const { body } = await verify('twitter', 'NiamhCass94');

    expect(body.articles.map((a: { link: string }) => a.link)).toEqual([articles[1]!.link, articles[4]!.link, articles[2]!.link]);
    expect(body.articles.map((a: { title: string }) => a.title)).not.toContain('Retracted story');
  });

  it('gives articles their types, lg_index "" when unset, and the journalist-only fields', async () => {
    const { body } = await verify('twitter', 'NiamhCass94');
    const [newest, featured, plain] = body.articles;

    for (const article of body.articles) {
      expect(Number.isInteger(article.id)).toBe(true);
      expect(Number.isInteger(article.profile_id)).toBe(true);
      for (const field of ['created_at', 'updated_at', 'published_at']) expect(article[field]).toMatch(ISO_MS);
      expect(article.active).toBe(true);
      expect(article.tag_list).toEqual(['climate', 'ireland']);
    }
    expect(newest).toEqual(
      expect.objectContaining({ lg_index: 'lg-12', search_visible: false, author_name: 'Niamh Cassidy & Ciarán Byrne' }),
    );
    expect(featured).toEqual(expect.objectContaining({ post_id: 'post-7781', feature: true, lg_index: '' }));
    expect(plain).toEqual(
      expect.objectContaining({ lg_index: '', search_visible: true, author_name: null, post_id: null, feature: false }),
    );
    expect(plain.description).toBe(articles[2]!.description);
  });

  it('answers for a verified journalist without active articles', async () => {
    const quiet = aProfile({ articles: [anArticle({ active: false })] });
    await seed(service.store, quiet);

    const { body } = await verify('linkedin', quiet.profile_social_profiles.linkedin!);

    expect(body).toEqual(expect.objectContaining({ verified: true, article_count: 0, articles: [] }));
  });

  it('round-trips unicode exactly', async () => {
    const article = anArticle({ title: 'القدس — 東京 — Kraków 📰', tag_list: ['日本語', 'עברית', '🗞️'] });
    const person = aProfile({
      profile_first_name: 'Zoë',
      profile_last_name: 'Đặng-אברהם',
      profile_bio: 'Écrit sur 气候 et العدالة. 👩🏾‍🔬',
      profile_social_profiles: { twitter: '@ZoeDang', facebook: '', linkedin: '', instagram: '' },
      articles: [article],
    });
    await seed(service.store, person);

    const { body } = await verify('twitter', 'zoedang');

    expect(body.first_name).toBe('Zoë');
    expect(body.last_name).toBe('Đặng-אברהם');
    expect(body.profile_bio).toBe('Écrit sur 气候 et العدالة. 👩🏾‍🔬');
    expect(body.articles[0].title).toBe(article.title);
    expect(body.articles[0].tag_list).toEqual(['日本語', 'עברית', '🗞️']);
  });
});
