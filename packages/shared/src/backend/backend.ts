import type { ClaimsRepository } from '@byline/domain/claims/claims-repository';
import type { AuditHistory } from '@byline/domain/audit/audit-repository';
import type { RecheckRecords } from '@byline/domain/recheck/recheck-records';
import type { Articles } from '@byline/domain/articles/articles-repository';
import type { Directory } from '@byline/domain/directory/directory-repository';
import type { Staff } from '@byline/domain/staff/staff-repository';
import type { Profiles } from '@byline/domain/profiles/profiles-repository';
import type { Verification } from '@byline/domain/verification/verification-repository';
import type { WebhookDeliveries } from '@byline/domain/webhooks/webhook-deliveries-repository';
import type { WebhookEndpoints } from '@byline/domain/webhooks/webhook-endpoints-repository';
import type { Store } from '@byline/domain/store/store';
import type { ServiceRepositories } from './service-repositories';

/**
 * Every repository of the store, one per resource, each behind its own small port. Adding a resource: its port,
 * its SQLite adapter, its MongoDB adapter and its contract suite in the resource's own folder, then one line here
 * and one in each of sqlite-repositories.ts and mongo-repositories.ts (docs/contributing.md, "Adding a resource"). The
 * verifiers' own two (ServiceRepositories) are registered in service-repositories.ts; resources only the portal, CLI
 * and worker use, such as people's accounts, are registered by @byline/editorial.
 */
export interface ResourceRepositories {
  profiles: Profiles;
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
  /** API accounts' webhook endpoints. */
  webhookEndpoints: WebhookEndpoints;
  /** The messages delivered to webhook endpoints, with their attempts. */
  webhookDeliveries: WebhookDeliveries;
}

/** Every repository: the verifiers' own and the resources'. */
export interface Repositories extends ServiceRepositories, ResourceRepositories {}

/** The store the configuration chose, with every repository on it; close() closes them all. */
export interface Backend extends Repositories {
  /** The verifiers' lookups: their hot path, answered from the rendered answers the profiles keep. */
  readonly store: Store;
  close(): Promise<void>;
}
