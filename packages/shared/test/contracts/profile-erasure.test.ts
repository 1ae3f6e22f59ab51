import { storeFactories } from '@byline/test-support';
import { profileErasureContract } from './profile-erasure-contract';

describe.each(storeFactories())('profile erasure contract ($name store)', profileErasureContract);
