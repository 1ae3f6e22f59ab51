import { storeFactories } from '@byline/test-support';
import { usageContract } from '../../src/usage/usage-contract';

describe.each(storeFactories())('usage contract ($name store)', usageContract);
