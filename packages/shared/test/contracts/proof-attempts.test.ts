import { storeFactories } from '@byline/test-support';
import { proofAttemptsContract } from './proof-attempts-contract';

describe.each(storeFactories())('network sign-ins in progress ($name store)', proofAttemptsContract);
