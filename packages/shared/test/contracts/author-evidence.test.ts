import { storeFactories } from '@byline/test-support';
import { authorEvidenceContract } from './author-evidence-contract';

describe.each(storeFactories())('author evidence contract ($name store)', authorEvidenceContract);
