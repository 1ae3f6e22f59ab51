import { storeFactories } from '@byline/test-support';
import { outletDigestsContract } from './outlet-digests-contract';

describe.each(storeFactories())('outlet digests contract ($name store)', outletDigestsContract);
