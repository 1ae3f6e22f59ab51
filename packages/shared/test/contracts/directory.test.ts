import { storeFactories } from '@byline/test-support';
import { directoryContract } from './directory-contract';

describe.each(storeFactories())('directory contract ($name store)', directoryContract);
