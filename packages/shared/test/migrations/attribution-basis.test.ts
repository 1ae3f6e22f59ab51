import type { ArticleInput } from '@byline/domain/domain/types';
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { AUTHORSHIP_PROVIDER } from '@byline/domain/articles/article-proof';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { anArticle, savedJournalist } from '@byline/test-support';
import { madeThenForgotten, reopenablePerTest, reopenableStores } from '../store-contract/reopenable-store';

const STEP = '038-attribution-basis';
const HOUR = 3_600_000;

/**
 * Data step 038 on each store: the worker's attributions made before their evidence recorded its basis get it from
 * their words; a credit by name whose affiliation has ended meanwhile ends with it, as an ending does now. The step
 * is made to run again by forgetting it ran, then reopening the store.
 */
async function attributions(store: Store) {
  const repositories = repositoriesOf(store);
  const profile = await savedJournalist(repositories, `basis-${Date.now()}`, { profile_last_name: 'Brennan' });
  const outlet = async (slug: string) => {
    const publisher = (await repositories.publishers.create({ slug, name: `The ${slug}` }, 'admin', new Date()))!;
    const invited = (await repositories.staff.invite(publisher.id, { profileId: profile.id }, 'admin', new Date()))!;
    await repositories.staff.accept(invited.id, profile.id, new Date(Date.now() - HOUR));
    return { publisher, affiliationId: invited.id };
  };
  const staying = await outlet('staying-outlet');
  const leaving = await outlet('leaving-outlet');
  // As run-attribution.ts worded its evidence before it recorded the basis.
  const attributed = async (link: string, slug: string, matched: string) => {
    const { article } = await repositories.articles.add(profile.id, anArticle({ link, active: true }) as ArticleInput);
    const evidence = {
      method: 'authorship-attested' as const,
      provider: AUTHORSHIP_PROVIDER,
      by: 'byline:attribution',
      matched: `${matched} (attributed on the vouching of The ${slug})`,
      note: `Attributed on the vouching of The ${slug} (${slug}): its page credits Aoife Brennan, active staff of the publisher.`,
    };
    await proveArticle(repositories.articles, { profileId: profile.id, articleId: article.id, evidence });
    return link;
  };
  const byName = 'author name “Aoife Brennan”';
  const stayingByName = await attributed('https://staying.example/a', 'staying-outlet', byName);
  const leavingByName = await attributed('https://leaving.example/b', 'leaving-outlet', byName);
  const leavingByLink = await attributed('https://leaving.example/c', 'leaving-outlet', 'JSON-LD author https://portal/j/x');
  // Ended before the ending released anything: the evidence had no basis to find it by.
  const endedAt = new Date(Date.now() + HOUR);
  await repositories.staff.end(leaving.affiliationId, 'admin@leaving.example', 'Left', endedAt);
  expect((await repositories.articles.claimsOf(profile.id)).map((claim) => claim.proof.state)).toEqual([
    'proven',
    'proven',
    'proven',
  ]);
  return { profileId: profile.id, staying, leaving, stayingByName, leavingByName, leavingByLink, endedAt };
}

async function expectRecorded(store: Store, made: Awaited<ReturnType<typeof attributions>>) {
  const repositories = repositoriesOf(store);
  const claims = await repositories.articles.claimsOf(made.profileId);
  const at = (link: string) => claims.find((claim) => claim.article.link === link)!.proof;
  const basis = (by: string, { publisher, affiliationId }: typeof made.staying) => ({
    by,
    publisherId: publisher.id,
    affiliationId,
  });
  expect(at(made.stayingByName)).toMatchObject({
    state: 'proven',
    evidence: [{ attribution: basis('name', made.staying), endedAt: null }],
  });
  expect(at(made.leavingByLink)).toMatchObject({
    state: 'proven',
    evidence: [{ attribution: basis('link', made.leaving), endedAt: null }],
  });
  const reason = `Credited by name only, on the vouching of The leaving-outlet: the affiliation ended on ${made.endedAt.toISOString().slice(0, 10)}.`;
  expect(at(made.leavingByName)).toMatchObject({
    state: 'lapsed',
    reason,
    evidence: [{ attribution: basis('name', made.leaving), endedAt: made.endedAt.toISOString(), endedReason: reason }],
  });
  const history = (await repositories.audit.historyOf(made.profileId)).filter((r) => r.action === 'article-vouching-ended');
  expect(history).toEqual([
    expect.objectContaining({ actor: 'admin@leaving.example', note: `${made.leavingByName}: ${reason}` }),
  ]);
}

describe.each(reopenableStores())('data step 038 ($name store): the basis of earlier attributions', ({ make }) => {
  const target = reopenablePerTest(make);

  it('records each, and ends the credits by name of ended affiliations', async () => {
    const made = await madeThenForgotten(target, STEP, attributions);
    await expectRecorded(target.open(), made);
  });
});
