import type { ApiAccounts } from './api-accounts-repository';
import type { ApiCredentials } from './api-credentials-repository';
import type { ApiKeys } from './api-keys-repository';

/**
 * The three API account ports as one database adapter serves them: accounts, their keys and the credentials read
 * from both are rows or documents of one store, and a key's creation opens its account in the same write.
 */
export type ApiAccountPorts = ApiAccounts & ApiKeys & ApiCredentials;
