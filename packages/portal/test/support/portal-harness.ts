import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { type Store } from '@byline/domain/store/store';
import { type StoreRepositories, repositoriesOf } from '@byline/shared/store';
import { hashPassword } from '@byline/editorial/users/passwords';
import { issueConfirmLink } from '@byline/editorial/use-cases/address-proof';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { createSafeFetch } from '@byline/fetcher';
import {
  expectAnswersInStep,
  forEachTest,
  loopbackOutbound,
  quietLogger,
  replaceForThisTest,
  storeFactories,
  type StoreFactory,
} from '@byline/test-support';
import { createApp } from '../../src/app';
import { SignInThrottle } from '../../src/auth/sign-in-throttle';
import type { PortalDeps } from '../../src/deps';
import { createPageFetcher } from '../../src/fetch/fetch-page';
import { createActorReader } from '@byline/editorial/authorship/fediverse-actor';
import type { Outbox } from '../../src/mail/outbox';

export type Agent = ReturnType<typeof request.agent>;

export interface Portal {
  store: Store;
  /** Every repository on `store` (repositoriesOf), for a test's arrangement and checks. */
  repositories: StoreRepositories;
  claims: ClaimsRepository;
  app: ReturnType<typeof createApp>;
  clock: { now: Date };
  /** Checks that the verifiers' rendered answers followed every edit the test made, then closes both stores. */
  close(): Promise<void>;
}

