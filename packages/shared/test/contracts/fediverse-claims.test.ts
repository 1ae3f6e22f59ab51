import { storeFactories } from '@byline/test-support';
import { fediverseClaimsContract } from '../../src/claims/fediverse-claims-contract';

describe.each(storeFactories())('fediverse claims contract ($name store)', fediverseClaimsContract);
