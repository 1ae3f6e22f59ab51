import type { ArticleInput } from '@byline/domain/domain/types';
import { repositoriesOf } from '@byline/shared/store';
import { AUTHORSHIP_PROVIDER } from '@byline/domain/articles/article-proof';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { anArticle, mongoTestStore, savedJournalist, testMongoUri } from '@byline/test-support';
import { mongoDataStep } from '@byline/store-mongodb/store/mongo-data-steps';
import { affiliationEnding, endVouchingSteps } from '@byline/domain/articles/end-vouched-articles';
import { mongoArticlesUnit } from '@byline/store-mongodb/articles/mongo-articles';
import { runInTurn } from '@byline/domain/store/steps';

const HOUR = 3_600_000;
const ARTICLES = 12;

/**
 * Data step 038 on MongoDB runs in every process that starts before one of them records it (mongo-migrations.ts:
 * "recorded by another process that ran it too"): two processes starting together both run it. Each credit by name
 * of an ended affiliation must still end once — one history entry, one webhook event — and its stored proof must
 * agree with the document's `proven` flag. MongoDB makes each conditional update atomic, which the proof writes rely
 * on (ProofGuard); FerretDB over SQLite does not (two updates at the same instant both match their filter), so the
 * second process is made to read before the first writes and write after it, one step at a time.
 */
const uri = testMongoUri();
(uri ? describe : describe.skip)('data step 038 (mongodb store) run by two processes at once', () => {
  it('ends each credit by name once, and leaves no proof saying proven on an article that does not count', async () => {
    const store = await mongoTestStore(uri!);
    try {
      const repositories = repositoriesOf(store);
      const profile = await savedJournalist(repositories, 'basis-twice', { profile_last_name: 'Brennan' });
      const publisher = (await repositories.publishers.create(
        { slug: 'leaving-outlet', name: 'The leaving-outlet' },
        'admin',
        new Date(),
      ))!;
      const invited = (await repositories.staff.invite(publisher.id, { profileId: profile.id }, 'admin', new Date()))!;
      await repositories.staff.accept(invited.id, profile.id, new Date(Date.now() - HOUR));
      const links: string[] = [];
      for (let i = 0; i < ARTICLES; i++) {
        const link = `https://leaving.example/${i}`;
        const { article } = await repositories.articles.add(profile.id, anArticle({ link, active: true }) as ArticleInput);
        // As run-attribution.ts worded its evidence before it recorded the basis.
        const evidence = {
          method: 'authorship-attested' as const,
          provider: AUTHORSHIP_PROVIDER,
          by: 'byline:attribution',
          matched: 'author name “Aoife Brennan” (attributed on the vouching of The leaving-outlet)',
          note: 'Attributed on the vouching of The leaving-outlet (leaving-outlet): its page credits Aoife Brennan, active staff of the publisher.',
        };
        await proveArticle(repositories.articles, { profileId: profile.id, articleId: article.id, evidence });
        links.push(link);
      }
      await repositories.staff.end(invited.id, 'admin@leaving.example', 'Left', new Date(Date.now() + HOUR));

      // The second process read the proofs (after the first pass of its own) before the first process ended them.
      const unit = mongoArticlesUnit(store.db);
      const firstPassOnly = await mongoDataStep('038-attribution-basis')
        .run(store.db, new Date())
        .then(() => unit.provenClaimsOf(profile.id));
      expect(firstPassOnly).toEqual([]); // the first process ended them all
      // Its read, as it was before: the same proofs with their basis recorded and still proven.
      const staleRead = await staleClaims(store.db, profile.id);
      const stale = { ...unit, provenClaimsOf: async () => staleRead };
      const ending = affiliationEnding(
        { affiliationId: invited.id, profileId: profile.id, publisherName: publisher.name, actor: 'admin@leaving.example' },
        new Date().toISOString(),
      );
      const second = await runInTurn(endVouchingSteps(stale, ending, new Date().toISOString()));
      expect(second.articleIds).toEqual([]);

      const docs = await store.db
        .collection('articles')
        .find({ profile_id: profile.id })
        .project<{ proven: boolean; proof: { state: string } }>({ proven: 1, 'proof.state': 1 })
        .toArray();
      const ended = (await repositories.audit.historyOf(profile.id)).filter((r) => r.action === 'article-vouching-ended');
      expect({ states: docs.map((doc) => [doc.proven, doc.proof.state]), history: ended.length }).toEqual({
        states: links.map(() => [false, 'lapsed']),
        history: ARTICLES,
      });
    } finally {
      await store.close();
    }
  });
});

/** The profile's articles as they were proven before the affiliation's end was applied: state proven, evidence live. */
async function staleClaims(db: import('mongodb').Db, profileId: number) {
  const unit = mongoArticlesUnit(db);
  const docs = await db.collection('articles').find({ profile_id: profileId }).toArray();
  const claims = await Promise.all(docs.map((doc) => unit.claim(profileId, doc._id as unknown as number)));
  return claims.flatMap((claim) =>
    claim
      ? [
          {
            ...claim,
            proof: {
              ...claim.proof,
              state: 'proven' as const,
              reason: null,
              evidence: claim.proof.evidence.map((each) => ({ ...each, endedAt: null, endedReason: null })),
            },
          },
        ]
      : [],
  );
}
