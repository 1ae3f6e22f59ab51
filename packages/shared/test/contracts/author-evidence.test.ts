import { storeFactories } from '@byline/test-support';
import { authorEvidenceContract } from '../../src/evidence/author-evidence-contract';

describe.each(storeFactories())('author evidence contract ($name store)', authorEvidenceContract);
