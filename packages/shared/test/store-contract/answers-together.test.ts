import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { handleKey } from '@byline/domain/social/social-handle';
import { type HandleLookup } from '@byline/domain/store/store';
import { aProfile, anArticle, seed, storeFactories } from '@byline/test-support';
import { freshStorePerTest } from './fresh-store';

describe.each(storeFactories())('verify_article answers read together ($name store)', (factory) => {
  const store = freshStorePerTest(factory);

  it('gives each address the answer it has alone, in the order asked, repeats and misses included', async () => {
    const [first, second, unverified] = [
      aProfile({ articles: [anArticle(), anArticle()] }),
      aProfile(),
      aProfile({ verified: false }),
    ];
    // A co-written article: its first credited verified author answers, the unverified one credited before is passed over.
    const coWritten = anArticle();
    const coWriters = [
      aProfile({ verified: false, articles: [{ ...coWritten }] }),
      aProfile({ profile_first_name: 'Aoife', articles: [{ ...coWritten }] }),
      aProfile({ profile_first_name: 'Ciarán', articles: [{ ...coWritten }] }),
    ];
    await seed(store(), first, second, unverified, ...coWriters);
    const urls = [
      canonicalizeUrl(second.articles[0]!.link),
      'https://unknown.example/nobody-wrote-this',
      canonicalizeUrl(first.articles[0]!.link),
      canonicalizeUrl(unverified.articles[0]!.link),
      canonicalizeUrl(second.articles[0]!.link),
      canonicalizeUrl(first.articles[1]!.link),
      canonicalizeUrl(coWritten.link),
    ];

    const together = await store().taggedArticleAnswers(urls);

    const alone = await Promise.all(urls.map((url) => store().taggedArticleAnswer(url)));
    expect(together).toEqual(alone);
    expect(together.map((answer) => answer !== null)).toEqual([true, false, true, false, true, true, true]);
  });

  it('answers nothing for no addresses', async () => {
    await expect(store().taggedArticleAnswers([])).resolves.toEqual([]);
  });
});

describe.each(storeFactories())('verify_journalist answers read together ($name store)', (factory) => {
  const store = freshStorePerTest(factory);

  it('gives each handle the answer it has alone, in the order asked, repeats and misses included', async () => {
    const [first, second, unverified] = [aProfile(), aProfile(), aProfile({ verified: false })];
    await seed(store(), first, second, unverified);
    const handles: HandleLookup[] = [
      { type: 'twitter', key: handleKey('twitter', second.profile_social_profiles.twitter!) },
      { type: 'twitter', key: 'nobody_here' },
      { type: 'linkedin', key: handleKey('linkedin', first.profile_social_profiles.linkedin!) },
      { type: 'twitter', key: handleKey('twitter', unverified.profile_social_profiles.twitter!) },
      { type: 'twitter', key: handleKey('twitter', second.profile_social_profiles.twitter!) },
      { type: 'facebook', key: handleKey('facebook', first.profile_social_profiles.facebook!) },
      // The same key on a network whose handle it is not.
      { type: 'linkedin', key: handleKey('twitter', second.profile_social_profiles.twitter!) },
      // Accounts, read apart from the networks' handles, between them; then two profiles' handles the other way round.
      { type: 'bluesky', key: 'nobody-here.bsky.social' },
      { type: 'twitter', key: handleKey('twitter', first.profile_social_profiles.twitter!) },
      { type: 'fediverse', key: '@nobody@social.example' },
      { type: 'twitter', key: handleKey('twitter', second.profile_social_profiles.twitter!) },
    ];

    const together = await store().taggedJournalistAnswers(handles);

    const alone = await Promise.all(handles.map(({ type, key }) => store().taggedJournalistAnswer(type, key)));
    expect(together).toEqual(alone);
    expect(together.map((answer) => answer !== null)).toEqual([
      ...[true, false, true, false, true, true, false],
      ...[false, true, false, true],
    ]);
    // Two profiles' answers, each where its handle was asked.
    expect(together[8]).not.toEqual(together[10]);
  });

  it('answers nothing for no handles', async () => {
    await expect(store().taggedJournalistAnswers([])).resolves.toEqual([]);
  });
});
