import { storeFactories } from '@byline/test-support';
import { claimsContract } from '../../src/claims/claims-contract';

describe.each(storeFactories())('claims contract ($name store)', claimsContract);
