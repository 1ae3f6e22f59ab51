import { storeFactories } from '@byline/test-support';
import { passwordResetsContract } from './password-resets-contract';

describe.each(storeFactories())('password resets contract ($name store)', passwordResetsContract);
