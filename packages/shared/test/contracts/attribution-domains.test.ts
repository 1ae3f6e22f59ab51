import { storeFactories } from '@byline/test-support';
import { attributionDomainsContract } from './attribution-domains-contract';

describe.each(storeFactories())('attribution domains contract ($name store)', attributionDomainsContract);
