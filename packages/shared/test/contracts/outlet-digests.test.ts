import { storeFactories } from '@byline/test-support';
import { outletDigestsContract } from '../../src/outlets/outlet-digests-contract';

describe.each(storeFactories())('outlet digests contract ($name store)', outletDigestsContract);
