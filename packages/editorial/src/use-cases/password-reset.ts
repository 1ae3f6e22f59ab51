import { createHash, randomBytes } from 'node:crypto';
import { normalizeEmail } from '@byline/shared';
import type { Repositories } from '@byline/shared/store';
import type { PasswordResets } from '@byline/domain/password-resets/password-resets-repository';
import { hashPassword } from '../users/passwords';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const RESET_PATH = '/reset-password';

/** The stored form of a link's token: a SHA-256 is enough for 256 random bits, and nothing to brute-force. */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface ResetLink {
  email: string;
  link: string;
  expiresAt: string;
}

/**
 * A single-use link to choose a new password, valid one hour, on the portal's public address (never the
 * request's Host): 32 random bytes in the link, only their hash stored. null when no user has this email.
 */
export async function issueResetLink(
  { users, passwordResets }: Pick<Repositories, 'users' | 'passwordResets'>,
  rawEmail: string,
  publicPortalUrl: string,
  now: Date,
): Promise<ResetLink | null> {
  const user = await users.findByEmail(normalizeEmail(rawEmail));
  if (!user) return null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS).toISOString();
  await passwordResets.create({ tokenHash: linkTokenHash(token), userId: user.id, expiresAt }, now);
  return { email: user.email, link: `${publicPortalUrl}${RESET_PATH}?token=${token}`, expiresAt };
}

export async function resetLinkUsable(passwordResets: PasswordResets, token: string, now: Date): Promise<boolean> {
  return (await passwordResets.usableBy(linkTokenHash(token), now)) !== null;
}

/**
 * Sets the new password if the link is still unused and unexpired, using it up; then the user's other links
 * and every session of theirs end. false when the link is used, expired or unknown. The link came to the user's
 * address (or from the operator, who vouches for it), so using it proves the address too.
 */
export async function resetPassword(
  { users, sessions, passwordResets }: Pick<Repositories, 'users' | 'sessions' | 'passwordResets'>,
  token: string,
  password: string,
  now: Date,
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const userId = await passwordResets.consume(linkTokenHash(token), now);
  if (userId === null) return false;
  await users.setPassword(userId, passwordHash);
  await users.markEmailVerified(userId, now.toISOString());
  await sessions.deleteOfUser(userId);
  await passwordResets.deleteOfUser(userId);
  return true;
}
