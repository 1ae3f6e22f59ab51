import { backendOf } from '../backend/open-backend';
import type { Store } from '../store/store';
import { EmailTakenError, type NewPortalUser, type Users } from './users-repository';

/**
 * The promises of the Users port, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/users.test.ts.
 */
export function usersContract(factory: { create(): Promise<Store> }): void {
  let store: Store | undefined;
  let users: Users;
  beforeEach(async () => {
    store = await factory.create();
    users = backendOf(store).users;
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  let n = 0;
  const now = new Date('2030-01-01T12:00:00.000Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  const user = (temporaryPasswordExpiresAt?: string) =>
    users.create({
      email: `store${++n}-${Date.now()}@example.org`,
      passwordHash: 'first-hash',
      role: 'editor',
      temporaryPasswordExpiresAt,
    });

  it('creates a user found by email with its password hash, and refuses the email a second time', async () => {
    const given: NewPortalUser = { email: 'aoife@example.org', passwordHash: 'hash', role: 'journalist' };
    const created = await users.create(given);
    expect(created).toMatchObject({ email: 'aoife@example.org', role: 'journalist', profileId: null, mustChangePassword: false });
    expect(created).not.toHaveProperty('passwordHash');
    expect(await users.findByEmail('aoife@example.org')).toEqual({ ...created, passwordHash: 'hash' });
    expect(await users.findByEmail('nobody@example.org')).toBeNull();

    await expect(users.create({ ...given, role: 'editor' })).rejects.toBeInstanceOf(EmailTakenError);
    expect((await users.findByEmail('aoife@example.org'))?.role).toBe('journalist');
    expect((await users.create({ ...given, email: 'other@example.org' })).id).not.toBe(created.id);
  });

  it('changes the role of a user by email, and says when there is no such user', async () => {
    const one = await user();
    expect(await users.setRole(one.email, 'journalist')).toBe(true);
    expect((await users.findByEmail(one.email))?.role).toBe('journalist');
    expect(await users.setRole('nobody@example.org', 'editor')).toBe(false);
  });

  it('uses a one-time password once however many sign-ins race for it, and tells an expired one apart', async () => {
    const editor = await user(at(60));
    expect(editor.mustChangePassword).toBe(true);
    const outcomes = await Promise.all([1, 2, 3].map(() => users.useTemporaryPassword(editor.id, now, 'spent')));
    expect(outcomes.sort()).toEqual(['none', 'none', 'used']);
    expect(await users.findByEmail(editor.email)).toMatchObject({
      passwordHash: 'spent',
      mustChangePassword: true,
    });

    await users.setTemporaryPassword(editor.id, 'second-hash', at(-1));
    expect(await users.useTemporaryPassword(editor.id, now, 'spent')).toBe('expired');
    expect((await users.findByEmail(editor.email))?.passwordHash).toBe('second-hash');

    await users.setPassword(editor.id, 'own-hash');
    expect(await users.findByEmail(editor.email)).toMatchObject({
      passwordHash: 'own-hash',
      mustChangePassword: false,
    });
    expect(await users.useTemporaryPassword(editor.id, now, 'spent')).toBe('none');
    expect((await user()).mustChangePassword).toBe(false);
  });

  it('gives a reissued one-time password its own expiry, and uses it once', async () => {
    const editor = await user(at(-5));
    expect(await users.useTemporaryPassword(editor.id, now, 'spent')).toBe('expired');
    await users.setTemporaryPassword(editor.id, 'reissued-hash', at(30));
    expect(await users.findByEmail(editor.email)).toMatchObject({ passwordHash: 'reissued-hash', mustChangePassword: true });
    expect(await users.useTemporaryPassword(editor.id, new Date(at(31)), 'spent')).toBe('expired');
    expect(await users.useTemporaryPassword(editor.id, now, 'spent')).toBe('used');
    expect(await users.useTemporaryPassword(editor.id, now, 'spent-again')).toBe('none');
    expect((await users.findByEmail(editor.email))?.passwordHash).toBe('spent');
  });
}
