import { storeFactories } from '@byline/test-support';
import { staffContract } from '../../src/staff/staff-contract';

describe.each(storeFactories())('staff contract ($name store)', staffContract);
