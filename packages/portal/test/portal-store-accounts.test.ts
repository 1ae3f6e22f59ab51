import { portalStoreFactories, startPortal, type Portal } from './support/portal-harness';

/** The PortalStore's promises about one-time passwords, reset links and sessions, on both stores. */
describe.each(portalStoreFactories())('portal store: passwords and sessions ($name store)', (factory) => {
  let portal: Portal;
  beforeEach(async () => {
    portal = await startPortal(factory);
  });
  afterEach(() => portal.close());

  let n = 0;
  const now = new Date('2030-01-01T12:00:00.000Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  const user = (temporaryPasswordExpiresAt?: string) =>
    portal.portalStore.createUser({
      email: `store${++n}-${Date.now()}@example.org`,
      passwordHash: 'first-hash',
      role: 'editor',
      temporaryPasswordExpiresAt,
    });

  it('uses a one-time password once however many sign-ins race for it, and tells an expired one apart', async () => {
    const editor = await user(at(60));
    expect(editor.mustChangePassword).toBe(true);
    const outcomes = await Promise.all([1, 2, 3].map(() => portal.portalStore.useTemporaryPassword(editor.id, now, 'spent')));
    expect(outcomes.sort()).toEqual(['none', 'none', 'used']);
    expect(await portal.portalStore.findUserByEmail(editor.email)).toMatchObject({
      passwordHash: 'spent',
      mustChangePassword: true,
    });

    await portal.portalStore.setTemporaryPassword(editor.id, 'second-hash', at(-1));
    expect(await portal.portalStore.useTemporaryPassword(editor.id, now, 'spent')).toBe('expired');
    expect((await portal.portalStore.findUserByEmail(editor.email))?.passwordHash).toBe('second-hash');

    await portal.portalStore.setUserPassword(editor.id, 'own-hash');
    expect(await portal.portalStore.findUserByEmail(editor.email)).toMatchObject({
      passwordHash: 'own-hash',
      mustChangePassword: false,
    });
    expect(await portal.portalStore.useTemporaryPassword(editor.id, now, 'spent')).toBe('none');
    expect((await user()).mustChangePassword).toBe(false);
  });

  it('consumes a reset token once however many requests race for it, never when expired', async () => {
    const owner = await user();
    await portal.portalStore.createPasswordReset({ tokenHash: 'reset-a', userId: owner.id, expiresAt: at(60) });
    await portal.portalStore.createPasswordReset({ tokenHash: 'reset-b', userId: owner.id, expiresAt: at(60) });
    expect(await portal.portalStore.passwordResetUsable('reset-a', now)).toBe(true);
    expect(await portal.portalStore.passwordResetUsable('reset-a', new Date(at(61)))).toBe(false);
    expect(await portal.portalStore.consumePasswordReset('reset-a', new Date(at(61)))).toBeNull();
    expect(await portal.portalStore.passwordResetUsable('unknown', now)).toBe(false);

    const taken = await Promise.all([1, 2, 3].map(() => portal.portalStore.consumePasswordReset('reset-a', now)));
    expect(taken.sort()).toEqual([owner.id, null, null]);
    expect(await portal.portalStore.passwordResetUsable('reset-a', now)).toBe(false);

    // A password change makes every other link of the user useless.
    await portal.portalStore.deletePasswordResets(owner.id);
    expect(await portal.portalStore.consumePasswordReset('reset-b', now)).toBeNull();
  });

  it('takes a session flash once, and deletes a user’s other sessions only', async () => {
    const one = await user();
    const other = await user();
    const session = (tokenHash: string, userId: number) =>
      portal.portalStore.createSession({ tokenHash, userId, csrfToken: `csrf-${tokenHash}`, expiresAt: at(600) });
    await session('one-here', one.id);
    await session('one-there', one.id);
    await session('one-elsewhere', one.id);
    await session('other', other.id);

    await portal.portalStore.putSessionFlash('one-here', 'sealed-1');
    await portal.portalStore.putSessionFlash('one-here', 'sealed-2');
    const takes = await Promise.all([1, 2, 3].map(() => portal.portalStore.takeSessionFlash('one-here')));
    expect(takes.sort()).toEqual([null, null, 'sealed-2']);
    expect(await portal.portalStore.takeSessionFlash('unknown')).toBeNull();

    await portal.portalStore.deleteSessionsOfUser(one.id, 'one-here');
    const live = async (tokenHash: string) => (await portal.portalStore.findSession(tokenHash, now)) !== null;
    expect([await live('one-here'), await live('one-there'), await live('one-elsewhere'), await live('other')]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    await portal.portalStore.deleteSessionsOfUser(one.id);
    expect(await live('one-here')).toBe(false);
    expect(await live('other')).toBe(true);
  });
});
