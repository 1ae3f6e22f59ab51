import { freshBackendPerTest, type StoreFactory } from '@byline/test-support';
import { contractArticle, newJournalist } from '../profiles/journalist-contract';

/**
 * The promises of the Articles port, for stores made by `factory`, including those the embedded store gets from its
 * unit of write. Run on every database by packages/shared/test/contracts/articles.test.ts.
 */
export function articlesContract(factory: StoreFactory): void {
  const backend = freshBackendPerTest(factory);

  it('keeps the active article count the verifiers read right through add, edit and deactivation', async () => {
    const { profile } = await newJournalist(backend());
    const one = await backend().articles.add(profile.id, contractArticle('one'));
    await backend().articles.add(profile.id, contractArticle('two'));
    await backend().articles.add(profile.id, contractArticle('three', false));
    const count = async () => (await backend().store.findAuthorOfArticle('https://news.example.org/one'))?.activeArticleCount;
    expect(await count()).toBe(2);
    expect(await backend().articles.update(profile.id, one.id, { ...contractArticle('one'), title: 'Edited' })).toBe(true);
    expect(await count()).toBe(2);
    await backend().articles.update(profile.id, one.id, contractArticle('one', false));
    expect(await count()).toBeUndefined(); // no longer active, so not found by its address
    expect((await backend().store.findAuthorOfArticle('https://news.example.org/two'))?.activeArticleCount).toBe(1);
    expect(await backend().articles.update(profile.id + 1000, one.id, contractArticle('one'))).toBe(false);
  });
}
