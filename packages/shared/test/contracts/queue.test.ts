import { storeFactories } from '@byline/test-support';
import { queueContract } from './queue-contract';

describe.each(storeFactories())('leased queue contract ($name store)', queueContract);
