import { storeFactories } from '@byline/test-support';
import { attributionDomainsContract } from '../../src/attribution-domains/attribution-domains-contract';

describe.each(storeFactories())('attribution domains contract ($name store)', attributionDomainsContract);
