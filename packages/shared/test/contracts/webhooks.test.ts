import { storeFactories } from '@byline/test-support';
import { webhooksContract } from '../../src/webhooks/webhooks-contract';
import { outboxContract } from '../../src/webhook-events/outbox-contract';

describe.each(storeFactories())('webhooks contract ($name store)', webhooksContract);
describe.each(storeFactories())('webhook outbox contract ($name store)', outboxContract);
