import type { ApiAccounts } from './api-accounts-repository';
import type { ApiCredentials } from './api-credentials-repository';
import type { ApiKeys } from './api-keys-repository';

/**
 * The three API account ports as one object serves them (DocumentApiAccounts): accounts, their keys and the
 * credentials read from both are rows or documents of one store.
 */
export type ApiAccountPorts = ApiAccounts & ApiKeys & ApiCredentials;
