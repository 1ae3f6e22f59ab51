import { storeFactories } from '@byline/test-support';
import { sessionsContract } from './sessions-contract';

describe.each(storeFactories())('sessions contract ($name store)', sessionsContract);
