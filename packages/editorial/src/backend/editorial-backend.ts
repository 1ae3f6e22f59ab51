import type { Backend as StoreBackend, Repositories as StoreRepositories } from '@byline/shared/storage';
import type { AttributionDomains } from '@byline/domain/attribution-domains/attribution-domains-repository';
import type { EmailConfirmations } from '@byline/domain/email-confirmations/email-confirmations-repository';
import type { PasswordResets } from '@byline/domain/password-resets/password-resets-repository';
import type { ProofAttemptStore } from '@byline/domain/proofs/proof-attempts';
import type { Sessions } from '@byline/domain/sessions/sessions-repository';
import type { Users } from '@byline/domain/users/users-repository';

/**
 * The repositories only the portal, CLI and worker use, registered here rather than in @byline/shared so that the
 * verifiers never load them. Adding one: its port and adapters in its own folder here, one line in this interface
 * and one in each of sqlite-editorial-repositories.ts and mongo-editorial-repositories.ts.
 */
export interface EditorialRepositories {
  users: Users;
  sessions: Sessions;
  passwordResets: PasswordResets;
  /** Links that prove a user receives mail at their address. */
  emailConfirmations: EmailConfirmations;
  /** Network sign-ins in progress, on the store's leased queue (no adapter of their own). */
  proofAttempts: ProofAttemptStore;
  /** The domains whose pages may credit each profile (authorship). */
  attributionDomains: AttributionDomains;
}

/** Every repository: the store's resources and the editorial ones. */
export interface Repositories extends StoreRepositories, EditorialRepositories {}

/** Every repository on the store the configuration chose: the store's resources and the editorial ones. */
export interface Backend extends StoreBackend, EditorialRepositories {}
