import { freshBackendPerTest, type StoreFactory } from '@byline/test-support';
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
  const backend = freshBackendPerTest(factory);
  const now = CONTRACT_NOW;
  const at = minutesAfterNow;
  const user = (temporaryPasswordExpiresAt?: string) => newUser(backend().users, temporaryPasswordExpiresAt);

  it('creates a user found by email with its password hash, and refuses the email a second time', async () => {
    const given: NewPortalUser = { email: 'aoife@example.org', passwordHash: 'hash', role: 'journalist' };
    const created = await backend().users.create(given, now);
    expect(created).toMatchObject({
      email: 'aoife@example.org',
      role: 'journalist',
      profileId: null,
      mustChangePassword: false,
      createdAt: now.toISOString(),
    });
    expect(created).not.toHaveProperty('passwordHash');
    expect(await backend().users.findByEmail('aoife@example.org')).toEqual({ ...created, passwordHash: 'hash' });
    expect(await backend().users.findByEmail('nobody@example.org')).toBeNull();
    expect(await backend().users.findById(created.id)).toEqual({ ...created, passwordHash: 'hash' });
    expect(await backend().users.findById(999_999)).toBeNull();

    await expect(backend().users.create({ ...given, role: 'editor' }, now)).rejects.toBeInstanceOf(EmailTakenError);
    expect((await backend().users.findByEmail('aoife@example.org'))?.role).toBe('journalist');
    expect((await backend().users.create({ ...given, email: 'other@example.org' }, now)).id).not.toBe(created.id);
  });

  it('changes the role of a user by email, and says when there is no such user', async () => {
    const one = await user();
    expect(await backend().users.setRole(one.email, 'journalist')).toBe(true);
    expect((await backend().users.findByEmail(one.email))?.role).toBe('journalist');
    expect(await backend().users.setRole('nobody@example.org', 'editor')).toBe(false);
  });

  it('uses a one-time password once however many sign-ins race for it, and tells an expired one apart', async () => {
    const editor = await user(at(60));
    expect(editor.mustChangePassword).toBe(true);
    const outcomes = await Promise.all([1, 2, 3].map(() => backend().users.useTemporaryPassword(editor.id, now, 'spent')));
    expect(outcomes.sort()).toEqual(['none', 'none', 'used']);
    expect(await backend().users.findByEmail(editor.email)).toMatchObject({
      passwordHash: 'spent',
      mustChangePassword: true,
    });

    await backend().users.setTemporaryPassword(editor.id, 'second-hash', at(-1));
    expect(await backend().users.useTemporaryPassword(editor.id, now, 'spent')).toBe('expired');
    expect((await backend().users.findByEmail(editor.email))?.passwordHash).toBe('second-hash');

    await backend().users.setPassword(editor.id, 'own-hash');
    expect(await backend().users.findByEmail(editor.email)).toMatchObject({
      passwordHash: 'own-hash',
      mustChangePassword: false,
    });
    expect(await backend().users.useTemporaryPassword(editor.id, now, 'spent')).toBe('none');
    expect((await user()).mustChangePassword).toBe(false);
  });

  it('gives a reissued one-time password its own expiry, and uses it once', async () => {
    const editor = await user(at(-5));
    expect(await backend().users.useTemporaryPassword(editor.id, now, 'spent')).toBe('expired');
    await backend().users.setTemporaryPassword(editor.id, 'reissued-hash', at(30));
    expect(await backend().users.findByEmail(editor.email)).toMatchObject({
      passwordHash: 'reissued-hash',
      mustChangePassword: true,
    });
    expect(await backend().users.useTemporaryPassword(editor.id, new Date(at(31)), 'spent')).toBe('expired');
    expect(await backend().users.useTemporaryPassword(editor.id, now, 'spent')).toBe('used');
    expect(await backend().users.useTemporaryPassword(editor.id, now, 'spent-again')).toBe('none');
    expect((await backend().users.findByEmail(editor.email))?.passwordHash).toBe('spent');
  });

  it('removes a user with their sessions and reset links, and nobody else', async () => {
    const leaving = await user();
    const staying = await user();
    const later = '2099-01-01T00:00:00.000Z';
    for (const one of [leaving, staying]) {
      await backend().sessions.create({ tokenHash: `session-${one.id}`, userId: one.id, csrfToken: 'c', expiresAt: later }, now);
      await backend().passwordResets.create({ tokenHash: `reset-${one.id}`, userId: one.id, expiresAt: later }, now);
    }
    const today = new Date();

    expect(await backend().users.remove(leaving.id)).toBe(true);
    expect(await backend().users.findByEmail(leaving.email)).toBeNull();
    expect(await backend().sessions.find(`session-${leaving.id}`, today)).toBeNull();
    expect(await backend().passwordResets.usable(`reset-${leaving.id}`, today)).toBe(false);
    expect(await backend().users.remove(leaving.id)).toBe(false);

    expect(await backend().users.findByEmail(staying.email)).not.toBeNull();
    expect((await backend().sessions.find(`session-${staying.id}`, today))?.user.id).toBe(staying.id);
    expect(await backend().passwordResets.usable(`reset-${staying.id}`, today)).toBe(true);
  });

  it('keeps an address unproven until proven, then the first proof time; a user the operator makes is proven', async () => {
    const joined = await user();
    expect(joined.emailVerifiedAt).toBeNull();
    expect(await backend().users.markEmailVerified(joined.id, at(1))).toBe(true);
    expect((await backend().users.findByEmail(joined.email))?.emailVerifiedAt).toBe(at(1));
    expect(await backend().users.markEmailVerified(joined.id, at(2))).toBe(true);
    expect((await backend().users.findByEmail(joined.email))?.emailVerifiedAt).toBe(at(1));
    expect(await backend().users.markEmailVerified(999_999, at(1))).toBe(false);

    const made = await backend().users.create(
      {
        email: `made-${Date.now()}@example.org`,
        passwordHash: 'h',
        role: 'editor',
        emailVerifiedAt: at(0),
      },
      now,
    );
    expect(made).toMatchObject({ emailVerifiedAt: at(0), signInAwaitsProof: false });
    expect((await backend().users.findByEmail(made.email))?.emailVerifiedAt).toBe(at(0));
    const waiting = await backend().users.create(
      {
        email: `waiting-${Date.now()}@example.org`,
        passwordHash: 'h',
        role: 'journalist',
        signInAwaitsProof: true,
      },
      now,
    );
    expect(waiting).toMatchObject({ emailVerifiedAt: null, signInAwaitsProof: true });
    expect(await backend().users.findById(waiting.id)).toMatchObject({ signInAwaitsProof: true });
  });

  it('finds the owner of a profile', async () => {
    const owner = await backend().users.create(
      {
        email: `owner-${Date.now()}@example.org`,
        passwordHash: 'h',
        role: 'journalist',
      },
      now,
    );
    const profile = await backend().profiles.save(
      owner.id,
      {
        profile_first_name: 'Owner',
        profile_last_name: '',
        profile_title: '',
        profile_bio: '',
        profile_employer: '',
        profile_residing: '',
        profile_image: '',
        profile_social_profiles: { twitter: '', facebook: '', linkedin: '', instagram: '' },
        user_location: '',
        user_city: '',
      },
      'owner',
    );
    expect((await backend().users.findByProfileId(profile.id))?.email).toBe(owner.email);
    expect(await backend().users.findByProfileId(999_999)).toBeNull();
  });
}
