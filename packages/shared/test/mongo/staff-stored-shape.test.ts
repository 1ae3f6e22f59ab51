import { openedDatabase } from '../../src/store/opened-database';
import { collectionOf } from '@byline/store-mongodb/store/mongo-schema';
import { describeOnMongoDb, freshRepositoriesPerTest } from '@byline/test-support';

const AT = new Date('2026-01-01T09:00:00.000Z');

/*
 * An open affiliation carries its open keys and a closed one none: the sparse unique indexes over them allow one
 * open affiliation per person and publisher, and would refuse a second closed one if a closed one kept a key (even
 * a null one).
 */
describeOnMongoDb('staff as stored ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);

  const stored = async (id: number) => {
    const database = openedDatabase(repositories().store.database);
    if (database.kind !== 'mongodb') throw new Error('a MongoDB store was expected');
    return collectionOf(database.mongo.db, 'publisherStaff').findOne({ _id: id }, { projection: { _id: 0 } });
  };

  it('keeps the open keys while open, and none once ended', async () => {
    const { staff } = repositories();
    const invited = (await staff.invite(7, { email: 'Ann@Example.org' }, 'admin:1', AT))!;
    expect(await stored(invited.id)).toEqual({
      publisher_id: 7,
      profile_id: null,
      invited_email: 'ann@example.org',
      state: 'invited',
      invited_by: 'admin:1',
      invited_at: AT.toISOString(),
      accepted_at: null,
      ended_at: null,
      ended_by: null,
      ended_reason: null,
      open_email: '7 ann@example.org',
    });

    await staff.accept(invited.id, 42, AT);
    expect(await stored(invited.id)).toMatchObject({ state: 'active', open_profile: '7 42', open_email: '7 ann@example.org' });

    await staff.end(invited.id, 'admin:1', 'Left.', AT);
    const ended = await stored(invited.id);
    expect(ended).toMatchObject({ state: 'ended', ended_reason: 'Left.' });
    expect(ended).not.toHaveProperty('open_profile');
    expect(ended).not.toHaveProperty('open_email');

    // Closed ones hold no key: the same person can be invited, and end, again.
    const again = (await staff.invite(7, { profileId: 42 }, 'admin:1', AT))!;
    expect(await stored(again.id)).toMatchObject({ open_profile: '7 42' });
    expect(await stored(again.id)).not.toHaveProperty('open_email');
    expect(await staff.end(again.id, 'admin:1', 'Again.', AT)).toBe(true);
  });
});
