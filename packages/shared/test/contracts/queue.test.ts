import { storeFactories } from '@byline/test-support';
import { queueContract } from '../../src/queue/queue-contract';

describe.each(storeFactories())('leased queue contract ($name store)', queueContract);
