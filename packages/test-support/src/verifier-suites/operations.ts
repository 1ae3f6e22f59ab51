/**
 * The two verification operations as the suites they share ask them: where each lives, what input finds a
 * profile, finds nobody or is refused, and how the existing tests send it. Each service's test files call the
 * suites with one of these and its own createApp.
 */
import type { Express } from 'express';
import type { Test } from 'supertest';
import type { Store } from '@byline/domain/store/store';
import type { ServiceDeps } from '@byline/http';
import type { RawProfile } from '../builders';
import { storeWith } from '../http';
import { checkedRequest } from '../openapi-conformance';

export type CreateApp = (deps: ServiceDeps) => Express;

type Fields = Record<string, unknown>;

export interface VerifierOperation {
  name: 'verify_article' | 'verify_journalist';
  path: string;
  /** The methods it answers, as Allow and the CORS preflight name them. */
  methods: string;
  /** Every answer's strong ETag. */
  etag: RegExp;
  /** The answer's field holding the profile's slug. */
  slugField: 'profile_slug' | 'slug';
  /** The store read behind the answer, which the failure suites make fail. */
  answerRead: 'taggedArticleAnswer' | 'taggedJournalistAnswer';
  /** Input that finds this profile: its first article, or its X handle. */
  lookup(profile: RawProfile): Fields;
  /** Input that finds nobody: a `verified: false` answer. */
  unknown: Fields;
  /** Other input that finds nobody. */
  unknownToo: Fields;
  /** Input validation refuses (422), and the one field its answer names. */
  invalid: Fields;
  invalidField: string;
  /** Input whose store read explodingStore() makes throw. */
  exploding: Fields;
  /** Puts the input where the operation's own tests send it: the query string, or a JSON body. */
  send(req: Test, fields: Fields): Test;
}

export const VERIFY_ARTICLE: VerifierOperation = {
  name: 'verify_article',
  path: '/api/verify_article',
  methods: 'POST, GET',
  etag: /^"[A-Za-z0-9_-]{27}"$/,
  slugField: 'profile_slug',
  answerRead: 'taggedArticleAnswer',
  lookup: (profile) => ({ url: profile.articles[0]!.link }),
  unknown: { url: 'https://news.example/unknown' },
  unknownToo: { url: 'https://example-news.ie/another-unknown' },
  invalid: { url: 'ftp://nowhere' },
  invalidField: 'url',
  exploding: { url: 'https://example-news.ie/explode' },
  send: (req, fields) => req.query(fields),
};

export const VERIFY_JOURNALIST: VerifierOperation = {
  name: 'verify_journalist',
  path: '/api/v1/verify_journalist',
  methods: 'POST',
  etag: /^"[A-Za-z0-9_-]{27}(-[a-z]+)?"$/,
  slugField: 'slug',
  answerRead: 'taggedJournalistAnswer',
  lookup: (profile) => ({ social_type: 'twitter', social_username: profile.profile_social_profiles.twitter }),
  unknown: { social_username: '@nobody', social_type: 'twitter' },
  unknownToo: { social_type: 'twitter', social_username: 'nobody_at_all_here' },
  invalid: { social_username: 'someone' },
  invalidField: 'social_type',
  exploding: { social_type: 'twitter', social_username: 'explodes' },
  send: (req, fields) => req.send(fields),
};

export const VERIFY_OPERATIONS = [VERIFY_ARTICLE, VERIFY_JOURNALIST];

/** A POST of the operation to `app` with this input, and these credentials when given; checked against its document. */
export function ask(operation: VerifierOperation, app: Express, fields: Fields, authorization?: string): Test {
  const req = checkedRequest(app).post(operation.path);
  return operation.send(authorization === undefined ? req : req.set('Authorization', authorization), fields);
}

/** A view of `store` whose answer read for the operation's `exploding` input throws `message`. */
export function explodingStore(operation: VerifierOperation, message: string): (store: Store) => Store {
  return (store) =>
    storeWith(store, {
      [operation.answerRead]: async (...args: string[]) => {
        if (args.some((arg) => arg.includes('explode'))) throw new Error(message);
        return (store[operation.answerRead] as (...args: string[]) => unknown)(...args);
      },
    });
}
