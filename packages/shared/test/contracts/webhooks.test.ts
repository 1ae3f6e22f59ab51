import { storeFactories } from '@byline/test-support';
import { webhooksContract } from './webhooks-contract';
import { outboxContract } from './outbox-contract';

describe.each(storeFactories())('webhooks contract ($name store)', webhooksContract);
describe.each(storeFactories())('webhook outbox contract ($name store)', outboxContract);
