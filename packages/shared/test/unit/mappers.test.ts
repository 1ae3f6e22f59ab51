import {
  NOT_A_JOURNALIST_MESSAGE,
  toAuthorProfileResponse,
  toJournalistResponse,
  toVerifyArticleArticle,
  toVerifyJournalistArticle,
  unverified,
} from '@byline/domain/domain/mappers';
import { journalistAnswerFor, renderAnswers, UNVERIFIED_ARTICLE_ANSWER } from '@byline/domain/domain/rendered-answers';
import type { Article, AuthorView, Profile } from '@byline/domain/domain/types';
import {
  ARTICLE_KEYS,
  AUTHOR_PROFILE_KEYS,
  expectExactKeys,
  JOURNALIST_ONLY_ARTICLE_KEYS,
  JOURNALIST_RESULT_KEYS,
} from '@byline/test-support';

const profile: Profile = {
  id: 7,
  verified: true,
  profile_first_name: 'Niamh',
  profile_last_name: 'Cassidy',
  profile_title: 'Climate correspondent',
  profile_created_at: '2021-03-04T10:15:30.123Z',
  profile_bio: 'Reports on climate.',
  profile_employer: 'The Western Courier ',
  profile_residing: 'Galway',
  profile_slug: 'niamh-cassidy',
  profile_image: 'https://cdn.byline.example/p/7.jpg',
  profile_social_profiles: { twitter: '@NiamhCass94', facebook: 'niamh.c', linkedin: 'niamh-c', instagram: '' },
  user_location: 'IE',
  user_city: 'Galway',
  follower_count: 1520,
};

const article = (overrides: Partial<Article> = {}): Article => ({
  id: 11,
  profile_id: 7,
  title: 'Harbour towns brace',
  description: 'Councils…',
  link: 'https://example-news.ie/a',
  created_at: '2023-01-10T08:00:00.000Z',
  updated_at: '2023-01-11T09:30:00.000Z',
  og_image: 'https://cdn.example-news.ie/a.jpg',
  icon_path: 'https://cdn.example-news.ie/favicon.png',
  published_at: '2023-01-10T07:00:00.000Z',
  post_id: null,
  feature: false,
  lg_index: null,
  tag_list: ['climate'],
  active: true,
  search_visible: false,
  author_name: null,
  ...overrides,
});

const view: AuthorView = { profile, latestArticles: [article(), article({ id: 12, lg_index: 'lg-1' })], activeArticleCount: 9 };

describe('toVerifyArticleArticle', () => {
  it('has exactly the article operation fields, lg_index null when unset', () => {
    const out = toVerifyArticleArticle(article());

    expectExactKeys(out, ARTICLE_KEYS);
    expect(out.lg_index).toBeNull();
  });

  it('keeps a set lg_index', () => {
    expect(toVerifyArticleArticle(article({ lg_index: 'lg-1' })).lg_index).toBe('lg-1');
  });
});

describe('toVerifyJournalistArticle', () => {
  it('adds active, search_visible and author_name, with lg_index "" when unset', () => {
    const out = toVerifyJournalistArticle(article({ author_name: 'N. Cassidy' }));

    expectExactKeys(out, [...ARTICLE_KEYS, ...JOURNALIST_ONLY_ARTICLE_KEYS]);
    expect(out).toEqual(
      expect.objectContaining({ lg_index: '', active: true, search_visible: false, author_name: 'N. Cassidy' }),
    );
  });

  it('keeps a set lg_index', () => {
    expect(toVerifyJournalistArticle(article({ lg_index: 'lg-1' })).lg_index).toBe('lg-1');
  });
});

describe('toAuthorProfileResponse', () => {
  it('has exactly the Author profile fields, the active count and no internal id', () => {
    const out = toAuthorProfileResponse(view);

    expectExactKeys(out, AUTHOR_PROFILE_KEYS);
    expect(out.article_count).toBe(9);
    expect(out.profile_employer).toBe('The Western Courier ');
    expect(out.profile_social_profiles).toEqual(profile.profile_social_profiles);
    expect(out.articles.map((a) => a.lg_index)).toEqual([null, 'lg-1']);
  });
});

describe('toJournalistResponse', () => {
  it.each(['twitter', 'facebook', 'linkedin', 'instagram'] as const)(
    'has exactly the Journalist result fields and only the %s handle',
    (type) => {
      const out = toJournalistResponse(view, type);

      expectExactKeys(out, JOURNALIST_RESULT_KEYS);
      expect(out.profile_social_profiles).toEqual({ [type]: profile.profile_social_profiles[type] });
    },
  );

  it('maps the profile fields to their journalist names', () => {
    const out = toJournalistResponse(view, 'twitter');

    expect(out).toEqual(
      expect.objectContaining({
        verified: true,
        first_name: 'Niamh',
        last_name: 'Cassidy',
        slug: 'niamh-cassidy',
        profile_bio: 'Reports on climate.',
        article_count: 9,
        profile_image: 'https://cdn.byline.example/p/7.jpg',
      }),
    );
    expect(out.articles.map((a) => a.lg_index)).toEqual(['', 'lg-1']);
  });
});

describe('unverified', () => {
  it('holds only verified and message', () => {
    expect(unverified(NOT_A_JOURNALIST_MESSAGE)).toEqual({ verified: false, message: 'Not a Byline journalist' });
  });
});

describe('rendered answers', () => {
  it('renders the verify_article answer as the mapper gives it, verified whatever the stored flag', () => {
    const unverifiedView = { ...view, profile: { ...profile, verified: false } };

    expect(JSON.parse(renderAnswers(unverifiedView).article)).toEqual(toAuthorProfileResponse(view));
  });

  it.each(['twitter', 'facebook', 'linkedin'] as const)(
    'completes the journalist answer with the %s handle into exactly the mapped answer, same field order',
    (type) => {
      const answer = journalistAnswerFor(renderAnswers(view).journalist, type, profile.profile_social_profiles[type]);

      expect(answer).toBe(JSON.stringify(toJournalistResponse(view, type)));
    },
  );

  it('escapes a handle as JSON', () => {
    const answer = journalistAnswerFor(renderAnswers(view).journalist, 'twitter', 'a"b\\c');

    expect(JSON.parse(answer).profile_social_profiles).toEqual({ twitter: 'a"b\\c' });
  });

  it('has the fixed unverified answer text', () => {
    expect(JSON.parse(UNVERIFIED_ARTICLE_ANSWER)).toEqual({
      verified: false,
      message: 'No verified Byline author is known for this address',
    });
  });
});
