import type { ArticleInput } from '@byline/domain/domain/types';
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { AUTHORSHIP_PROVIDER } from '@byline/domain/articles/article-proof';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { anArticle, savedJournalist } from '@byline/test-support';
import { madeThenForgotten, reopenablePerTest, reopenableStores } from '../store-contract/reopenable-store';

const STEP = '039-vouching-as-it-stands';
const HOUR = 3_600_000;
const EDITOR = 'ed@example.org';

/**
 * Data step 039 on each store: credits by name made, or left live, while the publisher's vouching no longer held —
 * its verification withdrawn, or the article's address covered by none of the domains it proves — end; those it
 * still vouches for and credits by link stay. The step is made to run again by forgetting it ran, then reopening.
 */
async function attributions(store: Store) {
  const repositories = repositoriesOf(store);
  const profile = await savedJournalist(repositories, `vouch-${Date.now()}`, { profile_last_name: 'Brennan' });
  const outlet = async (slug: string, domain: string) => {
    const publisher = (await repositories.publishers.create({ slug, name: `The ${slug}` }, 'admin', new Date()))!;
    await repositories.publisherDomains.addDomain(publisher.id, domain, 'tok', 'admin', new Date());
    const check = { outcome: 'proven', method: 'dns-txt', at: new Date().toISOString() } as const;
    await repositories.publisherDomains.recordCheck(publisher.id, domain, check, null);
    await repositories.publishers.setVerified(publisher.id, true, EDITOR, 'Checked', new Date());
    const invited = (await repositories.staff.invite(publisher.id, { profileId: profile.id }, 'admin', new Date()))!;
    await repositories.staff.accept(invited.id, profile.id, new Date(Date.now() - HOUR));
    return { publisherId: publisher.id, affiliationId: invited.id };
  };
  const withdrawn = await outlet('withdrawn-outlet', 'withdrawn.example');
  const kept = await outlet('kept-outlet', 'kept.example');
  // The verification is withdrawn before the proofs are written: as they stood before the rule ended them.
  const withdrawnAt = new Date(Date.now() - HOUR);
  await repositories.publishers.setVerified(withdrawn.publisherId, false, EDITOR, 'Closed', withdrawnAt);
  const attributed = async (link: string, by: 'name' | 'link', on: typeof kept) => {
    const { article } = await repositories.articles.add(profile.id, anArticle({ link, active: true }) as ArticleInput);
    const evidence = {
      method: 'authorship-attested' as const,
      provider: AUTHORSHIP_PROVIDER,
      by: 'byline:attribution',
      attribution: { by, ...on },
    };
    await proveArticle(repositories.articles, { profileId: profile.id, articleId: article.id, evidence });
    return link;
  };
  const made = {
    profileId: profile.id,
    withdrawnAt,
    withdrawnByName: await attributed('https://withdrawn.example/a', 'name', withdrawn),
    withdrawnByLink: await attributed('https://withdrawn.example/b', 'link', withdrawn),
    keptByName: await attributed('https://news.kept.example/c', 'name', kept),
    // On a domain the publisher no longer proves (removed before its removal ended anything).
    uncoveredByName: await attributed('https://gone.example/d', 'name', kept),
  };
  expect((await repositories.articles.claimsOf(profile.id)).every((claim) => claim.proof.state === 'proven')).toBe(true);
  return made;
}

async function expectEnded(store: Store, made: Awaited<ReturnType<typeof attributions>>) {
  const repositories = repositoriesOf(store);
  const claims = await repositories.articles.claimsOf(made.profileId);
  const at = (link: string) => claims.find((claim) => claim.article.link === link)!.proof;
  const withdrawal = `Credited by name only, on the vouching of The withdrawn-outlet: the publisher’s verification was withdrawn on ${made.withdrawnAt.toISOString().slice(0, 10)}.`;
  const uncovered = `Credited by name only, on the vouching of The kept-outlet: none of the domains it proves covers the address (found on ${new Date().toISOString().slice(0, 10)}).`;
  expect(at(made.withdrawnByName)).toMatchObject({
    state: 'lapsed',
    reason: withdrawal,
    evidence: [{ endedAt: expect.any(String), endedReason: withdrawal }],
  });
  expect(at(made.uncoveredByName)).toMatchObject({
    state: 'lapsed',
    reason: uncovered,
    evidence: [{ endedAt: expect.any(String), endedReason: uncovered }],
  });
  for (const link of [made.withdrawnByLink, made.keptByName]) {
    expect(at(link)).toMatchObject({ state: 'proven', evidence: [{ endedAt: null }] });
  }
  const history = (await repositories.audit.historyOf(made.profileId))
    .filter((r) => r.action === 'article-vouching-ended')
    .map(({ actor, note }) => ({ actor, note }))
    .sort((a, b) => a.note.localeCompare(b.note));
  expect(history).toEqual([
    { actor: 'byline:migration', note: `${made.uncoveredByName}: ${uncovered}` },
    { actor: EDITOR, note: `${made.withdrawnByName}: ${withdrawal}` },
  ]);
}

describe.each(reopenableStores())(
  'data step 039 ($name store): credits by name on a vouching that no longer holds',
  ({ make }) => {
    const target = reopenablePerTest(make);

    it('ends them, and leaves the rest', async () => {
      const made = await madeThenForgotten(target, STEP, attributions);
      await expectEnded(target.open(), made);
    });
  },
);
