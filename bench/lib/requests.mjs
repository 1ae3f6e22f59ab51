// The requests the bench sends: random known addresses (handles), one in five unknown.
import {
  ARTICLES_PER_PROFILE,
  articleUrl,
  blueskyDid,
  blueskyHandle,
  handle,
  unknownArticleUrl,
  unknownHandle,
} from './dataset.mjs';

/** Items per batch request: the most a batch takes. */
export const BATCH_ITEMS = 100;

const batchRequest = (path, authorization, body) => ({
  method: 'POST',
  path,
  headers: { authorization, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** mulberry32: a small seeded generator, so that two instruction counts send exactly the same requests. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * { article(), journalist() }: each call gives the next request's { method, path, headers, body }. With `hot`, every
 * lookup asks for one of the first `hot` articles (and their authors' handles) only: the traffic of a few stories
 * everyone asks about at once, which a cache of served answers holds whole. `unknownShare`: the share of addresses and
 * handles no journalist has (one in five by default).
 */
export function requestMakers({ articles: all, authorization, random = Math.random, hot, unknownShare = 0.2 }) {
  const articles = hot ? Math.min(hot, all) : all;
  const profiles = Math.ceil(articles / ARTICLES_PER_PROFILE);
  const pick = (n) => Math.floor(random() * n);
  return {
    article: () => {
      const url = random() < unknownShare ? unknownArticleUrl(pick(articles)) : articleUrl(pick(articles));
      return { method: 'POST', path: `/api/verify_article?url=${encodeURIComponent(url)}`, headers: { authorization } };
    },
    // The same mix through v2: known articles answer article_verified with the outlet's domain_info, unknown ones
    // domain_verified_plus (the data set's outlet vouches for a few of its journalists).
    articleV2: () => {
      const url = random() < unknownShare ? unknownArticleUrl(pick(articles)) : articleUrl(pick(articles));
      return { method: 'POST', path: `/api/v2/verify_article?url=${encodeURIComponent(url)}`, headers: { authorization } };
    },
    // Batches of BATCH_ITEMS with the same mix: the per-request work (credentials, rate limit, headers) paid once.
    articlesBatch: () => {
      const urls = Array.from({ length: BATCH_ITEMS }, () =>
        random() < unknownShare ? unknownArticleUrl(pick(articles)) : articleUrl(pick(articles)),
      );
      return batchRequest('/api/v1/verify_articles', authorization, { urls });
    },
    journalistsBatch: () => {
      const journalists = Array.from({ length: BATCH_ITEMS }, () => ({
        social_username: random() < unknownShare ? unknownHandle(pick(profiles)) : `@${handle(pick(profiles))}`,
        social_type: 'twitter',
      }));
      return batchRequest('/api/v1/verify_journalists', authorization, { journalists });
    },
    journalist: () => ({
      method: 'POST',
      path: '/api/v1/verify_journalist',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        social_username: random() < unknownShare ? unknownHandle(pick(profiles)) : `@${handle(pick(profiles))}`,
        social_type: 'twitter',
      }),
    }),
    // The same mix for Bluesky accounts: known ones asked by handle or by DID in turn, one in five unknown.
    journalistBluesky: () => {
      const p = pick(profiles);
      const known = random() < 0.5 ? blueskyHandle(p) : blueskyDid(p);
      return {
        method: 'POST',
        path: '/api/v1/verify_journalist',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          social_username: random() < unknownShare ? `nobody-${p}.bsky.social` : known,
          social_type: 'bluesky',
        }),
      };
    },
  };
}
