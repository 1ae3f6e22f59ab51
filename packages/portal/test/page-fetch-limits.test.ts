import type http from 'node:http';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import type request from 'supertest';
import { until, type StoreFactory } from '@byline/test-support';
import { PageFetchSlots } from '../src/fetch/page-fetch-slots';
import { PageFetchThrottle } from '../src/throttles/page-fetch-throttle';
import type { PortalDeps } from '../src/deps';
import {
  ARTICLE_HTML,
  csrfFrom,
  pageServer,
  portalStoreFactories,
  profileForm,
  signedUp,
  startPortal,
  submit,
  textOf,
  type Agent,
  type Portal,
} from './support/portal-harness';

/**
 * "Add article" makes the portal fetch (and decompress) a page the journalist names. A real site on loopback serves
 * endless gzip and brotli bombs and pages that answer only when the test lets them: the portal reads a bomb no
 * further than 2 MB, one person gets at most their allowance of reads (then 429, on a page a reload does not
 * post again), and the process runs no more reads at once than its bound (then 503).
 */

function endlessSpaces(): Readable {
  const block = Buffer.alloc(64 * 1024, 32);
  return new Readable({
    read() {
      this.push(block);
    },
  });
}

describe.each(portalStoreFactories())('page fetch limits ($name store)', (factory: StoreFactory) => {
  let server: Awaited<ReturnType<typeof pageServer>>;
  /** Every request the site had, by path. */
  let asked: string[] = [];
  /** Reads of /held/… in progress at once, and the most there were. */
  let held: http.ServerResponse[] = [];
  let mostHeld = 0;
  let portal: Portal | undefined;

  beforeAll(async () => {
    server = await pageServer((req, res) => {
      asked.push(req.url!);
      if (req.url!.startsWith('/gzip-bomb')) {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
        return pipeline(endlessSpaces(), zlib.createGzip({ level: 1 }), res, () => {});
      }
      if (req.url!.startsWith('/br-bomb')) {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'br' });
        const quality = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
        return pipeline(endlessSpaces(), zlib.createBrotliCompress(quality), res, () => {});
      }
      if (req.url!.startsWith('/held')) {
        held.push(res);
        mostHeld = Math.max(mostHeld, held.length);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(ARTICLE_HTML());
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    asked = [];
    held = [];
    mostHeld = 0;
  });
  afterEach(async () => {
    await portal?.close();
    portal = undefined;
  });

  async function started(overrides: Partial<PortalDeps> = {}) {
    portal = await startPortal(factory, overrides);
    return portal;
  }

  async function journalist(p: Portal) {
    const session = await signedUp(p.app);
    await submit(session.agent, '/profile', '/profile', profileForm());
    const csrf = csrfFrom((await session.agent.get('/articles')).text);
    return { ...session, csrf };
  }

  const add = (agent: Agent, csrf: string, link: string) =>
    agent.post('/articles/fetch').type('form').send({ link, _csrf: csrf });

  const waitPages = (answers: request.Response[]) =>
    answers.filter((res) => res.status === 303 && String(res.headers.location).startsWith('/articles/wait?'));

  it.each([['gzip-bomb'], ['br-bomb']])('reads a %s no further than 2 MB and says so', async (path) => {
    const p = await started();
    const { agent, csrf } = await journalist(p);
    const res = await add(agent, csrf, server.url(`/${path}`));
    expect(res.status).toBe(422);
    expect(textOf(res.text)).toContain('The page is larger than 2 MB. Fill in the details below by hand.');
  });

  it('gives one person their allowance of reads at once, then 429 on a page whose reload posts nothing', async () => {
    const p = await started({ pageFetchThrottle: new PageFetchThrottle({ perUser: 3, userSeconds: 60 }) });
    const { agent, csrf } = await journalist(p);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => add(agent, csrf, server.url(`/gzip-bomb/${i}`))));
    expect(answers.filter((res) => res.status === 422)).toHaveLength(3);
    const refused = waitPages(answers);
    expect(refused).toHaveLength(7);
    expect(asked).toHaveLength(3);

    const location = String(refused[0]!.headers.location);
    const wait = await agent.get(location);
    expect(wait.status).toBe(429);
    expect(Number(wait.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(wait.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(textOf(wait.text)).toMatch(
      /You have asked Byline to read many pages in the last minute, so this page was not read\. Try again in \d+ seconds \(at \d\d:\d\d:\d\d UTC\)\./,
    );
    // The address being added is kept in the form, to send again later.
    expect(wait.text).toMatch(/name="link"[^>]*value="http:\/\/127\.0\.0\.1:\d+\/gzip-bomb\/\d"/);
    // Reloading the answer is a GET: it reads nothing and still says when.
    expect((await agent.get(location)).status).toBe(429);
    expect(asked).toHaveLength(3);

    // Someone else has their own allowance.
    const other = await journalist(p);
    expect((await add(other.agent, other.csrf, server.url('/article'))).status).toBe(200);
  });

  it('keeps a save whose page read is refused, and says it was not read', async () => {
    const p = await started({ pageFetchThrottle: new PageFetchThrottle({ perUser: 1, userSeconds: 60 }) });
    const { agent, csrf } = await journalist(p);
    expect((await add(agent, csrf, server.url('/article'))).status).toBe(200);
    const saved = await agent
      .post('/articles')
      .type('form')
      .send({
        _csrf: csrf,
        link: server.url('/article'),
        title: 'Court hears appeal',
        description: '',
        og_image: '',
        icon_path: '',
        published_at: '2024-05-02',
        tags: '',
        active: 'on',
      });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/articles?done=saved-unread');
    const list = await agent.get(String(saved.headers.location));
    expect(textOf(list.text)).toContain('Article saved. Its page was not read yet');
    expect(list.text).toContain('Court hears appeal');
    expect(asked).toHaveLength(1);
    // "Check again" is refused the same way, through the wait page.
    const id = /\/articles\/(\d+)\/edit/.exec(list.text)![1];
    const again = await agent.post(`/articles/${id}/check`).type('form').send({ _csrf: csrf });
    expect(again.status).toBe(303);
    expect((await agent.get(String(again.headers.location))).status).toBe(429);
  });

  it('runs no more reads at once than the process bound; past a short wait, 503 with Retry-After', async () => {
    const p = await started({ pageFetchSlots: new PageFetchSlots({ concurrent: 2, waiting: 2, waitMs: 400 }) });
    const people = await Promise.all(Array.from({ length: 6 }, () => journalist(p)));
    let answered = 0;
    const answers = Promise.all(
      people.map(({ agent, csrf }, i) =>
        add(agent, csrf, server.url(`/held/${i}`)).then((res) => {
          answered++;
          return res;
        }),
      ),
    );
    // Two reads reach the site; two wait (then give up after 400 ms); two are refused at once. Each of the six is
    // awaited as it ends up, not for a fixed time: on a loaded machine the requests' store steps (FerretDB's round
    // trips) can outlast a fixed second before the first read even starts. The site holds what reaches it, so a
    // bound that let a third read through would show here as three held, not pass unseen.
    await until(
      'every read held at the site or answered',
      async () => (held.length + answered === people.length ? true : undefined),
      20_000,
    );
    expect(held.length).toBe(2);
    for (const res of held) res.writeHead(200, { 'Content-Type': 'text/html' }).end(ARTICLE_HTML());
    const done = await answers;
    expect(mostHeld).toBe(2);
    expect(done.filter((res) => res.status === 200)).toHaveLength(2);
    const refused = waitPages(done);
    expect(refused).toHaveLength(4);
    const busy = await people[0]!.agent.get(String(refused[0]!.headers.location));
    expect(busy.status).toBe(503);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    expect(textOf(busy.text)).toContain('Byline is reading many pages just now, so this page was not read. Try again in');
  });
});
