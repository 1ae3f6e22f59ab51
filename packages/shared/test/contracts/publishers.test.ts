import { storeFactories } from '@byline/test-support';
import { publishersContract } from '../../src/publishers/publishers-contract';

describe.each(storeFactories())('publishers contract ($name store)', publishersContract);
