import { backendOf } from '../backend/open-backend';
import type { Store } from '../store/store';
import type { Users } from '../users/users-repository';
import type { PasswordResets } from './password-resets-repository';

/**
 * The promises of the PasswordResets port, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/password-resets.test.ts.
 */
export function passwordResetsContract(factory: { create(): Promise<Store> }): void {
  let store: Store | undefined;
  let users: Users;
  let resets: PasswordResets;
  beforeEach(async () => {
    store = await factory.create();
    ({ users, passwordResets: resets } = backendOf(store));
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  let n = 0;
  const now = new Date('2030-01-01T12:00:00.000Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  const user = () => users.create({ email: `store${++n}-${Date.now()}@example.org`, passwordHash: 'first-hash', role: 'editor' });

  it('consumes a reset token once however many requests race for it, never when expired', async () => {
    const owner = await user();
    await resets.create({ tokenHash: 'reset-a', userId: owner.id, expiresAt: at(60) });
    await resets.create({ tokenHash: 'reset-b', userId: owner.id, expiresAt: at(60) });
    expect(await resets.usable('reset-a', now)).toBe(true);
    expect(await resets.usable('reset-a', new Date(at(61)))).toBe(false);
    expect(await resets.consume('reset-a', new Date(at(61)))).toBeNull();
    expect(await resets.usable('unknown', now)).toBe(false);

    const taken = await Promise.all([1, 2, 3].map(() => resets.consume('reset-a', now)));
    expect(taken.sort()).toEqual([owner.id, null, null]);
    expect(await resets.usable('reset-a', now)).toBe(false);

    // A password change makes every other link of the user useless.
    await resets.deleteOfUser(owner.id);
    expect(await resets.consume('reset-b', now)).toBeNull();
  });

  it('forgets the links of one user only', async () => {
    const one = await user();
    const other = await user();
    await resets.create({ tokenHash: 'one', userId: one.id, expiresAt: at(60) });
    await resets.create({ tokenHash: 'other', userId: other.id, expiresAt: at(60) });
    await resets.deleteOfUser(one.id);
    expect(await resets.usable('one', now)).toBe(false);
    expect(await resets.consume('other', now)).toBe(other.id);
  });
}
