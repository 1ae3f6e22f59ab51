import { normalizeEmail, randomBase62 } from '@byline/shared';
import type { Repositories } from '@byline/shared/store';
import { decoyHash, hashPassword } from '../users/passwords';
import { EmailTakenError, type PortalUser, type Users } from '@byline/domain/users/users-repository';
import { provenAddress } from './address-proof';

export type SignUpResult = { ok: true; user: PortalUser } | { ok: false; emailTaken: true };

export async function signUp(users: Users, email: string, password: string, now: Date): Promise<SignUpResult> {
  try {
    const user = await users.create(
      { email: normalizeEmail(email), passwordHash: await hashPassword(password), role: 'journalist' },
      now,
    );
    return { ok: true, user };
  } catch (error) {
    if (error instanceof EmailTakenError) return { ok: false, emailTaken: true };
    throw error;
  }
}

/** How long the one-time password `byline editors create` prints works (once). */
export const TEMPORARY_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;

export type CreateEditorResult =
  | { status: 'promoted'; email: string }
  | { status: 'unproven'; email: string }
  | { status: 'created' | 'reissued'; email: string; temporaryPassword: string; expiresAt: string };

/**
 * `byline editors create --email EMAIL`: makes an existing user an editor, or creates the editor with a
 * one-time password (shown once, valid 24 hours, signs in once, then must be changed). A user who never chose
 * their own password gets a fresh one-time password instead, and the earlier one stops working. The operator
 * names the address, so a user it makes or reissues counts as proven. An existing user whose address is not
 * proven is left as they are ('unproven'): anyone can sign up with the address the operator will name, so only
 * its owner's account may be promoted, once they have confirmed it.
 */
export async function createEditor(users: Users, rawEmail: string, now = new Date()): Promise<CreateEditorResult> {
  const email = normalizeEmail(rawEmail);
  const existing = await users.findByEmail(email);
  if (existing && !existing.mustChangePassword) {
    if (provenAddress(existing) === null) return { status: 'unproven', email };
    await users.setRole(email, 'editor');
    return { status: 'promoted', email };
  }
  const temporaryPassword = randomBase62(20);
  const passwordHash = await hashPassword(temporaryPassword);
  const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_TTL_MS).toISOString();
  if (existing) {
    await users.setTemporaryPassword(existing.id, passwordHash, expiresAt);
    await users.markEmailVerified(existing.id, now.toISOString());
    await users.setRole(email, 'editor');
    return { status: 'reissued', email, temporaryPassword, expiresAt };
  }
  await users.create(
    {
      email,
      passwordHash,
      role: 'editor',
      temporaryPasswordExpiresAt: expiresAt,
      emailVerifiedAt: now.toISOString(),
    },
    now,
  );
  return { status: 'created', email, temporaryPassword, expiresAt };
}

export type OneTimeSignIn = 'not-one-time' | 'used' | 'expired' | 'already-used';

/**
 * After signIn accepted the password of a user who must change it: that was their one-time password (or
 * nothing, once it is used up). Uses it up now, so it never signs in again.
 */
export async function useOneTimePassword(users: Users, user: PortalUser, now: Date): Promise<OneTimeSignIn> {
  if (!user.mustChangePassword) return 'not-one-time';
  const use = await users.useTemporaryPassword(user.id, now, await decoyHash());
  return use === 'none' ? 'already-used' : use;
}

/** The user's own new password; every other session of theirs ends (the one given stays). */
export async function setOwnPassword(
  { users, sessions, passwordResets }: Pick<Repositories, 'users' | 'sessions' | 'passwordResets'>,
  userId: number,
  password: string,
  keepSessionTokenHash: string | undefined,
): Promise<void> {
  await users.setPassword(userId, await hashPassword(password));
  await sessions.deleteOfUser(userId, keepSessionTokenHash);
  await passwordResets.deleteOfUser(userId);
}
