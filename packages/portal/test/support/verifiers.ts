import request from 'supertest';
import type { Store } from '@byline/domain/store/store';
import { quietLogger } from '@byline/test-support';
import { createApp as articleVerifier } from '../../../article-verifier/src/app';
import { createApp as journalistVerifier } from '../../../journalist-verifier/src/app';

/** Both verifiers on the portal's store, as separate apps, as deployed (`now`: the clock their credential check reads). */
export function verifiers(store: Store, authCacheTtlMs = 1000, now?: () => number) {
  const article = articleVerifier({ store, logger: quietLogger(), authCacheTtlMs, now });
  const journalist = journalistVerifier({ store, logger: quietLogger(), authCacheTtlMs, now });
  return {
    verifyArticle: (token: string, url: string) =>
      request(article).post('/api/verify_article').query({ url }).set('Authorization', `Bearer ${token}`),
    verifyJournalist: (token: string, username: string, type = 'twitter') =>
      request(journalist)
        .post('/api/v1/verify_journalist')
        .set('Authorization', `Bearer ${token}`)
        .send({ social_username: username, social_type: type }),
    verifyJournalists: (token: string, journalists: { social_username: string; social_type: string }[]) =>
      request(journalist).post('/api/v1/verify_journalists').set('Authorization', `Bearer ${token}`).send({ journalists }),
  };
}
