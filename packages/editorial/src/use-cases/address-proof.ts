import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '@byline/shared';
import type { Repositories } from '@byline/shared/store';
import { passwordMatches } from '../users/passwords';
import { EmailTakenError, type PortalUser } from '@byline/domain/users/users-repository';
import { linkTokenHash } from './password-reset';
import type { SignUpPurpose } from './sign-up-purpose';

/** How long a confirmation link works (once): a day, as sign-up mail may wait in a queue or a spam folder. */
export const CONFIRM_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The portal's page a confirmation link opens. */
export const CONFIRM_PATH = '/confirm-email';

/**
 * What an address reaches (an API account, invitations sent to it) is the owner's only: the user's address once
 * they proved they receive mail there, otherwise null. Every lookup by a user's address goes through here.
 */
export function provenAddress(user: Pick<PortalUser, 'email' | 'emailVerifiedAt'>): string | null {
  return user.emailVerifiedAt === null ? null : user.email;
}

/** What someone signed up for, carried in the link so that confirming leads on to it. */
export type ConfirmPurpose = SignUpPurpose;

export type ConfirmLinkOutcome =
  | { status: 'no-user' }
  | { status: 'proven'; email: string }
  | { status: 'issued'; email: string; link: string; expiresAt: string };

/**
 * A single-use link that proves the user receives mail at their address, valid a day, on the portal's public
 * address (never the request's Host): 32 random bytes in the link, only their hash stored. Nothing to send when
 * there is no such user or the address is proven already.
 */
export async function issueConfirmLink(
  { users, emailConfirmations }: Pick<Repositories, 'users' | 'emailConfirmations'>,
  rawEmail: string,
  publicPortalUrl: string,
  now: Date,
  purpose: ConfirmPurpose = 'journalist',
): Promise<ConfirmLinkOutcome> {
  const user = await users.findByEmail(normalizeEmail(rawEmail));
  if (!user) return { status: 'no-user' };
  if (user.emailVerifiedAt !== null) return { status: 'proven', email: user.email };
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CONFIRM_LINK_TTL_MS).toISOString();
  await emailConfirmations.create({ tokenHash: linkTokenHash(token), userId: user.id, expiresAt }, now);
  const forPurpose = purpose === 'journalist' ? '' : `&for=${purpose}`;
  return {
    status: 'issued',
    email: user.email,
    link: `${publicPortalUrl}${CONFIRM_PATH}?token=${token}${forPurpose}`,
    expiresAt,
  };
}

export type SignUpByMail = { status: 'created'; user: PortalUser } | { status: 'taken'; email: string };

/**
 * Sign-up on a portal with mail, run after the answer (which is the same page either way): a new address gets an
 * unproven user whose password alone does not sign in until the link proves the address (see signIn), a taken one is
 * left as it is (its owner is told). The password was hashed before the answer, so both cases cost the same there.
 */
export async function signUpByMail(
  { users }: Pick<Repositories, 'users'>,
  email: string,
  passwordHash: string,
  now: Date,
): Promise<SignUpByMail> {
  try {
    const user = await users.create({ email, passwordHash, role: 'journalist', signInAwaitsProof: true }, now);
    return { status: 'created', user };
  } catch (error) {
    if (error instanceof EmailTakenError) return { status: 'taken', email };
    throw error;
  }
}

/** The user a live confirmation link is for (its page names the address), or null when it is used, expired or unknown. */
export async function confirmationFor(
  { users, emailConfirmations }: Pick<Repositories, 'users' | 'emailConfirmations'>,
  token: string,
  now: Date,
): Promise<PortalUser | null> {
  const userId = await emailConfirmations.usableBy(linkTokenHash(token), now);
  const user = userId === null ? null : await users.findById(userId);
  if (!user) return null;
  const { passwordHash: _hash, ...plain } = user;
  return plain;
}

export type ConfirmOutcome = { ok: true; user: PortalUser } | { ok: false; reason: 'dead' | 'password' };

/**
 * Proves the address with the link and the account's password together. The link alone is not enough: whoever
 * signs up with someone else's address has that person's mailbox receive it, and a click there (or a mail scanner's
 * visit) must not hand the sign-up the address. With both, the person is the one who chose the password and reads
 * the mail, so they may be signed in. The link is used up, and the user's other links go.
 */
export async function confirmAddress(
  { users, emailConfirmations }: Pick<Repositories, 'users' | 'emailConfirmations'>,
  token: string,
  password: string,
  now: Date,
): Promise<ConfirmOutcome> {
  const tokenHash = linkTokenHash(token);
  const userId = await emailConfirmations.usableBy(tokenHash, now);
  const user = userId === null ? null : await users.findById(userId);
  if (!user) return { ok: false, reason: 'dead' };
  if (!(await passwordMatches(user.passwordHash, password))) return { ok: false, reason: 'password' };
  if ((await emailConfirmations.consume(tokenHash, now)) !== user.id) return { ok: false, reason: 'dead' };
  const at = now.toISOString();
  await users.markEmailVerified(user.id, at);
  await emailConfirmations.deleteOfUser(user.id);
  const { passwordHash: _hash, ...plain } = user;
  return { ok: true, user: { ...plain, emailVerifiedAt: plain.emailVerifiedAt ?? at } };
}
