import type { SocialType } from '@byline/domain/domain/types';

/**
 * Why a network sign-in did not prove a handle. The message is for the log (never a code, token or secret);
 * the route maps the class to what the journalist reads.
 */
export abstract class SignInError extends Error {
  constructor(
    readonly network: SocialType,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The network has no client id set: the portal offers the other proofs. */
export class SignInNotConfiguredError extends SignInError {}

/**
 * The provider could not be used: unreachable, timed out, an error status, discovery failed, Byline's client
 * refused, or an endpoint at an address Byline does not connect to. "X sign-in is not answering; try again later."
 */
export class SignInUnavailableError extends SignInError {}

export type SignInRefusal =
  'state-mismatch' | 'access-denied' | 'provider-error' | 'invalid-grant' | 'nonce-mismatch' | 'no-code';

/**
 * The callback does not complete this sign-in: another attempt's or a forged `state`, the journalist declined
 * (`error=access_denied`), a code already used or expired (`invalid_grant`, a replayed callback).
 */
export class SignInRefusedError extends SignInError {
  constructor(
    network: SocialType,
    readonly reason: SignInRefusal,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(network, message, options);
  }
}

/**
 * The provider answered, but not with a usable account: no username or account id where the settings say, or a
 * username the network's rules refuse, or a token or ID token that fails its checks.
 */
export class SignInAnswerError extends SignInError {}
