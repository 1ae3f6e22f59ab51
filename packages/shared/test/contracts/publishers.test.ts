import { storeFactories } from '@byline/test-support';
import { publishersContract } from './publishers-contract';

describe.each(storeFactories())('publishers contract ($name store)', publishersContract);
