import { storeFactories } from '@byline/test-support';
import { identityReviewContract } from '../../src/profiles/identity-review-contract';

describe.each(storeFactories())('identity review contract ($name store)', identityReviewContract);
