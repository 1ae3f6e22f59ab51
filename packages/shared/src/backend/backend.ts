import type { ApiAccounts } from '../api-accounts/api-accounts-repository';
import type { ClaimStoreWithAttempts } from '../proofs/claim-store';
import type { PortalStore } from '../store/portal-store';
import type { Store } from '../store/store';
import type { UsageRecords } from '../usage/usage-repository';

/**
 * Every repository of the store, one per resource, each behind its own small port. Adding a resource: its port,
 * its SQLite adapter, its MongoDB adapter and its contract suite in the resource's own folder, then one line here
 * and one in each of sqlite-repositories.ts and mongo-repositories.ts (the README's "Adding a resource").
 *
 * `portal` and `claims` are the earlier, wider stores whose methods are moving out into resources.
 */
export interface Repositories {
  portal: PortalStore;
  claims: ClaimStoreWithAttempts;
  apiAccounts: ApiAccounts;
  usage: UsageRecords;
}

/** The store the configuration chose, with every repository on it; close() closes them all. */
export interface Backend extends Repositories {
  /** The verifiers' lookups and the operator's records (shrinking as resources move out). */
  readonly store: Store;
  close(): Promise<void>;
}
