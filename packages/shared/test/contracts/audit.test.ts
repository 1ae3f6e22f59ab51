import { storeFactories } from '@byline/test-support';
import { auditContract } from '../../src/audit/audit-contract';

describe.each(storeFactories())('audit contract ($name store)', auditContract);
