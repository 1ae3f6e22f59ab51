import { storeFactories } from '@byline/test-support';
import { fediverseClaimsContract } from './fediverse-claims-contract';

describe.each(storeFactories())('fediverse claims contract ($name store)', fediverseClaimsContract);
