import type { TrustSummary } from '@byline/domain/publishers/trust-summary';

/**
 * What a trust.txt that declares nothing reads as (an empty file, one of comments only, or none at all): no relation,
 * account, contact or disclosure, no training answer, no error or warning. Written out here, not taken from the code
 * under test, so that a test comparing with it checks that code. A new object each call: a test may change its own.
 */
export function declaringNothing(): Omit<TrustSummary, 'domain' | 'readAt' | 'url' | 'failure'> {
  return {
    relations: [],
    social: [],
    contacts: [],
    disclosures: [],
    dataTrainingAllowed: null,
    errors: [],
    warnings: [],
  };
}
