/**
 * Fuzzes the three servers (article verifier, journalist verifier, portal) as they run in production
 * (createHttpServer around the real app, embedded store), in this process: a few thousand seeded requests
 * each, about two thirds written raw on a socket (bad methods, huge headers, broken framing, cut short…) and
 * the rest well-formed through node:http's client, 16 at a time.
 *
 * Every request must get an answer within REQUEST_TIMEOUT_MS (no hang, no connection closed without a word),
 * and each answer must keep the rules:
 *  - never a 5xx;
 *  - a 3xx carries Location (or is a 304);
 *  - any other non-2xx is application/problem+json whose body is JSON with `status` equal to the HTTP
 *    status, a non-empty `detail` and `request_id` equal to X-Request-Id — on the portal, a non-empty
 *    text/html page is allowed instead (its browser routes answer errors as pages);
 *  - answers to HEAD have no body to check.
 *
 * FUZZ_SEED=<n> replays a run (failures print the seed); FUZZ_REQUESTS=<n> sets the requests per server.
 */
import http from 'node:http';
import { repositoriesOf } from '@byline/shared/store';
import { anArticle, aProfile, seed, until } from '@byline/test-support';
import { presessionToken } from '../../../portal/src/http/csrf';
import { rawExchange, type RawOutcome, type RawResponse } from '../http/raw-http';
import { SERVER_NAMES, serve, type Served, type ServerName } from '../http/served';
import { seededRandom, seedFor } from '@byline/test-support';
import { fuzzRequest, type FuzzRequest, type Target } from './requests';

const SEED = Number(process.env.FUZZ_SEED ?? 20_150_415);
const REQUESTS_PER_SERVER = Number(process.env.FUZZ_REQUESTS ?? 2500);
const CONCURRENCY = 16;
const REQUEST_TIMEOUT_MS = 10_000;
/** The fuzz must reach validation and the use cases, not stop at the rate limits. */
const NO_LIMITS = { perMinute: 1_000_000_000, authFailuresPerMinute: 1_000_000_000 };
const OWN_PATHS: Record<ServerName, string[]> = {
  'article verifier': ['/api/verify_article'],
  'journalist verifier': ['/api/v1/verify_journalist'],
  portal: [
    '/',
    '/signin',
    '/signup',
    '/forgot-password',
    '/reset-password',
    '/profile',
    '/articles',
    '/articles/fetch',
    '/settings/api',
    '/j/niamh-cassidy',
  ],
};

async function knownValues(served: Served): Promise<string[]> {
  const article = anArticle();
  await seed(
    served.store,
    aProfile({ articles: [article], profile_social_profiles: { twitter: '@NiamhFuzz', linkedin: 'niamh-fuzz' } }),
  );
  return [
    article.link,
    `${article.link}?utm_source=x`,
    'NiamhFuzz',
    '@niamhfuzz',
    'twitter',
    'x',
    'linkedin',
    'fuzz@example.org',
  ];
}

/**
 * A signed-in portal session: its cookie and CSRF token, through the server's own forms. The fuzzed portal mails, so
 * sign-up answers "check your email" and its account signs in only once the address is proven: the link's work is
 * done in the store here (the fuzz is not about the link), then the person signs in.
 */
async function portalSession(served: Served): Promise<{ cookie: string; csrf: string }> {
  const base = `http://127.0.0.1:${served.port}`;
  const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const cookiesOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const credentials = { email: 'fuzz@example.org', password: 'correct horse battery' };
  const post = async (path: string, cookie: string, fields: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams(fields),
    });
  const form = await fetch(`${base}/signup`);
  const signedOutCookie = cookiesOf(form);
  const signedOutCsrf = csrfOf(await form.text());
  const signUp = await post('/signup', signedOutCookie, { ...credentials, _csrf: signedOutCsrf });
  let session = signUp;
  if (signUp.status === 200) {
    const { users } = repositoriesOf(served.store);
    // The account is written after the answer, by the outbox: looked for until it is there, within a budget a
    // loaded machine's store writes do not outlast, where a hundred looks 20 ms apart (about 2 s) could be too few.
    const user = await until(
      'the fuzz sign-up’s account',
      async () => (await users.findByEmail(credentials.email)) ?? undefined,
      15_000,
    );
    await users.markEmailVerified(user.id, new Date().toISOString());
    session = await post('/signin', signedOutCookie, { ...credentials, _csrf: signedOutCsrf });
  }
  if (session.status !== 303) throw new Error(`fuzz sign-up failed: ${session.status} ${(await session.text()).slice(0, 2000)}`);
  const cookie = cookiesOf(session);
  const page = await fetch(`${base}/profile`, { headers: { Cookie: cookie } });
  return { cookie, csrf: csrfOf(await page.text()) };
}

