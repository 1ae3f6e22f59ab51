import type { ClaimsRepository } from '@byline/domain/claims/claims-repository';
import type { AuditHistory } from '@byline/domain/audit/audit-repository';
import type { RecheckRecords } from '@byline/domain/recheck/recheck-records';
import type { Articles } from '@byline/domain/articles/articles-repository';
import type { Directory } from '@byline/domain/directory/directory-repository';
import type { Staff } from '@byline/domain/staff/staff-repository';
import type { Profiles } from '@byline/domain/profiles/profiles-repository';
import type { IdentityReview } from '@byline/domain/profiles/identity-review-repository';
import type { ProfileTransfers } from '@byline/domain/profiles/profile-transfers-repository';
import type { ProfileErasure } from '@byline/domain/profiles/profile-erasure-repository';
import type { Verification } from '@byline/domain/verification/verification-repository';
import type { WebhookDeliveries } from '@byline/domain/webhooks/webhook-deliveries-repository';
import type { WebhookEndpoints } from '@byline/domain/webhooks/webhook-endpoints-repository';
import type { Store } from '@byline/domain/store/store';
import type { AttributionDomains } from '@byline/domain/attribution-domains/attribution-domains-repository';
import type { EmailConfirmations } from '@byline/domain/email-confirmations/email-confirmations-repository';
import type { PasswordResets } from '@byline/domain/password-resets/password-resets-repository';
import type { ProofAttemptStore } from '@byline/domain/proofs/proof-attempts';
import type { Sessions } from '@byline/domain/sessions/sessions-repository';
import type { Users } from '@byline/domain/users/users-repository';
import type { CredentialStores } from '@byline/domain/credentials/credential-issuance';
import type { CredentialKeys } from '@byline/domain/credentials/credential-keys';
import type { Documents } from '@byline/domain/documents/documents';
import type { BlueskyVerificationDocument } from '@byline/domain/bluesky-verification/bluesky-verification-documents';
import type { ServiceRepositories } from './service-repositories';

/**
 * Every repository of the store, one per resource, each behind its own small port. Adding a resource: its port,
 * its SQLite adapter, its MongoDB adapter and its contract suite in the resource's own folder, then one line here,
 * its wiring in resource-wiring.ts and what each database gives it in sqlite-adapters.ts and mongo-adapters.ts
 * (docs/contributing.md, "Adding a resource"). The
 * verifiers' own (ServiceRepositories) are registered in service-repositories.ts. The rest, people's accounts
 * included, are registered here and reached only through @byline/shared/store, which the verifiers never load;
 * each is made on first use (lazily), so a process opens only what it touches.
 */
export interface ResourceRepositories {
  /** Journalists' profiles themselves. */
  profiles: Profiles;
  /** Verified profiles' identity changes waiting for an editor. */
  identityReview: IdentityReview;
  /** Profiles in bulk: the operator's imports and exports. */
  profileTransfers: ProfileTransfers;
  /** Profiles whose owners are leaving: withdrawn from the answers, then erased. */
  profileErasure: ProfileErasure;
  articles: Articles;
  verification: Verification;
  /** Claims of handles and websites and their evidence; the rules over it are in src/claims. */
  claims: ClaimsRepository;
  audit: AuditHistory;
  recheckRecords: RecheckRecords;
  /** What editors look up across profiles: the directory and look-alike profiles. */
  directory: Directory;
  /** Who works for which publisher: invitations and affiliations, kept when they end. */
  staff: Staff;
  /** People who sign in to the portal; their passwords are hashed by @byline/editorial above this port. */
  users: Users;
  sessions: Sessions;
  passwordResets: PasswordResets;
  /** Links that prove a user receives mail at their address. */
  emailConfirmations: EmailConfirmations;
  /** Network sign-ins in progress, on the store's leased queue (no adapter of their own). */
  proofAttempts: ProofAttemptStore;
  /** The domains whose pages may credit each profile (authorship). */
  attributionDomains: AttributionDomains;
  /** API accounts' webhook endpoints. */
  webhookEndpoints: WebhookEndpoints;
  /** The messages delivered to webhook endpoints, with their attempts. */
  webhookDeliveries: WebhookDeliveries;
  /** The keys Byline signs credentials with, and those it still publishes. */
  credentialKeys: CredentialKeys;
  /** Journalists' signed credentials, the status lists they are revoked in, and the keys (see credential-issuance.ts). */
  journalistCredentials: CredentialStores;
  /** What Byline's Bluesky account must assert about each verified journalist, and what it published. */
  blueskyVerifications: Documents<BlueskyVerificationDocument>;
}

/** The ports one adapter serves together (see servedByOne). */
export const PROFILE_PORTS = ['profiles', 'identityReview', 'profileTransfers', 'profileErasure'] as const;
export const WEBHOOK_PORTS = ['webhookEndpoints', 'webhookDeliveries'] as const;

/** Every repository: the verifiers' own and the resources'. */
export interface Repositories extends ServiceRepositories, ResourceRepositories {}

/** The store the configuration chose, with every repository on it; close() closes them all. */
export interface StoreRepositories extends Repositories {
  /** The verifiers' lookups: their hot path, answered from the rendered answers the profiles keep. */
  readonly store: Store;
  close(): Promise<void>;
}
