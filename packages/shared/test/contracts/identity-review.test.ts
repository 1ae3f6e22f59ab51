import { storeFactories } from '@byline/test-support';
import { identityReviewContract } from './identity-review-contract';

describe.each(storeFactories())('identity review contract ($name store)', identityReviewContract);
