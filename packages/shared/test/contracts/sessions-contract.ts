import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import { CONTRACT_NOW, minutesAfterNow, newUser } from './users-contract';

/**
 * The promises of the Sessions port, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/sessions.test.ts.
 */
export function sessionsContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const now = CONTRACT_NOW;
  const at = minutesAfterNow;
  const user = () => newUser(repositories().users);
  const session = (tokenHash: string, userId: number, expiresAt = at(600)) =>
    repositories().sessions.create({ tokenHash, userId, csrfToken: `csrf-${tokenHash}`, expiresAt }, now);

  it('finds a live session with its user and CSRF token, never an expired or ended one', async () => {
    const one = await user();
    await session('live', one.id, at(10));
    const { passwordHash: _hash, ...plain } = (await repositories().users.findByEmail(one.email))!;
    expect(await repositories().sessions.find('live', now)).toEqual({ user: plain, csrfToken: 'csrf-live', expiresAt: at(10) });
    expect(await repositories().sessions.find('live', new Date(at(10)))).toBeNull();
    expect(await repositories().sessions.find('unknown', now)).toBeNull();

    // A session made once the first has expired sweeps it.
    await repositories().sessions.create(
      { tokenHash: 'next', userId: one.id, csrfToken: 'c', expiresAt: at(20) },
      new Date(at(10)),
    );
    expect(await repositories().sessions.find('live', now)).toBeNull();
    expect(await repositories().sessions.find('next', now)).not.toBeNull();

    await repositories().sessions.delete('live');
    expect(await repositories().sessions.find('live', now)).toBeNull();
    await expect(repositories().sessions.delete('live')).resolves.toBeUndefined();
  });

  it('shows the user as they are now: a role changed after sign-in', async () => {
    const one = await user();
    await session('role', one.id);
    await repositories().users.setRole(one.email, 'journalist');
    expect((await repositories().sessions.find('role', now))?.user.role).toBe('journalist');
  });

  it('takes a session flash once, and deletes a user’s other sessions only', async () => {
    const one = await user();
    const other = await user();
    await session('one-here', one.id);
    await session('one-there', one.id);
    await session('one-elsewhere', one.id);
    await session('other', other.id);

    await repositories().sessions.putFlash('one-here', 'sealed-1');
    await repositories().sessions.putFlash('one-here', 'sealed-2');
    const takes = await Promise.all([1, 2, 3].map(() => repositories().sessions.takeFlash('one-here')));
    expect(takes.sort()).toEqual([null, null, 'sealed-2']);
    expect(await repositories().sessions.takeFlash('unknown')).toBeNull();

    await repositories().sessions.deleteOfUser(one.id, 'one-here');
    const live = async (tokenHash: string) => (await repositories().sessions.find(tokenHash, now)) !== null;
    expect([await live('one-here'), await live('one-there'), await live('one-elsewhere'), await live('other')]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    await repositories().sessions.deleteOfUser(one.id);
    expect(await live('one-here')).toBe(false);
    expect(await live('other')).toBe(true);
  });

  it('keeps a flash for its own session only, and nothing is left once it is taken', async () => {
    const one = await user();
    await session('mine', one.id);
    await session('yours', one.id);
    await repositories().sessions.putFlash('mine', 'sealed');
    expect(await repositories().sessions.takeFlash('yours')).toBeNull();
    expect(await repositories().sessions.takeFlash('mine')).toBe('sealed');
    expect(await repositories().sessions.takeFlash('mine')).toBeNull();
    await repositories().sessions.putFlash('no-such-session', 'sealed');
    expect(await repositories().sessions.takeFlash('no-such-session')).toBeNull();
  });
}
