import { storeFactories } from '@byline/test-support';
import { auditContract } from './audit-contract';

describe.each(storeFactories())('audit contract ($name store)', auditContract);
