import { storeFactories } from '@byline/test-support';
import { claimsContract } from './claims-contract';

describe.each(storeFactories())('claims contract ($name store)', claimsContract);
