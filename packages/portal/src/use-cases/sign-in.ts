import { normalizeEmail } from '@byline/shared';
import { type ApiAccounts } from '@byline/domain/api-accounts/api-accounts-repository';
import { type Publishers } from '@byline/domain/publishers/publishers-repository';
import { decoyHash, passwordMatches } from '@byline/editorial/users/passwords';
import { provenAddress } from '@byline/editorial/use-cases/address-proof';
import { type PortalUser, type Users } from '@byline/domain/users/users-repository';
import { type SignUpPurpose } from '@byline/editorial/use-cases/sign-up-purpose';
import type { SignInThrottle } from '../auth/sign-in-throttle';

/*
 * Signing in and where a person goes next: the portal's own, as they need its sign-in throttle and its pages'
 * addresses (the accounts' other use cases are in @byline/editorial, which the CLI uses too).
 */

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
