import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import { CONTRACT_NOW, minutesAfterNow, newUser } from './users-contract';

/**
 * The promises of the EmailConfirmations port, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/email-confirmations.test.ts.
 */
export function emailConfirmationsContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const now = CONTRACT_NOW;
  const at = minutesAfterNow;
  const user = () => newUser(repositories().users);

  it('consumes a confirmation link once however many requests race for it, never when expired', async () => {
    const owner = await user();
    const { emailConfirmations } = repositories();
    await emailConfirmations.create({ tokenHash: 'confirm-a', userId: owner.id, expiresAt: at(60) }, now);
    await emailConfirmations.create({ tokenHash: 'confirm-b', userId: owner.id, expiresAt: at(60) }, now);
    expect(await emailConfirmations.usableBy('confirm-a', now)).toBe(owner.id);
    expect(await emailConfirmations.usableBy('confirm-a', new Date(at(61)))).toBeNull();
    expect(await emailConfirmations.consume('confirm-a', new Date(at(61)))).toBeNull();
    expect(await emailConfirmations.usableBy('unknown', now)).toBeNull();

    const taken = await Promise.all([1, 2, 3].map(() => emailConfirmations.consume('confirm-a', now)));
    expect(taken.sort()).toEqual([owner.id, null, null]);
    expect(await emailConfirmations.usableBy('confirm-a', now)).toBeNull();

    await emailConfirmations.deleteOfUser(owner.id);
    expect(await emailConfirmations.consume('confirm-b', now)).toBeNull();
  });

  it('forgets the links of one user only, and of a user who is removed', async () => {
    const one = await user();
    const other = await user();
    const { emailConfirmations, users } = repositories();
    await emailConfirmations.create({ tokenHash: 'one', userId: one.id, expiresAt: at(60) }, now);
    await emailConfirmations.create({ tokenHash: 'other', userId: other.id, expiresAt: at(60) }, now);
    await emailConfirmations.create({ tokenHash: 'other-2', userId: other.id, expiresAt: at(60) }, now);
    await emailConfirmations.deleteOfUser(one.id);
    expect(await emailConfirmations.usableBy('one', now)).toBeNull();
    expect(await emailConfirmations.consume('other', now)).toBe(other.id);
    await users.remove(other.id);
    expect(await emailConfirmations.usableBy('other-2', now)).toBeNull();
  });
}
