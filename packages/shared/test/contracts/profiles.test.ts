import { storeFactories } from '@byline/test-support';
import { profilesContract } from './profiles-contract';

describe.each(storeFactories())('profiles contract ($name store)', profilesContract);
