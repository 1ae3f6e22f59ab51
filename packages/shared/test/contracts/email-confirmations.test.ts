import { storeFactories } from '@byline/test-support';
import { emailConfirmationsContract } from './email-confirmations-contract';

describe.each(storeFactories())('email confirmations contract ($name store)', emailConfirmationsContract);