/** Name resolution for tests: only *.test names, all answered without the network. */
export const testResolver =
  (names: Record<string, string> = {}) =>
  async (hostname: string) => {
    const address = names[hostname];
    if (!address) throw new Error(`test resolver: unknown name ${hostname}`);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

/** The stores the portal runs on: every store (embedded, and MongoDB when the tests have one). */
export function portalStoreFactories(): StoreFactory[] {
  return storeFactories();
}

/** Each running portal by its app, with its outbox when it mails: signedUp proves the address on it. */
const running = new WeakMap<Portal['app'], { portal: Portal; outbox?: Outbox }>();

export async function startPortal(factory: StoreFactory, overrides: Partial<PortalDeps> = {}): Promise<Portal> {
  const store = await factory.create();
  const repositories = repositoriesOf(store);
  const claims = overrides.claims ?? repositories.claims;
  const clock = { now: new Date() };
  const app = createApp({
    store,
    claims,
    // Claimed pages are served on loopback in tests, which ALLOWED_PRIVATE_ADDRESSES lists (loopbackOutbound).
    outbound: loopbackOutbound(),
    proofFetch: createSafeFetch({ ...loopbackOutbound(), timeoutMs: 3000 }),
    logger: quietLogger(),
    now: () => clock.now,
    throttle: new SignInThrottle(),
    fetchPage: createPageFetcher(loopbackOutbound(testResolver({ 'news.test': '127.0.0.1' }))),
    // No fediverse server answers unless a test serves one: made-up hosts are not asked of the system's resolver.
    readActor: createActorReader(loopbackOutbound(testResolver())),
    ...overrides,
  });
  const portal: Portal = {
    store,
    repositories,
    claims,
    app,
    clock,
    close: async () => {
      try {
        await expectAnswersInStep(store);
      } finally {
        await claims.close();
        await store.close();
      }
    },
  };
  running.set(app, { portal, outbox: overrides.outbox });
  return portal;
}

/**
 * A portal started for each test of the enclosing describe block and closed after it (see forEachTest). Overrides
 * that name what only exists once the tests run (a server a beforeAll starts) are given as a function.
 */
export function portalForEachTest(
  factory: StoreFactory,
  overrides: Partial<PortalDeps> | (() => Partial<PortalDeps>) = {},
): Portal {
  return forEachTest(
    () => startPortal(factory, typeof overrides === 'function' ? overrides() : overrides),
    (portal) => portal.close(),
  );
}

/** Closes the running test's portal (portalForEachTest) and starts one with other settings in its place. */
export async function restartPortal(portal: Portal, factory: StoreFactory, overrides: Partial<PortalDeps>) {
  await portal.close();
  replaceForThisTest(portal, await startPortal(factory, overrides));
}

export function csrfFrom(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no CSRF field on the page');
  return match[1]!;
}

/** GETs the page, then POSTs the form with its CSRF token. */
export async function submit(agent: Agent, page: string, action: string, fields: Record<string, string | string[]>) {
  const form = await agent.get(page);
  return agent
    .post(action)
    .type('form')
    .send({ ...fields, _csrf: csrfFrom(form.text) });
}

/**
 * Opens a confirmation link for the address (as the operator's `byline users confirm-link` prints it) on the
 * agent's browser and gives the password: the address is proven and the agent signed in as its user.
 */
export async function confirmAddress(
  app: Portal['app'],
  agent: Agent,
  email: string,
  password: string,
  purpose: 'journalist' | 'api' = 'journalist',
) {
  const { portal } = running.get(app)!;
  const issued = await issueConfirmLink(portal.repositories, email, '', portal.clock.now, purpose);
  if (issued.status !== 'issued') throw new Error(`no confirmation link: ${issued.status}`);
  const token = new URL(issued.link, 'http://portal.test').searchParams.get('token')!;
  const res = await submit(agent, issued.link, '/confirm-email', { token, password, for: purpose });
  if (res.status !== 303) throw new Error(`confirmation failed: ${res.status} ${res.text}`);
  return res;
}

/**
 * A user from before addresses were proven (unproven, and signing in with their password), signed in: on a portal
 * with mail, sign-up cannot make one (its users sign in through their link).
 */
export async function unprovenUser(portal: Portal, email: string, password = 'correct horse battery') {
  await portal.repositories.users.create({ email, passwordHash: await hashPassword(password), role: 'journalist' }, new Date());
  const agent = request.agent(portal.app);
  const signedIn = await submit(agent, '/signin', '/signin', { email, password });
  if (signedIn.status !== 303) throw new Error(`sign-in failed: ${signedIn.status}`);
  return { agent, email, password };
}

let people = 0;
/**
 * Someone signed up and signed in, their address proven (through a confirmation link) unless `proven` is false.
 * On a portal with mail, sign-up signs nobody in: the user is made once the outbox ran, then signs in.
 */
export async function signedUp(
  app: Portal['app'],
  email = `reporter${++people}-${Date.now()}@example.org`,
  password = 'correct horse battery',
  { proven = true }: { proven?: boolean } = {},
) {
  const agent = request.agent(app);
  const res = await submit(agent, '/signup', '/signup', { email, password });
  const mailed = res.status === 200 && res.text.includes('We have sent a link to');
  if (res.status !== 303 && !mailed) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  if (mailed) await running.get(app)?.outbox?.settled();
  if (proven) await confirmAddress(app, agent, email, password);
  else if (mailed) throw new Error('a sign-up with mail signs in only through its link: see unprovenUser');
  return { agent, email, password };
}

export const PROFILE_FORM = {
  profile_first_name: 'Aoife',
  profile_last_name: 'Brennan',
  profile_title: 'Courts reporter',
  profile_bio: 'Covers the courts.',
  profile_employer: 'The Leinster Ledger',
  profile_residing: 'Dublin',
  profile_image: 'https://cdn.example.org/aoife.jpg',
  twitter: '@AoifeB',
  facebook: 'aoife.brennan',
  linkedin: 'https://www.linkedin.com/in/aoife-brennan',
  instagram: '',
  user_location: 'ie',
  user_city: 'Dublin',
};

let handles = 0;
/** The profile form with handles nobody else holds. */
export function profileForm(overrides: Record<string, string> = {}) {
  const n = ++handles;
  return {
    ...PROFILE_FORM,
    twitter: `@Aoife${n}_${Date.now().toString(36).slice(-6)}`, // X allows 15 characters
    facebook: `aoife.brennan.${n}${Date.now()}`,
    linkedin: `https://www.linkedin.com/in/aoife-brennan-${n}${Date.now()}`,
    ...overrides,
  };
}

/** Someone signed up (signedUp) who sends the profile form (profileForm) with these fields: the answer, and who sent it. */
export async function profileSent(app: Portal['app'], fields: Record<string, string> = {}) {
  const session = await signedUp(app);
  const res = await submit(session.agent, '/profile', '/profile', profileForm(fields));
  return { ...session, res };
}

/** A page's text as a reader sees it: tags dropped, whitespace collapsed, apostrophes unescaped. */
export const textOf = (page: string) =>
  page
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&#39;/g, "'");

/** A local HTTP server for article pages and redirects; loopback only. */
export async function pageServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export { ARTICLE_HTML } from '@byline/test-support';

/** Every byte the store holds: the SQLite file and its log, or every document of every MongoDB collection. */
export async function everythingStored(store: Store): Promise<Buffer> {
  if (store instanceof MongoStore) {
    const docs = [];
    for (const { name } of await store.db.listCollections().toArray()) {
      docs.push(...(await store.db.collection(name).find({}).toArray()));
    }
    expect(docs.length).toBeGreaterThan(0);
    return Buffer.from(JSON.stringify(docs));
  }
  const file = (store as unknown as { file: string }).file;
  return Buffer.concat([fs.readFileSync(file), fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`) : Buffer.alloc(0)]);
}
