import { storeFactories } from '@byline/test-support';
import { apiAccountsContract } from './api-accounts-contract';

describe.each(storeFactories())('api accounts contract ($name store)', apiAccountsContract);
