import { storeFactories } from '@byline/test-support';
import { directoryContract } from '../../src/directory/directory-contract';

describe.each(storeFactories())('directory contract ($name store)', directoryContract);
