import { storeFactories } from '@byline/test-support';
import { usageContract } from './usage-contract';

describe.each(storeFactories())('usage contract ($name store)', usageContract);
