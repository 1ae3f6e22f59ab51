import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { handleKey } from '@byline/domain/social/social-handle';
import { toAuthorProfileResponse, toJournalistResponse } from '@byline/domain/domain/mappers';
import { repositoriesOf } from '@byline/shared/store';
import { anArticle, aProfile, seed, storeFactories } from '@byline/test-support';
import { freshStorePerTest } from '../store-contract/fresh-store';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';

describe.each(storeFactories())('store contract: rendered answers ($name store)', (factory) => {
  const store = freshStorePerTest(factory, { checkAnswers: true });

  it('serves the mapped answers of a verified author, by article address and by each handle', async () => {
    const profile = aProfile({ articles: [anArticle({ link: 'https://www.example-news.ie/a?utm_source=x' }), anArticle()] });
    await seed(store(), profile);
    const url = canonicalizeUrl('https://example-news.ie/a');
    const view = (await store().findAuthorOfArticle(url))!;

    expect(JSON.parse((await store().articleAnswer(url))!)).toEqual(toAuthorProfileResponse(view));
    for (const type of ['twitter', 'facebook', 'linkedin', 'instagram'] as const) {
      const key = handleKey(type, profile.profile_social_profiles[type]!);
      expect(JSON.parse((await store().journalistAnswer(type, key))!)).toEqual(toJournalistResponse(view, type));
    }
  });

  it('answers null for an unknown address or handle, an inactive article and an unverified author', async () => {
    const inactive = anArticle({ active: false });
    const unverifiedProfile = aProfile({ verified: false });
    await seed(store(), aProfile({ articles: [inactive] }), unverifiedProfile);

    await expect(store().articleAnswer(canonicalizeUrl('https://example-news.ie/nobody'))).resolves.toBeNull();
    await expect(store().articleAnswer(canonicalizeUrl(inactive.link))).resolves.toBeNull();
    await expect(store().articleAnswer(canonicalizeUrl(unverifiedProfile.articles[0]!.link))).resolves.toBeNull();
    await expect(store().journalistAnswer('twitter', 'nobody_here')).resolves.toBeNull();
    const handle = handleKey('twitter', unverifiedProfile.profile_social_profiles.twitter!);
    await expect(store().journalistAnswer('twitter', handle)).resolves.toBeNull();
  });

  it('follows the verified flag both ways', async () => {
    const profile = aProfile();
    await seed(store(), profile);
    const url = canonicalizeUrl(profile.articles[0]!.link);

    await setVerifiedByOperator(repositoriesOf(store()), profile.profile_slug, false, { reason: 'Arranged by the test' });
    await expect(store().articleAnswer(url)).resolves.toBeNull();
    await setVerifiedByOperator(repositoriesOf(store()), profile.profile_slug, true, { reason: 'Arranged by the test' });
    expect(JSON.parse((await store().articleAnswer(url))!).profile_slug).toBe(profile.profile_slug);
  });

  it('re-renders on re-import: new latest articles, a deactivated one, changed profile fields', async () => {
    const old = anArticle({ published_at: '2020-01-01T00:00:00.000Z' });
    const profile = aProfile({ articles: [old] });
    await seed(store(), profile);
    const newer = anArticle({ published_at: '2024-05-05T05:00:00.000Z' });

    await seed(store(), { ...profile, profile_bio: 'A new bio', articles: [{ ...old, active: false }, newer] });

    const answer = JSON.parse((await store().articleAnswer(canonicalizeUrl(newer.link)))!);
    expect(answer).toMatchObject({ profile_bio: 'A new bio', article_count: 1 });
    expect(answer.articles.map((a: { link: string }) => a.link)).toEqual([newer.link]);
  });

  it('renders an article both profiles import on both (co-authors), each with its own count', async () => {
    const shared = anArticle();
    const first = aProfile({ articles: [shared, anArticle()] });
    const second = aProfile({ articles: [anArticle()] });
    await seed(store(), first, second);

    await seed(store(), { ...second, articles: [shared] });

    for (const [profile, links] of [
      [first, [shared.link, first.articles[1]!.link]],
      [second, [second.articles[0]!.link, shared.link]],
    ] as const) {
      const key = handleKey('twitter', profile.profile_social_profiles.twitter!);
      const answer = JSON.parse((await store().journalistAnswer('twitter', key))!);
      expect(answer.article_count).toBe(2);
      expect(answer.articles.map((a: { link: string }) => a.link).sort()).toEqual([...links].sort());
    }
  });
});
