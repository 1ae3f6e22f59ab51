import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import { contractArticle, newJournalist } from './journalist-contract';
import { AUTHORSHIP_PROVIDER, type NewArticleEvidence } from '@byline/domain/articles/article-proof';
import { ArticleTakenError } from '@byline/domain/articles/articles-repository';
import { moveProvenArticle } from '@byline/domain/articles/move-proven-article';
import { noteUnproven, proveArticle } from '@byline/domain/articles/prove-article';

const byEditor: NewArticleEvidence = {
  method: 'editor-attestation',
  provider: { id: 'urn:byline:editor-attestation', name: 'Byline editor' },
  by: 'editor:ed@example.org',
  note: 'Checked with the desk',
};
const byPage: NewArticleEvidence = {
  method: 'authorship-attested',
  provider: AUTHORSHIP_PROVIDER,
  by: 'byline:authorship check',
  matched: 'JSON-LD author.url https://byline.example/j/aoife-brennan',
  nextCheckAt: '2030-01-01T00:00:00.000Z',
};

/**
 * The promises of the Articles port and the article rules over it, for stores made by `factory`. Run on every
 * database by packages/shared/test/contracts/articles.test.ts.
 */
export function articlesContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const prove = async (profileId: number, articleId: number, evidence = byEditor) => {
    const result = await proveArticle(repositories().articles, { profileId, articleId, evidence });
    if (!result.ok) throw new Error(`not proven: ${result.reason}`);
    return result;
  };
  const authorOf = async (path: string) => repositories().store.findAuthorOfArticle(`https://news.example.org/${path}`);

  it('keeps the active article count the verifiers read right through proof, edit and deactivation', async () => {
    const { profile } = await newJournalist(repositories());
    const one = await repositories().articles.add(profile.id, contractArticle('one'));
    const two = await repositories().articles.add(profile.id, contractArticle('two'));
    const three = await repositories().articles.add(profile.id, contractArticle('three', false));
    for (const claim of [one, two, three]) await prove(profile.id, claim.article.id);
    const count = async () => (await authorOf('one'))?.activeArticleCount;
    expect(await count()).toBe(2);
    expect(
      await repositories().articles.update(
        profile.id,
        one.article.id,
        { ...contractArticle('one'), title: 'Edited' },
        new Date(),
      ),
    ).toBe(true);
    expect(await count()).toBe(2);
    await repositories().articles.update(profile.id, one.article.id, contractArticle('one', false), new Date());
    expect(await count()).toBeUndefined(); // no longer active, so not found by its address
    expect((await authorOf('two'))?.activeArticleCount).toBe(1);
    expect(await repositories().articles.update(profile.id + 1000, one.article.id, contractArticle('one'), new Date())).toBe(
      false,
    );
  });

  it('adds an article as a claim that counts nothing until a proof makes it count', async () => {
    const { profile } = await newJournalist(repositories());
    const added = await repositories().articles.add(profile.id, contractArticle('claimed'));
    expect(added.proof).toEqual({ state: 'claimed', reason: 'Its page has not been checked yet.', mention: null, evidence: [] });
    expect(await authorOf('claimed')).toBeNull();
    expect(await repositories().articles.latest(profile.id, 3)).toEqual([]);
    expect((await repositories().articles.list(profile.id)).map((article) => article.link)).toEqual([
      'https://news.example.org/claimed',
    ]);

    await prove(profile.id, added.article.id, byPage);
    expect((await authorOf('claimed'))?.activeArticleCount).toBe(1);
    const [claim] = await repositories().articles.claimsOf(profile.id);
    expect(claim!.proof.state).toBe('proven');
    expect(claim!.proof.evidence).toEqual([
      expect.objectContaining({
        method: 'authorship-attested',
        provider: AUTHORSHIP_PROVIDER,
        matched: 'JSON-LD author.url https://byline.example/j/aoife-brennan',
        by: 'byline:authorship check',
        nextCheckAt: '2030-01-01T00:00:00.000Z',
        endedAt: null,
      }),
    ]);
  });

  it('lets several profiles prove one address, each by its own evidence, answered in the page’s credit order', async () => {
    const first = (await newJournalist(repositories())).profile;
    const second = (await newJournalist(repositories())).profile;
    const mine = await repositories().articles.add(first.id, contractArticle('shared'));
    const theirs = await repositories().articles.add(second.id, contractArticle('shared'));
    await expect(repositories().articles.add(first.id, contractArticle('shared'))).rejects.toEqual(new ArticleTakenError());

    // The second profile proves it first, by an editor (placed nowhere on the page): the other claim stays a claim.
    await prove(second.id, theirs.article.id);
    expect((await authorOf('shared'))?.profile.id).toBe(second.id);
    const [stillClaimed] = await repositories().articles.claimsOf(first.id);
    expect(stillClaimed!.proof.state).toBe('claimed');
    expect(await repositories().audit.historyOf(first.id)).toEqual([]);

    // The page credits the first profile first: both count, and the first credited answers.
    await prove(first.id, mine.article.id, { ...byPage, position: 0 });
    expect((await authorOf('shared'))?.profile.id).toBe(first.id);
    for (const profile of [first, second]) {
      expect((await repositories().articles.claimsOf(profile.id))[0]!.proof.state).toBe('proven');
      expect((await repositories().articles.latest(profile.id, 3)).map((article) => article.link)).toEqual([
        'https://news.example.org/shared',
      ]);
    }
    // A third profile may list a proven address too: its own page check decides its claim.
    const third = (await newJournalist(repositories())).profile;
    await expect(repositories().articles.add(third.id, contractArticle('shared'))).resolves.toMatchObject({
      proof: { state: 'claimed' },
    });
  });

  it('starts the proof again when an article moves to another address, and keeps it through other edits', async () => {
    const { profile } = await newJournalist(repositories());
    const added = await repositories().articles.add(profile.id, contractArticle('before'));
    await prove(profile.id, added.article.id);
    await repositories().articles.update(
      profile.id,
      added.article.id,
      { ...contractArticle('before'), title: 'Retitled' },
      new Date(),
    );
    expect((await repositories().articles.claimsOf(profile.id))[0]!.proof.state).toBe('proven');
    await repositories().articles.update(profile.id, added.article.id, contractArticle('after'), new Date());
    expect((await repositories().articles.claimsOf(profile.id))[0]!.proof).toMatchObject({ state: 'claimed', evidence: [] });
    expect(await authorOf('before')).toBeNull();
    expect(await authorOf('after')).toBeNull();
  });

  it('records why an unproven article does not count, and leaves a proven one as it is', async () => {
    const { profile } = await newJournalist(repositories());
    const added = await repositories().articles.add(profile.id, contractArticle('mention'));
    const note = {
      profileId: profile.id,
      articleId: added.article.id,
      reason: 'Its page names you but links to nothing you proved.',
      mention: 'Aoife Brennan',
    };
    expect(await noteUnproven(repositories().articles, note)).toBe(true);
    expect((await repositories().articles.claimsOf(profile.id))[0]!.proof).toEqual({
      state: 'claimed',
      reason: note.reason,
      mention: 'Aoife Brennan',
      evidence: [],
    });
    await prove(profile.id, added.article.id);
    expect(await noteUnproven(repositories().articles, note)).toBe(false);
    expect((await repositories().articles.claimsOf(profile.id))[0]!.proof).toMatchObject({ state: 'proven', reason: null });
  });

  it('moves a proven article onto the profile that lists it only by an editor’s decision, recorded on both', async () => {
    const holder = (await newJournalist(repositories())).profile;
    const owner = (await newJournalist(repositories())).profile;
    const held = await repositories().articles.add(holder.id, contractArticle('moved'));
    await prove(holder.id, held.article.id);
    // Only onto a profile that lists the address, and only a proven one (otherwise an editor attests instead).
    const other = (await newJournalist(repositories())).profile;
    expect(
      await moveProvenArticle(repositories().articles, {
        profileId: other.id,
        articleId: held.article.id,
        editor: 'ed@example.org',
        note: 'x',
      }),
    ).toEqual({
      ok: false,
      reason: 'no-such-article',
    });
    const mine = await repositories().articles.add(owner.id, contractArticle('moved-too'));
    expect(
      await moveProvenArticle(repositories().articles, {
        profileId: owner.id,
        articleId: mine.article.id,
        editor: 'ed@example.org',
        note: 'x',
      }),
    ).toEqual({
      ok: false,
      reason: 'not-proven-elsewhere',
    });

    const claimed = await repositories().articles.add(other.id, contractArticle('contested'));
    const proven = await repositories().articles.add(holder.id, contractArticle('contested'));
    await prove(holder.id, proven.article.id);
    const move = {
      profileId: other.id,
      articleId: claimed.article.id,
      editor: 'ed@example.org',
      note: 'Her editor confirmed it',
    };
    expect(await moveProvenArticle(repositories().articles, move)).toEqual({ ok: true, fromProfileIds: [holder.id] });
    expect((await authorOf('contested'))?.profile.id).toBe(other.id);
    const [from] = (await repositories().articles.claimsOf(holder.id)).filter((c) => c.article.link.endsWith('/contested'));
    expect(from!.proof).toMatchObject({
      state: 'released',
      reason: expect.stringContaining('Moved to another profile by an editor'),
    });
    expect(from!.proof.evidence.every((e) => e.endedAt !== null)).toBe(true);
    const [to] = (await repositories().articles.claimsOf(other.id)).filter((c) => c.article.link.endsWith('/contested'));
    expect(to!.proof.evidence.at(-1)).toMatchObject({
      method: 'editor-attestation',
      by: 'editor:ed@example.org',
      note: 'Her editor confirmed it',
    });
    expect((await repositories().audit.historyOf(holder.id))[0]).toMatchObject({
      action: 'article-moved',
      actor: 'ed@example.org',
    });
    expect((await repositories().audit.historyOf(other.id))[0]).toMatchObject({
      action: 'article-moved',
      note: expect.stringContaining('moved here'),
    });
    // The profile it was moved from cannot list it again while the other has it proven: its page would undo the move.
    await expect(repositories().articles.add(holder.id, contractArticle('contested'))).rejects.toEqual(
      new ArticleTakenError('moved-away'),
    );
    const refused = await repositories()
      .articles.add(holder.id, contractArticle('contested'))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ArticleTakenError);
    expect((refused as ArticleTakenError).reason).toBe('moved-away');
  });
}
