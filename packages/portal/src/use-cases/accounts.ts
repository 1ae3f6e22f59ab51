import { EmailTakenError, normalizeEmail, randomBase62, type PortalStore, type PortalUser } from '@byline/shared';
import { decoyHash, hashPassword, passwordMatches } from '../auth/passwords';
import type { SignInThrottle } from '../auth/sign-in-throttle';

export type SignUpResult = { ok: true; user: PortalUser } | { ok: false; emailTaken: true };

export async function signUp(portalStore: PortalStore, email: string, password: string): Promise<SignUpResult> {
  try {
    const user = await portalStore.createUser({
      email: normalizeEmail(email),
      passwordHash: await hashPassword(password),
      role: 'journalist',
    });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof EmailTakenError) return { ok: false, emailTaken: true };
    throw error;
  }
}

export type SignInResult = { ok: true; user: PortalUser } | { ok: false; retryAfterSeconds?: number };

/** Checks the password; throttled per account and per client address, with the same work for unknown emails. */
export async function signIn(
  portalStore: PortalStore,
  throttle: SignInThrottle,
  input: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const wait = throttle.retryAfterSeconds(email, input.address);
  if (wait > 0) return { ok: false, retryAfterSeconds: wait };
  const user = await portalStore.findUserByEmail(email);
  const matches = await passwordMatches(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !matches) {
    throttle.recordFailure(email, input.address);
    return { ok: false };
  }
  throttle.recordSuccess(email);
  const { passwordHash: _hash, ...plain } = user;
  return { ok: true, user: plain };
}

export type CreateEditorResult =
  { status: 'promoted'; email: string } | { status: 'created'; email: string; temporaryPassword: string };

/**
 * `byline editors create --email EMAIL`: makes an existing user an editor, or creates the editor with a
 * temporary password (shown once) to be changed at first sign-in.
 */
export async function createEditor(portalStore: PortalStore, rawEmail: string): Promise<CreateEditorResult> {
  const email = normalizeEmail(rawEmail);
  if (await portalStore.setUserRole(email, 'editor')) return { status: 'promoted', email };
  const temporaryPassword = randomBase62(20);
  await portalStore.createUser({ email, passwordHash: await hashPassword(temporaryPassword), role: 'editor' });
  return { status: 'created', email, temporaryPassword };
}
