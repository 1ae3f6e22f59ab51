import { freshRepositoriesPerTest, profileFields, type StoreFactory } from '@byline/test-support';
import { EmailTakenError, type NewPortalUser, type PortalUser, type Users } from '@byline/domain/users/users-repository';

/** The time the contracts of a user's records take as now, and `minutes` after it (before it, when negative). */
export const CONTRACT_NOW = new Date('2030-01-01T12:00:00.000Z');
export const minutesAfterNow = (minutes: number) => new Date(CONTRACT_NOW.getTime() + minutes * 60_000).toISOString();

let made = 0;
/** An editor with an email no other user has, for the contracts of what belongs to a user. */
export const newUser = (users: Users, temporaryPasswordExpiresAt?: string): Promise<PortalUser> =>
  users.create(
    {
      email: `store${++made}-${Date.now()}@example.org`,
      passwordHash: 'first-hash',
      role: 'editor',
      temporaryPasswordExpiresAt,
    },
    CONTRACT_NOW,
  );

/**
 * The promises of the Users port, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/users.test.ts.
 */
export function usersContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const now = CONTRACT_NOW;
  const at = minutesAfterNow;
  const user = (temporaryPasswordExpiresAt?: string) => newUser(repositories().users, temporaryPasswordExpiresAt);

  it('creates a user found by email with its password hash, and refuses the email a second time', async () => {
    const given: NewPortalUser = { email: 'aoife@example.org', passwordHash: 'hash', role: 'journalist' };
    const created = await repositories().users.create(given, now);
    expect(created).toMatchObject({
      email: 'aoife@example.org',
      role: 'journalist',
      profileId: null,
      mustChangePassword: false,
      createdAt: now.toISOString(),
    });
    expect(created).not.toHaveProperty('passwordHash');
    expect(await repositories().users.findByEmail('aoife@example.org')).toEqual({ ...created, passwordHash: 'hash' });
    expect(await repositories().users.findByEmail('nobody@example.org')).toBeNull();
    expect(await repositories().users.findById(created.id)).toEqual({ ...created, passwordHash: 'hash' });
    expect(await repositories().users.findById(999_999)).toBeNull();

    await expect(repositories().users.create({ ...given, role: 'editor' }, now)).rejects.toBeInstanceOf(EmailTakenError);
    expect((await repositories().users.findByEmail('aoife@example.org'))?.role).toBe('journalist');
    expect((await repositories().users.create({ ...given, email: 'other@example.org' }, now)).id).not.toBe(created.id);
  });

  it('changes the role of a user by email, and says when there is no such user', async () => {
    const one = await user();
    expect(await repositories().users.setRole(one.email, 'journalist')).toBe(true);
    expect((await repositories().users.findByEmail(one.email))?.role).toBe('journalist');
    expect(await repositories().users.setRole('nobody@example.org', 'editor')).toBe(false);
  });

  it('uses a one-time password once however many sign-ins race for it, and tells an expired one apart', async () => {
    const editor = await user(at(60));
    expect(editor.mustChangePassword).toBe(true);
    const outcomes = await Promise.all([1, 2, 3].map(() => repositories().users.useTemporaryPassword(editor.id, now, 'spent')));
    expect(outcomes.sort()).toEqual(['none', 'none', 'used']);
    expect(await repositories().users.findByEmail(editor.email)).toMatchObject({
      passwordHash: 'spent',
      mustChangePassword: true,
    });

    await repositories().users.setTemporaryPassword(editor.id, 'second-hash', at(-1));
    expect(await repositories().users.useTemporaryPassword(editor.id, now, 'spent')).toBe('expired');
    expect((await repositories().users.findByEmail(editor.email))?.passwordHash).toBe('second-hash');

    await repositories().users.setPassword(editor.id, 'own-hash');
    expect(await repositories().users.findByEmail(editor.email)).toMatchObject({
      passwordHash: 'own-hash',
      mustChangePassword: false,
    });
    expect(await repositories().users.useTemporaryPassword(editor.id, now, 'spent')).toBe('none');
    expect((await user()).mustChangePassword).toBe(false);
  });

  it('gives a reissued one-time password its own expiry, and uses it once', async () => {
    const editor = await user(at(-5));
    expect(await repositories().users.useTemporaryPassword(editor.id, now, 'spent')).toBe('expired');
    await repositories().users.setTemporaryPassword(editor.id, 'reissued-hash', at(30));
    expect(await repositories().users.findByEmail(editor.email)).toMatchObject({
      passwordHash: 'reissued-hash',
      mustChangePassword: true,
    });
    expect(await repositories().users.useTemporaryPassword(editor.id, new Date(at(31)), 'spent')).toBe('expired');
    expect(await repositories().users.useTemporaryPassword(editor.id, now, 'spent')).toBe('used');
    expect(await repositories().users.useTemporaryPassword(editor.id, now, 'spent-again')).toBe('none');
    expect((await repositories().users.findByEmail(editor.email))?.passwordHash).toBe('spent');
  });

  it('removes a user with their sessions and reset links, and nobody else', async () => {
    const leaving = await user();
    const staying = await user();
    const later = '2099-01-01T00:00:00.000Z';
    for (const one of [leaving, staying]) {
      await repositories().sessions.create(
        { tokenHash: `session-${one.id}`, userId: one.id, csrfToken: 'c', expiresAt: later },
        now,
      );
      await repositories().passwordResets.create({ tokenHash: `reset-${one.id}`, userId: one.id, expiresAt: later }, now);
    }
    const today = new Date();

    expect(await repositories().users.remove(leaving.id)).toBe(true);
    expect(await repositories().users.findByEmail(leaving.email)).toBeNull();
    expect(await repositories().sessions.find(`session-${leaving.id}`, today)).toBeNull();
    expect(await repositories().passwordResets.usableBy(`reset-${leaving.id}`, today)).toBeNull();
    expect(await repositories().users.remove(leaving.id)).toBe(false);

    expect(await repositories().users.findByEmail(staying.email)).not.toBeNull();
    expect((await repositories().sessions.find(`session-${staying.id}`, today))?.user.id).toBe(staying.id);
    expect(await repositories().passwordResets.usableBy(`reset-${staying.id}`, today)).not.toBeNull();
  });

  it('keeps an address unproven until proven, then the first proof time; a user the operator makes is proven', async () => {
    const joined = await user();
    expect(joined.emailVerifiedAt).toBeNull();
    expect(await repositories().users.markEmailVerified(joined.id, at(1))).toBe(true);
    expect((await repositories().users.findByEmail(joined.email))?.emailVerifiedAt).toBe(at(1));
    expect(await repositories().users.markEmailVerified(joined.id, at(2))).toBe(true);
    expect((await repositories().users.findByEmail(joined.email))?.emailVerifiedAt).toBe(at(1));
    expect(await repositories().users.markEmailVerified(999_999, at(1))).toBe(false);

    const made = await repositories().users.create(
      {
        email: `made-${Date.now()}@example.org`,
        passwordHash: 'h',
        role: 'editor',
        emailVerifiedAt: at(0),
      },
      now,
    );
    expect(made).toMatchObject({ emailVerifiedAt: at(0), signInAwaitsProof: false });
    expect((await repositories().users.findByEmail(made.email))?.emailVerifiedAt).toBe(at(0));
    const waiting = await repositories().users.create(
      {
        email: `waiting-${Date.now()}@example.org`,
        passwordHash: 'h',
        role: 'journalist',
        signInAwaitsProof: true,
      },
      now,
    );
    expect(waiting).toMatchObject({ emailVerifiedAt: null, signInAwaitsProof: true });
    expect(await repositories().users.findById(waiting.id)).toMatchObject({ signInAwaitsProof: true });
  });

  it('finds the owner of a profile', async () => {
    const owner = await repositories().users.create(
      {
        email: `owner-${Date.now()}@example.org`,
        passwordHash: 'h',
        role: 'journalist',
      },
      now,
    );
    const profile = await repositories().profiles.save(
      owner.id,
      profileFields({ profile_first_name: 'Owner', profile_last_name: '' }),
      'owner',
    );
    expect((await repositories().users.findByProfileId(profile.id))?.email).toBe(owner.email);
    expect(await repositories().users.findByProfileId(999_999)).toBeNull();
  });
}
