import { backendOf } from '../backend/open-backend';
import type { Store } from '../store/store';
import type { Users } from '../users/users-repository';
import type { Sessions } from './sessions-repository';

/**
 * The promises of the Sessions port, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/sessions.test.ts.
 */
export function sessionsContract(factory: { create(): Promise<Store> }): void {
  let store: Store | undefined;
  let users: Users;
  let sessions: Sessions;
  beforeEach(async () => {
    store = await factory.create();
    ({ users, sessions } = backendOf(store));
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  let n = 0;
  const now = new Date('2030-01-01T12:00:00.000Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  const user = () => users.create({ email: `store${++n}-${Date.now()}@example.org`, passwordHash: 'first-hash', role: 'editor' });
  const session = (tokenHash: string, userId: number, expiresAt = at(600)) =>
    sessions.create({ tokenHash, userId, csrfToken: `csrf-${tokenHash}`, expiresAt });

  it('finds a live session with its user and CSRF token, never an expired or ended one', async () => {
    const one = await user();
    await session('live', one.id, at(10));
    const { passwordHash: _hash, ...plain } = (await users.findByEmail(one.email))!;
    expect(await sessions.find('live', now)).toEqual({ user: plain, csrfToken: 'csrf-live', expiresAt: at(10) });
    expect(await sessions.find('live', new Date(at(10)))).toBeNull();
    expect(await sessions.find('unknown', now)).toBeNull();

    await sessions.delete('live');
    expect(await sessions.find('live', now)).toBeNull();
    await expect(sessions.delete('live')).resolves.toBeUndefined();
  });

  it('shows the user as they are now: a role changed after sign-in', async () => {
    const one = await user();
    await session('role', one.id);
    await users.setRole(one.email, 'journalist');
    expect((await sessions.find('role', now))?.user.role).toBe('journalist');
  });

  it('takes a session flash once, and deletes a user’s other sessions only', async () => {
    const one = await user();
    const other = await user();
    await session('one-here', one.id);
    await session('one-there', one.id);
    await session('one-elsewhere', one.id);
    await session('other', other.id);

    await sessions.putFlash('one-here', 'sealed-1');
    await sessions.putFlash('one-here', 'sealed-2');
    const takes = await Promise.all([1, 2, 3].map(() => sessions.takeFlash('one-here')));
    expect(takes.sort()).toEqual([null, null, 'sealed-2']);
    expect(await sessions.takeFlash('unknown')).toBeNull();

    await sessions.deleteOfUser(one.id, 'one-here');
    const live = async (tokenHash: string) => (await sessions.find(tokenHash, now)) !== null;
    expect([await live('one-here'), await live('one-there'), await live('one-elsewhere'), await live('other')]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    await sessions.deleteOfUser(one.id);
    expect(await live('one-here')).toBe(false);
    expect(await live('other')).toBe(true);
  });

  it('keeps a flash for its own session only, and nothing is left once it is taken', async () => {
    const one = await user();
    await session('mine', one.id);
    await session('yours', one.id);
    await sessions.putFlash('mine', 'sealed');
    expect(await sessions.takeFlash('yours')).toBeNull();
    expect(await sessions.takeFlash('mine')).toBe('sealed');
    expect(await sessions.takeFlash('mine')).toBeNull();
    await sessions.putFlash('no-such-session', 'sealed');
    expect(await sessions.takeFlash('no-such-session')).toBeNull();
  });
}
