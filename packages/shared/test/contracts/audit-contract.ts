import { freshRepositoriesPerTest, profileFields, type StoreFactory } from '@byline/test-support';
import type { ProfileFields } from '@byline/domain/profiles/profile-fields';

const fields: ProfileFields = profileFields({ profile_last_name: 'Brennan' });
/** When the records are made: the history keeps the time its writer gives. */
const AT = new Date('2026-03-01T12:00:00.000Z');

/**
 * The promises of the AuditHistory port, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/audit.test.ts.
 */
export function auditContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  let n = 0;
  async function profile(): Promise<number> {
    const user = await repositories().users.create(
      { email: `audit${++n}@example.org`, passwordHash: 'x', role: 'editor' },
      new Date(),
    );
    return (await repositories().profiles.save(user.id, fields, `audit-${++n}`)).id;
  }

  it('keeps each profile’s records, newest first, with who, what, why and when', async () => {
    const [one, other] = [await profile(), await profile()];
    expect(await repositories().audit.historyOf(one)).toEqual([]);
    await repositories().audit.record(
      {
        profileId: one,
        actor: 'ed@example.org',
        action: 'proof-attested',
        note: 'X: checked by phone',
      },
      AT,
    );
    await repositories().audit.record(
      { profileId: other, actor: 'byline:re-check', action: 'claim-released', note: 'released' },
      AT,
    );
    await repositories().audit.record({ profileId: one, actor: 'network:x', action: 'handle-displaced', note: '' }, AT);

    const history = await repositories().audit.historyOf(one);
    expect(history.map(({ profileId, actor, action, note }) => [profileId, actor, action, note])).toEqual([
      [one, 'network:x', 'handle-displaced', ''],
      [one, 'ed@example.org', 'proof-attested', 'X: checked by phone'],
    ]);
    expect(history[0]!.id).toBeGreaterThan(history[1]!.id);
    for (const record of history) expect(record.at).toBe(AT.toISOString());
    expect((await repositories().audit.historyOf(other)).map((record) => record.action)).toEqual(['claim-released']);
  });

  it('lists the records the verification writes append beside its own, in one order', async () => {
    const one = await profile();
    const portal = repositories();
    await portal.verification.request(one, 'owner@example.org');
    await repositories().audit.record({ profileId: one, actor: 'ed@example.org', action: 'proof-attested', note: 'site' }, AT);
    await portal.verification.decide({ profileId: one, actor: 'ed@example.org', action: 'verified', note: '' });
    expect((await repositories().audit.historyOf(one)).map((record) => record.action)).toEqual([
      'verified',
      'proof-attested',
      'requested',
    ]);
  });

  it('keeps the editors’ log: every profile’s records newest first, by actor and action, a page at a time', async () => {
    const [one, other] = [await profile(), await profile()];
    const audit = repositories().audit;
    await audit.record({ profileId: one, actor: 'ed@example.org', action: 'proof-attested', note: 'phone' }, AT);
    await audit.record({ profileId: other, actor: 'kim@example.org', action: 'proof-attested', note: 'site' }, AT);
    await audit.record({ profileId: other, actor: 'ed@example.org', action: 'handle-moved', note: 'moved' }, AT);
    await audit.record({ profileId: one, actor: 'byline:re-check', action: 'proof-lapsed', note: 'gone' }, AT);

    const all = await audit.log({ limit: 100, offset: 0 });
    expect(all.total).toBe(4);
    expect(all.records.map((r) => [r.profileId, r.actor, r.action, r.note])).toEqual([
      [one, 'byline:re-check', 'proof-lapsed', 'gone'],
      [other, 'ed@example.org', 'handle-moved', 'moved'],
      [other, 'kim@example.org', 'proof-attested', 'site'],
      [one, 'ed@example.org', 'proof-attested', 'phone'],
    ]);
    const byEd = await audit.log({ actor: 'ed@example.org', limit: 100, offset: 0 });
    expect([byEd.total, byEd.records.map((r) => r.note)]).toEqual([2, ['moved', 'phone']]);
    const attested = await audit.log({ action: 'proof-attested', limit: 1, offset: 1 });
    expect([attested.total, attested.records.map((r) => r.note)]).toEqual([2, ['phone']]);
    const both = await audit.log({ actor: 'kim@example.org', action: 'proof-attested', limit: 10, offset: 0 });
    expect(both.records.map((r) => r.note)).toEqual(['site']);
    expect(await audit.log({ actor: 'nobody@example.org', limit: 10, offset: 0 })).toEqual({ records: [], total: 0 });
  });
}