async function targetFor(served: Served): Promise<Target> {
  // A signed-out pre-session (its id in the cookie) and the token its forms carry.
  const signedOutPresession = 'F'.repeat(43);
  const signedOutCsrf = presessionToken(signedOutPresession);
  const target: Target = {
    port: served.port,
    ownPaths: OWN_PATHS[served.name],
    authorizations: [served.authorization],
    cookies: [`byline_csrf=${signedOutPresession}`],
    csrfTokens: [signedOutCsrf],
    knownValues: await knownValues(served),
  };
  if (served.name === 'portal') {
    const session = await portalSession(served);
    target.cookies.push(session.cookie);
    target.csrfTokens.push(session.csrf);
  }
  return target;
}

function sendWithClient(port: number, agent: http.Agent, request: Extract<FuzzRequest, { via: 'client' }>): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, agent, method: request.method, path: request.path, headers: request.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
          resolve({
            kind: 'response',
            response: { status: res.statusCode!, headers, body: Buffer.concat(chunks).toString('utf8') },
          });
        });
        res.on('error', (error) => resolve({ kind: 'closed', received: `response error ${error.message}` }));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => {
      req.destroy();
      resolve({ kind: 'timeout', received: '' });
    });
    req.on('error', (error) => resolve({ kind: 'closed', received: `request error ${error.message}` }));
    req.end(request.body.length ? request.body : undefined);
  });
}

/** Why this answer breaks the rules (see the top of the file), or undefined. */
function broken(server: ServerName, head: boolean, outcome: RawOutcome): string | undefined {
  if (outcome.kind !== 'response')
    return `${outcome.kind} without an answer (received ${JSON.stringify(outcome.received.slice(0, 200))})`;
  const { status, headers, body }: RawResponse = outcome.response;
  if (status >= 500) return `${status}: ${body.slice(0, 300)}`;
  if (status < 300) return undefined;
  if (status < 400) return status === 304 || headers.location ? undefined : `${status} without Location`;
  const type = headers['content-type'] ?? '';
  if (type.startsWith('application/problem+json')) {
    if (head) return undefined;
    let problem: { status?: unknown; detail?: unknown; request_id?: unknown };
    try {
      problem = JSON.parse(body) as typeof problem;
    } catch {
      return `${status} problem+json whose body is not JSON: ${JSON.stringify(body.slice(0, 200))}`;
    }
    if (problem.status !== status) return `${status} problem+json with status ${String(problem.status)}`;
    if (typeof problem.detail !== 'string' || !problem.detail) return `${status} problem+json without detail`;
    if (problem.request_id !== headers['x-request-id']) return `${status} problem+json whose request_id is not X-Request-Id`;
    return undefined;
  }
  if (server === 'portal' && type.startsWith('text/html') && (head || body.length > 0)) return undefined;
  return `${status} answered as ${JSON.stringify(type)}: ${JSON.stringify(body.slice(0, 200))}`;
}

interface Failure {
  index: number;
  label: string;
  problem: string;
  request: string;
}

function preview(request: FuzzRequest): string {
  const text =
    request.via === 'socket'
      ? request.bytes.toString('latin1')
      : `${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body.toString('latin1')}`;
  return JSON.stringify(text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text);
}

async function fuzz(served: Served): Promise<{ failures: Failure[]; statuses: Map<number | string, number> }> {
  const target = await targetFor(served);
  const random = seededRandom(seedFor(SEED, served.name));
  const requests = Array.from({ length: REQUESTS_PER_SERVER }, () => fuzzRequest(random, target));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const failures: Failure[] = [];
  const statuses = new Map<number | string, number>();
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < requests.length) {
      const index = nextIndex++;
      const request = requests[index]!;
      const outcome =
        request.via === 'socket'
          ? await rawExchange({
              port: served.port,
              request: request.bytes,
              halfClose: request.halfClose,
              head: request.head,
              timeoutMs: REQUEST_TIMEOUT_MS,
            })
          : await sendWithClient(served.port, agent, request);
      const key = outcome.kind === 'response' ? outcome.response.status : outcome.kind;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      const problem = broken(served.name, request.via === 'socket' ? request.head : request.method === 'HEAD', outcome);
      if (problem) failures.push({ index, label: request.label, problem, request: preview(request) });
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
  return { failures, statuses };
}

describe.each(SERVER_NAMES)('HTTP fuzz: the %s', (name) => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(name, { rateLimits: NO_LIMITS });
  });
  afterAll(() => served?.close());

  it(`answers ${REQUESTS_PER_SERVER} fuzzed requests by the rules (seed ${SEED})`, async () => {
    const started = Date.now();
    const { failures, statuses } = await fuzz(served);
    if (process.env.FUZZ_VERBOSE) {
      process.stdout.write(`${name}: ${Date.now() - started} ms ${JSON.stringify(Object.fromEntries(statuses))}\n`);
    }
    if (failures.length) {
      const shown = failures
        .slice(0, 10)
        .map((f) => `#${f.index} ${f.label}: ${f.problem}\n    ${f.request}`)
        .join('\n');
      throw new Error(
        `${failures.length} of ${REQUESTS_PER_SERVER} answers broke the rules; replay with FUZZ_SEED=${SEED}\n${shown}`,
      );
    }
  }, 120_000);
});
