import { setPublisherVerified } from '@byline/editorial/publishers/set-publisher-verified';
import { freshRepositoriesPerTest, storeFactories } from '@byline/test-support';

/** The one rule the portal's editors and the CLI's operator decide by: a decision that changes nothing is not recorded. */
describe.each(storeFactories())('setPublisherVerified ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);
  const T0 = new Date('2030-01-01T00:00:00.000Z');
  const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

  it('records a change, and neither a verification of a verified publisher nor a withdrawal from one not verified', async () => {
    const { publishers, publisherHistory } = repositories();
    const created = (await publishers.create({ slug: 'harbour-times', name: 'The Harbour Times' }, 'admin@example.org', T0))!;
    const current = async () => (await publishers.findById(created.id))!;

    expect(await setPublisherVerified(publishers, await current(), false, 'ed@example.org', 'Never was', later(1))).toBe(
      'unchanged',
    );
    expect(await setPublisherVerified(publishers, await current(), true, 'ed@example.org', 'Masthead', later(2))).toBe('changed');
    expect(await setPublisherVerified(publishers, await current(), true, 'other@example.org', 'Again', later(3))).toBe(
      'unchanged',
    );
    expect(await current()).toMatchObject({ verifiedAt: later(2).toISOString(), verifiedBy: 'ed@example.org' });
    expect((await publisherHistory.historyOf(created.id)).map(({ action, note }) => [action, note])).toEqual([
      ['verified', 'Masthead'],
      ['created', 'The Harbour Times'],
    ]);
  });

  it('answers no-such-publisher for a publisher gone meanwhile', async () => {
    const { publishers } = repositories();
    expect(await setPublisherVerified(publishers, { id: 987_654, verifiedAt: null }, true, 'ed@example.org', '', T0)).toBe(
      'no-such-publisher',
    );
  });
});
