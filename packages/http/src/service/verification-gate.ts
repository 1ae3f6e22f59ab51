import { CredentialChecker } from '@byline/shared';
import { serviceRepositoriesOf } from '@byline/shared';
import { AllowedOrigins } from '../cors/allowed-origins';
import { inMemoryRateLimiting } from '../rate-limit-setup';
import type { VerificationGate } from '../verification-handler';
import type { ServiceDeps } from './service-app';

/**
 * What both verifiers check around an operation, from the service's deps: the caller's credential and rate
 * budget (the gate), and the web origins a CORS preflight allows. Built once per router, never per request.
 */
export function verificationGate({
  store,
  apiCredentials = serviceRepositoriesOf(store).apiCredentials,
  logger,
  authCacheTtlMs = 1000,
  now,
  rateLimiting,
}: ServiceDeps): { gate: VerificationGate; origins: AllowedOrigins } {
  // A revocation or suspension written to the store empties the credential cache at the next turn (see CredentialChecker).
  const changes = () => store.answersGeneration();
  return {
    gate: {
      checker: new CredentialChecker(apiCredentials, authCacheTtlMs, now, changes),
      limiting: rateLimiting ?? inMemoryRateLimiting({ usage: serviceRepositoriesOf(store).usage, logger }),
    },
    origins: new AllowedOrigins(apiCredentials, authCacheTtlMs, now),
  };
}
