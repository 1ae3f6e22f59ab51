import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { handleKey } from '@byline/domain/social/social-handle';
import { validateProfileRecord } from '@byline/domain/validation/profile-record';
import { type ProfileInput } from '@byline/domain/domain/types';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { ImportConflictError } from '@byline/domain/profiles/profiles-repository';
import { anArticle, aProfile, seed, storeFactories, type RawProfile } from '@byline/test-support';
import { freshStorePerTest } from '../store-contract/fresh-store';

function valid(raw: RawProfile): ProfileInput {
  const result = validateProfileRecord(raw);
  if (!result.value) throw new Error(result.error);
  return result.value;
}

async function exported(store: Store): Promise<ProfileInput[]> {
  const all: ProfileInput[] = [];
  for await (const profile of repositoriesOf(store).profileTransfers.export()) all.push(profile);
  return all;
}

describe.each(storeFactories())('store contract: import ($name store)', (factory) => {
  const store = freshStorePerTest(factory, { checkAnswers: true });
  const authorOf = (link: string) => store().findAuthorOfArticle(canonicalizeUrl(link));

  it('upserts: importing the same file twice changes nothing, ids included', async () => {
    const profile = aProfile({ articles: [anArticle(), anArticle()] });
    await seed(store(), profile);
    const first = await authorOf(profile.articles[0]!.link);

    const summary = await repositoriesOf(store()).profileTransfers.import([valid(profile)]);

    expect(summary).toEqual({ profiles: 1, articles: 2 });
    expect(await repositoriesOf(store()).profiles.count()).toBe(1);
    const again = await authorOf(profile.articles[0]!.link);
    expect(again).toEqual(first);
    expect(again!.activeArticleCount).toBe(2);
  });

  it('re-import updates profile fields, verified flag and article fields in place', async () => {
    const article = anArticle({ title: 'Draft title' });
    const profile = aProfile({ profile_title: 'Reporter', articles: [article] });
    await seed(store(), profile);
    const before = await authorOf(article.link);

    await seed(store(), {
      ...profile,
      profile_title: 'Editor',
      verified: false,
      articles: [{ ...article, title: 'Final title' }],
    });

    const after = await authorOf(article.link);
    expect(after!.profile).toMatchObject({ id: before!.profile.id, profile_title: 'Editor', verified: false });
    expect(after!.latestArticles[0]).toMatchObject({ id: before!.latestArticles[0]!.id, title: 'Final title' });
  });

  it('keeps the active count right when a re-import deactivates an article', async () => {
    const kept = anArticle();
    const dropped = anArticle();
    const profile = aProfile({ articles: [kept, dropped] });
    await seed(store(), profile);

    await seed(store(), { ...profile, articles: [{ ...dropped, active: false }] });

    const view = await authorOf(kept.link);
    expect(view!.activeArticleCount).toBe(1);
    expect(view!.latestArticles.map((a) => a.link)).toEqual([kept.link]);
    await expect(authorOf(dropped.link)).resolves.toBeNull();
  });

  it('proves an article on every profile that imports it (co-authors), first the one imported first', async () => {
    const shared = anArticle({ published_at: '2023-09-09T09:00:00.000Z' });
    const first = aProfile({ articles: [shared, anArticle()] });
    const second = aProfile({ articles: [anArticle()] });
    await seed(store(), first, second);

    await seed(store(), { ...second, articles: [shared] });

    // Both have it proven by the import, placed nowhere on the page: the one that listed it first answers.
    const author = await authorOf(shared.link);
    expect(author!.profile.profile_slug).toBe(first.profile_slug);
    expect(author!.activeArticleCount).toBe(2);
    const other = await authorOf(second.articles[0]!.link);
    expect(other!.profile.profile_slug).toBe(second.profile_slug);
    expect(other!.activeArticleCount).toBe(2);
    expect(other!.latestArticles.map((a) => a.link).sort()).toEqual([second.articles[0]!.link, shared.link].sort());
  });

  it('treats two forms of one address as the same article', async () => {
    const profile = aProfile({ articles: [anArticle({ link: 'https://www.example-news.ie/a/story?utm_medium=social' })] });
    await seed(store(), profile);

    await seed(store(), { ...profile, articles: [anArticle({ link: 'https://example-news.ie/a/story' })] });

    const view = await authorOf('https://example-news.ie/a/story');
    expect(view!.activeArticleCount).toBe(1);
    expect(view!.latestArticles[0]!.link).toBe('https://example-news.ie/a/story');
  });

  it('refuses a handle held by another profile, naming the record, and writes nothing', async () => {
    const holder = aProfile();
    await seed(store(), holder);
    const before = await exported(store());
    const innocent = aProfile();
    const thief = aProfile();
    thief.profile_social_profiles.twitter = holder.profile_social_profiles.twitter!.toUpperCase();

    const attempt = repositoriesOf(store()).profileTransfers.import([valid(innocent), valid(thief)]);

    await expect(attempt).rejects.toBeInstanceOf(ImportConflictError);
    const error = (await attempt.catch((e: unknown) => e)) as ImportConflictError;
    expect(error.problems).toEqual([
      { index: 1, reason: expect.stringMatching(/twitter handle .* already held by another profile/) },
    ]);
    expect(await exported(store())).toEqual(before);
    expect(await repositoriesOf(store()).profiles.count()).toBe(1);
    await expect(authorOf(innocent.articles[0]!.link)).resolves.toBeNull();
    await expect(authorOf(thief.articles[0]!.link)).resolves.toBeNull();
    const stillHolder = await store().findAuthorBySocialHandle(
      'twitter',
      handleKey('twitter', holder.profile_social_profiles.twitter!),
    );
    expect(stillHolder!.profile.profile_slug).toBe(holder.profile_slug);
  });

  it('refuses two records of one file claiming the same handle (the later one is named)', async () => {
    const first = aProfile();
    const second = aProfile();
    second.profile_social_profiles.instagram = first.profile_social_profiles.instagram!;

    const attempt = repositoriesOf(store()).profileTransfers.import([valid(first), valid(second)]);

    await expect(attempt).rejects.toMatchObject({ problems: [{ index: 1 }] });
    expect(await repositoriesOf(store()).profiles.count()).toBe(0);
  });

  it('lets profiles swap handles within one file, and frees a handle a profile no longer lists', async () => {
    const a = aProfile();
    const b = aProfile();
    await seed(store(), a, b);
    const swappedA = {
      ...a,
      profile_social_profiles: { ...a.profile_social_profiles, twitter: b.profile_social_profiles.twitter! },
    };
    const swappedB = {
      ...b,
      profile_social_profiles: { ...b.profile_social_profiles, twitter: a.profile_social_profiles.twitter! },
    };
    const withoutFacebook = { ...swappedA, profile_social_profiles: { ...swappedA.profile_social_profiles, facebook: '' } };

    await seed(store(), withoutFacebook, swappedB);

    const byTwitter = (value: string) => store().findAuthorBySocialHandle('twitter', handleKey('twitter', value));
    expect((await byTwitter(b.profile_social_profiles.twitter!))!.profile.profile_slug).toBe(a.profile_slug);
    expect((await byTwitter(a.profile_social_profiles.twitter!))!.profile.profile_slug).toBe(b.profile_slug);
    await expect(
      store().findAuthorBySocialHandle('facebook', handleKey('facebook', a.profile_social_profiles.facebook!)),
    ).resolves.toBeNull();

    const c = aProfile();
    c.profile_social_profiles.facebook = a.profile_social_profiles.facebook!;
    await seed(store(), c);
    const freed = await store().findAuthorBySocialHandle('facebook', handleKey('facebook', a.profile_social_profiles.facebook!));
    expect(freed!.profile.profile_slug).toBe(c.profile_slug);
  });

  it('reports progress and a summary for a larger file', async () => {
    const profiles = Array.from({ length: 1200 }, () => aProfile({ articles: [anArticle()] }));
    const progress: { done: number; total: number }[] = [];

    const summary = await repositoriesOf(store()).profileTransfers.import(profiles.map(valid), (p) => progress.push(p));

    expect(summary).toEqual({ profiles: 1200, articles: 1200 });
    expect(progress.at(-1)).toEqual({ done: 1200, total: 1200 });
    expect(progress.every((p, i) => i === 0 || p.done > progress[i - 1]!.done)).toBe(true);
    expect(await repositoriesOf(store()).profiles.count()).toBe(1200);
    const last = await authorOf(profiles[1199]!.articles[0]!.link);
    expect(last!.profile.profile_slug).toBe(profiles[1199]!.profile_slug);
  }, 120_000);

  it('accepts an empty file', async () => {
    await expect(repositoriesOf(store()).profileTransfers.import([])).resolves.toEqual({ profiles: 0, articles: 0 });
  });

  it('refuses a handle no account can have even from a caller that skipped validation, and writes nothing', async () => {
    const good = valid(aProfile());
    const bad = valid(aProfile());
    bad.profile_social_profiles.twitter = 'javascript:alert(5)';
    bad.profile_social_profiles.instagram = '<svg/onload=alert(5)>';

    const attempt = repositoriesOf(store()).profileTransfers.import([good, bad]);

    await expect(attempt).rejects.toMatchObject({ name: 'InvalidSocialHandlesError' });
    const error = (await attempt.catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(
      `profile ${bad.profile_slug}: twitter handle "javascript:alert(5)" must be an X (Twitter) username`,
    );
    expect(error.message).toContain('instagram handle "<svg/onload=alert(5)>" must be an Instagram username');
    expect(await repositoriesOf(store()).profiles.count()).toBe(0);
    await expect(repositoriesOf(store()).profileTransfers.importBatches(inBatches([good, bad], 1))).rejects.toMatchObject({
      name: 'InvalidSocialHandlesError',
    });
    expect(await repositoriesOf(store()).profiles.count()).toBe(0);
  });

  it('stores a profile address as the bare username, whoever calls', async () => {
    const record = valid(aProfile());
    record.profile_social_profiles.linkedin = 'https://www.linkedin.com/in/niamh-cassidy-galway/';
    record.profile_social_profiles.twitter = ' @NiamhCass94 ';

    await repositoriesOf(store()).profileTransfers.import([record]);

    const [stored] = await exported(store());
    expect(stored!.profile_social_profiles).toMatchObject({ linkedin: 'niamh-cassidy-galway', twitter: '@NiamhCass94' });
    const view = await store().findAuthorBySocialHandle('linkedin', 'niamh-cassidy-galway');
    expect(view!.profile.profile_social_profiles.linkedin).toBe('niamh-cassidy-galway');
  });
});

async function* inBatches(records: ProfileInput[], size: number, failAfter?: Error): AsyncGenerator<ProfileInput[]> {
  for (let i = 0; i < records.length; i += size) yield records.slice(i, i + size);
  if (failAfter) throw failAfter;
}

describe.each(storeFactories())('store contract: import in batches ($name store)', (factory) => {
  const store = freshStorePerTest(factory, { checkAnswers: true });
  const byHandle = (type: 'twitter' | 'facebook', value: string) =>
    store().findAuthorBySocialHandle(type, handleKey(type, value));

  it('stores what importProfiles would, one batch after another', async () => {
    const records = Array.from({ length: 5 }, () => valid(aProfile({ articles: [anArticle(), anArticle()] })));

    await expect(repositoriesOf(store()).profileTransfers.importBatches(inBatches(records, 2))).resolves.toEqual({
      profiles: 5,
      articles: 10,
    });

    expect((await exported(store())).map((p) => p.profile_slug)).toEqual(records.map((r) => r.profile_slug));
    const last = await store().findAuthorOfArticle(canonicalizeUrl(records[4]!.articles[1]!.link));
    expect(last).toMatchObject({ profile: { profile_slug: records[4]!.profile_slug }, activeArticleCount: 2 });
    await expect(repositoriesOf(store()).profileTransfers.importBatches(inBatches([], 2))).resolves.toEqual({
      profiles: 0,
      articles: 0,
    });
  });

  it('lets a record take a handle from a profile whose record comes in a later batch, first claim first', async () => {
    const a = aProfile();
    const b = aProfile();
    await seed(store(), a, b);
    const taker = aProfile();
    taker.profile_social_profiles.twitter = a.profile_social_profiles.twitter!;
    const late = aProfile();
    late.profile_social_profiles.twitter = a.profile_social_profiles.twitter!;
    const aWithout = { ...a, profile_social_profiles: { ...a.profile_social_profiles, twitter: '' } };

    // taker waits for a's record; late comes after a released the handle, but taker claimed first.
    const attempt = repositoriesOf(store()).profileTransfers.importBatches(inBatches([taker, aWithout, late].map(valid), 1));

    await expect(attempt).rejects.toMatchObject({ problems: [{ index: 2, reason: expect.stringMatching(/already held/) }] });
    expect(await repositoriesOf(store()).profiles.count()).toBe(2);
    expect((await byHandle('twitter', a.profile_social_profiles.twitter!))!.profile.profile_slug).toBe(a.profile_slug);

    await repositoriesOf(store()).profileTransfers.importBatches(inBatches([taker, aWithout].map(valid), 1));
    expect((await byHandle('twitter', a.profile_social_profiles.twitter!))!.profile.profile_slug).toBe(taker.profile_slug);
  });

  it('writes nothing when the batches stop with an error, which passes through', async () => {
    const kept = aProfile();
    await seed(store(), kept);
    const before = await exported(store());
    const failure = new Error('line 7 of the file is not JSON');

    const records = [aProfile(), { ...kept, profile_bio: 'changed' }].map(valid);
    await expect(repositoriesOf(store()).profileTransfers.importBatches(inBatches(records, 1, failure))).rejects.toBe(failure);

    expect(await exported(store())).toEqual(before);
    await expect(store().findAuthorOfArticle(canonicalizeUrl(records[0]!.articles[0]!.link))).resolves.toBeNull();
  });
});
