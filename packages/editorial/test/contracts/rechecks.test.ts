import { storeFactories } from '@byline/test-support';
import { rechecksContract } from './rechecks-contract';

describe.each(storeFactories())('re-checks on the leased queue ($name store)', rechecksContract);
