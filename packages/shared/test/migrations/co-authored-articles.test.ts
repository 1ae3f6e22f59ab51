import type { ArticleInput } from '@byline/domain/domain/types';
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { AUTHORSHIP_PROVIDER } from '@byline/domain/articles/article-proof';
import { EDITOR_PROVIDER } from '@byline/domain/proofs/claims';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { anArticle, expectAnswersInStep, savedJournalist } from '@byline/test-support';
import { andThen, forgetting, reopenablePerTest, reopenableStores, type Rewind } from '../store-contract/reopenable-store';

const STEP = '049-co-authored-articles';
const LINK = 'https://news.example/co-written';

/** The articles as the version before co-authors left them: one proven article per address, no credit order. */
const beforeCoAuthors: Rewind = {
  sqlite: (db) =>
    db.exec(`
      DROP INDEX articles_lookup;
      ALTER TABLE articles DROP COLUMN credit_order;
      CREATE INDEX articles_lookup ON articles (canonical_url, active, profile_id);
      CREATE UNIQUE INDEX articles_proven_address ON articles (canonical_url) WHERE proven = 1;
    `),
  mongodb: async (db) => {
    const articles = db.collection('articles');
    await articles.dropIndex('address_in_credit_order');
    await articles.createIndex({ canonical_url: 1, active: 1 }, { name: 'address' });
    await articles.updateMany({}, { $unset: { credit_order: '' } });
    for (const doc of await articles.find({ proven: true }).toArray()) {
      await articles.updateOne({ _id: doc._id }, { $set: { proven_url: doc.canonical_url } });
    }
    await articles.createIndex({ proven_url: 1 }, { name: 'proven_address_unique', unique: true, sparse: true });
  },
};

async function journalistWith(store: Store, name: string) {
  const repositories = repositoriesOf(store);
  const profile = await savedJournalist(repositories, name);
  await repositories.verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
  const { article } = await repositories.articles.add(profile.id, anArticle({ link: LINK, active: true }) as ArticleInput);
  return { profileId: profile.id, articleId: article.id };
}

/**
 * Data step 049 on each store: a store from before co-authors (one proven article per address, enforced by a unique
 * index; no credit order) lets a second profile prove an address another has proven, after the step; an article
 * proven before was its address's one author and stays first: a newcomer the page places first comes after it.
 */
describe.each(reopenableStores())('data step 049 ($name store): co-authored articles', ({ make }) => {
  const target = reopenablePerTest(make);

  it('drops the one proven article per address and keeps the author proven before first', async () => {
    const before = target.open();
    const editorial = await journalistWith(before, 'editorial-desk');
    const byEditor = { method: 'editor-attestation' as const, provider: EDITOR_PROVIDER, by: 'editor:ed@example.org' };
    expect((await proveArticle(repositoriesOf(before).articles, { ...editorial, evidence: byEditor })).ok).toBe(true);
    await before.close();
    await target.rewind(andThen(beforeCoAuthors, forgetting(STEP)));

    const store = target.open();
    const repositories = repositoriesOf(store);
    expect(await repositories.articles.provenBy(canonicalizeUrl(LINK))).toEqual([editorial.profileId]);
    const credited = await journalistWith(store, 'credited-writer');
    const byPage = { method: 'authorship-attested' as const, provider: AUTHORSHIP_PROVIDER, by: 'byline:authorship check' };
    const proven = await proveArticle(repositories.articles, { ...credited, evidence: { ...byPage, position: 0 } });
    expect(proven.ok).toBe(true);
    expect(await repositories.articles.provenBy(canonicalizeUrl(LINK))).toEqual([editorial.profileId, credited.profileId]);
    const answer = JSON.parse((await store.articleAnswer(canonicalizeUrl(LINK)))!);
    expect(answer.profile_slug).toBe('editorial-desk');
    // A proof made now by an editor places nobody: it comes after the page's authors.
    const attested = await journalistWith(store, 'attested-writer');
    expect((await proveArticle(repositories.articles, { ...attested, evidence: byEditor })).ok).toBe(true);
    expect((await repositories.articles.provenBy(canonicalizeUrl(LINK))).at(-1)).toBe(attested.profileId);
    await expectAnswersInStep(store);
  });
});
