/**
 * Helpers for the HTTP tests of both services: a per-describe service fixture on a real store, store
 * wrappers that fail on purpose, and assertions for the wire shapes PRODUCT.md fixes.
 */
import type { Express } from 'express';
import type { Response, Test } from 'supertest';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { type ApiCredentials } from '@byline/domain/api-accounts/api-credentials-repository';
import { type Logger } from '@byline/domain/logging/logger';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { type ServiceDeps } from '@byline/http';
import { bearer, quietLogger } from './harness';
import type { StoreFactory } from './stores';

/** `Date#toISOString` output: UTC with milliseconds. */
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const SOCIAL_PROFILE_KEYS = ['twitter', 'facebook', 'linkedin', 'instagram'];

export const AUTHOR_PROFILE_KEYS = [
  'verified',
  'profile_first_name',
  'profile_last_name',
  'profile_title',
  'profile_created_at',
  'profile_bio',
  'profile_employer',
  'profile_residing',
  'profile_slug',
  'profile_image',
  'profile_social_profiles',
  'user_location',
  'user_city',
  'follower_count',
  'article_count',
  'articles',
];

export const JOURNALIST_RESULT_KEYS = [
  'verified',
  'first_name',
  'last_name',
  'slug',
  'profile_bio',
  'article_count',
  'articles',
  'profile_image',
  'profile_social_profiles',
];

/** Article fields of the article operation; the journalist operation adds JOURNALIST_ONLY_ARTICLE_KEYS. */
export const ARTICLE_KEYS = [
  'id',
  'title',
  'description',
  'link',
  'profile_id',
  'created_at',
  'updated_at',
  'og_image',
  'icon_path',
  'published_at',
  'post_id',
  'feature',
  'lg_index',
  'tag_list',
];
export const JOURNALIST_ONLY_ARTICLE_KEYS = ['active', 'search_visible', 'author_name'];

export const WWW_AUTHENTICATE_BEARER = 'Bearer realm="byline"';

/** The object has exactly these keys, in any order: none missing, none extra. */
export function expectExactKeys(value: object, keys: readonly string[]): void {
  expect(Object.keys(value).sort()).toEqual([...keys].sort());
}

/** An application/problem+json answer with this status, `message` equal to `detail`, and a request id. */
export function expectProblem(res: Response, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toEqual(
    expect.objectContaining({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String) }),
  );
  expect(res.body.message).toBe(res.body.detail);
  expect(res.body.request_id).toBe(res.headers['x-request-id']);
  expect(JSON.stringify(res.body)).not.toMatch(/stack|\bat \S+ \(|node_modules/);
}

/**
 * Sends `bytes` as the body exactly as they are. Given a Buffer and a JSON content type, superagent serialises the
 * Buffer as JSON (`{"type":"Buffer","data":[…]}`), so a compressed body would arrive as text that does not inflate.
 */
export function sendBytes(test: Test, bytes: Buffer): Test {
  return test.serialize((body: unknown) => body as string).send(bytes);
}

/** The JSON text of `value` with a byte 0xff (never valid in UTF-8) inside its last string. */
export function withInvalidUtf8(value: unknown): Buffer {
  const text = JSON.stringify(value);
  const at = text.lastIndexOf('"');
  return Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff]), Buffer.from(text.slice(at))]);
}

/** A 401 problem that tells the caller to use a Bearer token. */
export function expectUnauthorized(res: Response): void {
  expectProblem(res, 401);
  expect(res.headers['www-authenticate']).toBe(WWW_AUTHENTICATE_BEARER);
}

/** A 422 problem whose `errors` list names exactly these fields. */
export function expectFieldErrors(res: Response, fields: readonly string[]): void {
  expectProblem(res, 422);
  expect(Array.isArray(res.body.errors)).toBe(true);
  for (const error of res.body.errors) expect(error).toEqual({ field: expect.any(String), message: expect.any(String) });
  expect([...new Set(res.body.errors.map((e: { field: string }) => e.field))].sort()).toEqual([...fields].sort());
}

export interface KeyPairUnderTest {
  key: string;
  secret: string;
}

/** [header name, header value] pairs that carry a working key pair and must be accepted. */
export const ACCEPTED_CREDENTIALS: Array<[string, string, (c: KeyPairUnderTest) => string]> = [
  ['Authorization header', 'Authorization', (c) => `Bearer ${c.key}:${c.secret}`],
  ['Authentication header', 'Authentication', (c) => `Bearer ${c.key}:${c.secret}`],
  ['lower-case scheme', 'Authorization', (c) => `bearer ${c.key}:${c.secret}`],
  ['upper-case scheme', 'Authorization', (c) => `BEARER ${c.key}:${c.secret}`],
  ['lower-case scheme in Authentication', 'Authentication', (c) => `bearer ${c.key}:${c.secret}`],
];

