import { storeFactories } from '@byline/test-support';
import { profilesContract } from '../../src/profiles/profiles-contract';

describe.each(storeFactories())('profiles contract ($name store)', profilesContract);
