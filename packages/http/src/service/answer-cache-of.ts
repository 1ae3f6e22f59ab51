import { DEFAULT_ANSWER_CACHE_BYTES } from '@byline/domain/config/config';
import { AnswerCache, type TaggedAnswer } from '@byline/shared';
import type { ServiceDeps } from './service-app';

/**
 * A cache of served answers with `share` of the service's configured budget (a service with two kinds of answer gives
 * each its own cache, keyed by the address alone); none for a budget of 0.
 */
export function answerCacheOf<T extends TaggedAnswer>(
  { answerCacheBytes = DEFAULT_ANSWER_CACHE_BYTES }: Pick<ServiceDeps, 'answerCacheBytes'>,
  share = 1,
): AnswerCache<T> | undefined {
  const budget = Math.floor(answerCacheBytes * share);
  return budget > 0 ? new AnswerCache<T>(budget) : undefined;
}
