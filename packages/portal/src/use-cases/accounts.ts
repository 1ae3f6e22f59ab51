import { normalizeEmail, randomBase62, type ApiAccounts, type Publishers } from '@byline/shared';
import { EmailTakenError, type PortalUser, type Repositories, type Users } from '@byline/editorial';
import { decoyHash, hashPassword, passwordMatches } from '../auth/passwords';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import { provenAddress } from './address-proof';
import type { SignUpPurpose } from './sign-up-purpose';

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

export type SignInResult = { ok: true; user: PortalUser } | { ok: false; retryAfterSeconds?: number };

/**
 * Checks the password, with the same work for unknown emails. Throttled (SignInThrottle): per account and
 * client address, per address, and per account only by a capped delay, so nobody can lock the owner out.
 * A user made by sign-up with mail is refused as a wrong password is until their address is proven: sign-up
 * answers alike for a new and a taken address, and signing in with the password one chose must not tell them apart.
 */
export async function signIn(
  users: Users,
  throttle: SignInThrottle,
  input: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const wait = await throttle.attempt(email, input.address);
  if (wait > 0) return { ok: false, retryAfterSeconds: wait };
  let user;
  let matches;
  try {
    user = await users.findByEmail(email);
    matches = await passwordMatches(user?.passwordHash ?? (await decoyHash()), input.password);
  } catch (error) {
    await throttle.notChecked(email, input.address);
    throw error;
  }
  if (!user || !matches || (user.signInAwaitsProof && user.emailVerifiedAt === null)) {
    await throttle.failed(email);
    return { ok: false };
  }
  await throttle.succeeded(email, input.address);
  const { passwordHash: _hash, ...plain } = user;
  return { ok: true, user: plain };
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

/**
 * Where a user lands after sign-in when no page asked for it: editors on the verification queue; someone who came
 * for API keys (an API account at their proven address and no journalist profile) on API settings; a journalist
 * on their profile.
 */
export async function landingPage(
  { apiAccounts, publishers }: { apiAccounts: Pick<ApiAccounts, 'findAccount'>; publishers: Pick<Publishers, 'administeredBy'> },
  user: Pick<PortalUser, 'id' | 'role' | 'profileId' | 'email' | 'emailVerifiedAt'>,
): Promise<string> {
  if (user.role === 'editor') return '/editor/queue';
  if (user.profileId !== null) return '/profile';
  // Someone here for their outlet: its page (or the list, when they run several), not a journalist's profile form.
  const administered = await publishers.administeredBy(user.id);
  if (administered.length === 1) return `/publishers/${administered[0]!.slug}`;
  if (administered.length > 1) return PUBLISHERS_PATH;
  const address = provenAddress(user);
  if (address !== null && (await apiAccounts.findAccount(address))) return API_SETTINGS_PATH;
  return '/profile';
}

export const PUBLISHERS_PATH = '/publishers';

export const API_SETTINGS_PATH = '/settings/api';

/**
 * After sign-up (or the address's confirmation): an API user's account opened `at` and API settings next; a
 * journalist's profile form next. An unproven address opens nothing: API settings then say how to prove it.
 */
export async function startAs(
  apiAccounts: Pick<ApiAccounts, 'openAccount'>,
  user: PortalUser,
  purpose: SignUpPurpose,
  at: Date,
): Promise<string> {
  if (purpose === 'journalist') return '/profile';
  // The publishers page's form creates the outlet; its page (domains, verification) follows.
  if (purpose === 'publisher') return PUBLISHERS_PATH;
  const address = provenAddress(user);
  if (address !== null) await apiAccounts.openAccount(address, at);
  return API_SETTINGS_PATH;
}
