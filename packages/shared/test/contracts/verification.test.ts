import { storeFactories } from '@byline/test-support';
import { verificationContract } from './verification-contract';

describe.each(storeFactories())('verification contract ($name store)', verificationContract);
