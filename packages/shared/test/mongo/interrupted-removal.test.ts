import { describeOnMongoDb, freshRepositoriesPerTest } from '@byline/test-support';
import * as answersUnit from '@byline/store-mongodb/answers/mongo-answers-unit';
import { addProvenArticle, contractArticle, newJournalist } from '../contracts/journalist-contract';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';

/*
 * MongoDB has no transactions: a change and the re-render of the answers showing it are separate writes. A change
 * that takes something away (here an affiliation ending) takes the answers out of service first, so a process
 * killed before the re-render never leaves them showing what is gone — and a retry, which finds nothing left to
 * change, has nothing to repair.
 */
describeOnMongoDb('interrupted removals ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);

  it('an affiliation ended by a process killed before its re-render is never served as evidence again', async () => {
    const { profile } = await newJournalist(repositories(), '@interrupted');
    await setVerifiedByOperator(repositories(), profile.profile_slug, true, { reason: 'Arranged by the test' });
    await addProvenArticle(repositories(), profile.id, contractArticle('interrupted'));
    const { publishers, staff } = repositories();
    const outlet = (await publishers.create({ slug: 'herald', name: 'Herald' }, 'admin', new Date()))!;
    await publishers.setVerified(outlet.id, true, 'ed@example.org', '', new Date());
    const invited = (await staff.invite(outlet.id, { profileId: profile.id }, 'admin', new Date()))!;
    await staff.accept(invited.id, profile.id, new Date());
    const url = 'https://news.example.org/interrupted';
    const served = async () =>
      (JSON.parse((await repositories().store.taggedArticleV2Answer(url))!.json) as { evidence: { type: string }[] }).evidence;
    expect((await served()).map((identity) => identity.type)).toEqual(['cawg.affiliation']);

    // The process dies when the ending's re-render first reads what to render.
    const real = answersUnit.mongoAnswersUnit;
    const killed = jest.spyOn(answersUnit, 'mongoAnswersUnit').mockImplementation((db) => ({
      ...real(db),
      authorViews: () => Promise.reject(new Error('process killed')),
    }));
    await expect(staff.end(invited.id, 'admin', 'left', new Date())).rejects.toThrow('process killed');
    killed.mockRestore();
    expect(await served()).toEqual(await repositories().authorEvidence.ofArticleAuthor(url));
    expect(await served()).toEqual([]);
  });
});
