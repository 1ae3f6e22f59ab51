import { storeFactories } from '@byline/test-support';
import { staffContract } from './staff-contract';

describe.each(storeFactories())('staff contract ($name store)', staffContract);
