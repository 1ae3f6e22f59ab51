import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import { CONTRACT_NOW, minutesAfterNow, newUser } from './users-contract';

/**
 * The promises of the PasswordResets port, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/password-resets.test.ts.
 */
export function passwordResetsContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const now = CONTRACT_NOW;
  const at = minutesAfterNow;
  const user = () => newUser(repositories().users);

  it('consumes a reset token once however many requests race for it, never when expired', async () => {
    const owner = await user();
    await repositories().passwordResets.create({ tokenHash: 'reset-a', userId: owner.id, expiresAt: at(60) }, now);
    await repositories().passwordResets.create({ tokenHash: 'reset-b', userId: owner.id, expiresAt: at(60) }, now);
    expect(await repositories().passwordResets.usableBy('reset-a', now)).not.toBeNull();
    expect(await repositories().passwordResets.usableBy('reset-a', new Date(at(61)))).toBeNull();
    expect(await repositories().passwordResets.consume('reset-a', new Date(at(61)))).toBeNull();
    expect(await repositories().passwordResets.usableBy('unknown', now)).toBeNull();

    const taken = await Promise.all([1, 2, 3].map(() => repositories().passwordResets.consume('reset-a', now)));
    expect(taken.sort()).toEqual([owner.id, null, null]);
    expect(await repositories().passwordResets.usableBy('reset-a', now)).toBeNull();

    // A password change makes every other link of the user useless.
    await repositories().passwordResets.deleteOfUser(owner.id);
    expect(await repositories().passwordResets.consume('reset-b', now)).toBeNull();
  });

  it('forgets the links of one user only', async () => {
    const one = await user();
    const other = await user();
    await repositories().passwordResets.create({ tokenHash: 'one', userId: one.id, expiresAt: at(60) }, now);
    await repositories().passwordResets.create({ tokenHash: 'other', userId: other.id, expiresAt: at(60) }, now);
    await repositories().passwordResets.deleteOfUser(one.id);
    expect(await repositories().passwordResets.usableBy('one', now)).toBeNull();
    expect(await repositories().passwordResets.consume('other', now)).toBe(other.id);
  });
}