/** Authorization values that must each be refused with 401, built from a working key pair. */
export const REFUSED_CREDENTIALS: Array<[string, (c: KeyPairUnderTest) => string]> = [
  ['the scheme alone', () => 'Bearer'],
  ['a token without a colon', (c) => `Bearer ${c.key}${c.secret}`],
  ['an empty key', (c) => `Bearer :${c.secret}`],
  ['an empty secret', (c) => `Bearer ${c.key}:`],
  ['no scheme', (c) => `${c.key}:${c.secret}`],
  ['the Basic scheme', (c) => `Basic ${Buffer.from(`${c.key}:${c.secret}`).toString('base64')}`],
  ['the Basic scheme with a bearer-style token', (c) => `Basic ${c.key}:${c.secret}`],
  ['an unknown key', (c) => `Bearer ${'Z'.repeat(24)}:${c.secret}`],
  ['a wrong secret', (c) => `Bearer ${c.key}:${'0'.repeat(24)}`],
  [
    'the secret with one character changed',
    (c) => `Bearer ${c.key}:${c.secret.slice(0, -1)}${c.secret.endsWith('a') ? 'b' : 'a'}`,
  ],
  ['the secret and more after a second colon', (c) => `Bearer ${c.key}:${c.secret}:extra`],
  ['key and secret swapped', (c) => `Bearer ${c.secret}:${c.key}`],
  ['two tokens', (c) => `Bearer ${c.key}:${c.secret} ${c.key}:${c.secret}`],
];

/** A view of `store` (or of a repository) whose listed methods are replaced; every other method is its own. */
export function storeWith<T extends object = Store>(store: T, overrides: Partial<T>): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (Object.prototype.hasOwnProperty.call(overrides, property)) return overrides[property as keyof T];
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const unreachable = async (): Promise<never> => {
  throw new StoreUnavailableError('connection refused (test)');
};

/** A view of the API credentials that cannot be reached: credential reads reject with StoreUnavailableError. */
export function unreachableCredentials(credentials: ApiCredentials): ApiCredentials {
  return storeWith(credentials, { findCredential: unreachable });
}

/** A view of `store` that cannot be reached: pings and every read reject with StoreUnavailableError. */
export function unreachableStore(store: Store): Store {
  return storeWith(store, {
    ping: unreachable,
    findAuthorOfArticle: unreachable,
    findAuthorBySocialHandle: unreachable,
    articleAnswer: unreachable,
    journalistAnswer: unreachable,
    taggedArticleAnswer: unreachable,
    taggedJournalistAnswer: unreachable,
  });
}

export interface ServiceFixture {
  /** The service under test, on a fresh store of this factory. */
  app: Express;
  /** The real store behind the app (unwrapped), to arrange data and keys. */
  store: Store;
  /** `Bearer KEY:SECRET` of a fresh key on an active account. */
  authorization: string;
  /** Finishes the app's batched writes (what it registered with ServiceDeps.onClose), as a stopping service does. */
  settle(): Promise<void>;
}

export interface ServiceFixtureOptions {
  logger?: Logger;
  /** Wraps the real store before the app gets it, e.g. with storeWith(). */
  wrapStore?: (store: Store) => Store;
  /** Wraps the store's API credentials before the app gets them, e.g. with unreachableCredentials(). */
  wrapCredentials?: (credentials: ApiCredentials) => ApiCredentials;
  authCacheTtlMs?: number;
  /** The clock the app's credential and origin caches expire by (testClock().now); the real one when absent. */
  now?: () => number;
}

/**
 * Registers beforeAll/afterAll for one describe block: a fresh store from `factory`, the app built on it
 * by `createApp`, and a working key. Read the fields inside tests (they are filled in beforeAll).
 */
export function serviceFixture(
  factory: StoreFactory,
  createApp: (deps: ServiceDeps) => Express,
  options: ServiceFixtureOptions = {},
): ServiceFixture {
  const fixture = {} as ServiceFixture;
  beforeAll(async () => {
    fixture.store = await factory.create();
    const store = options.wrapStore ? options.wrapStore(fixture.store) : fixture.store;
    const { apiCredentials } = repositoriesOf(fixture.store);
    const closing: (() => Promise<void>)[] = [];
    fixture.settle = async () => void (await Promise.all(closing.map((task) => task())));
    fixture.app = createApp({
      onClose: (task) => void closing.push(task),
      store,
      apiCredentials: options.wrapCredentials ? options.wrapCredentials(apiCredentials) : apiCredentials,
      logger: options.logger ?? quietLogger(),
      authCacheTtlMs: options.authCacheTtlMs,
      now: options.now,
    });
    fixture.authorization = await bearer(fixture.store);
  });
  afterAll(async () => {
    await fixture.settle?.();
    await fixture.store?.close();
  });
  return fixture;
}
