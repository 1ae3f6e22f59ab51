import fs from 'node:fs';
import request from 'supertest';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import {
  addArticle,
  fetchingFrom,
  journalistAllowing,
  outletForAllTests,
  pageWith,
  profilePage,
  relAuthor,
} from './support/crediting-pages';
import { portalForEachTest, portalStoreFactories, submit, type Portal } from './support/portal-harness';

/** The page fetcher's cap (createPageFetcher): the largest page the portal ever reads. */
const FETCH_CAP_BYTES = 2 * 1024 * 1024;

/**
 * An article page that credits the journalist, then fills the fetcher's cap with unclosed elements: the shape that
 * took the tree-building reader minutes (quadratic in the nesting) while it held the portal's only thread.
 */
function hostilePageCrediting(slug: string): string {
  const page = pageWith(relAuthor(profilePage(slug)));
  const unclosed = '<span>'.repeat(Math.floor((FETCH_CAP_BYTES - page.length) / '<span>'.length) - 1);
  return page.replace('</body>', `${unclosed}</body>`);
}

/**
 * Milliseconds this thread has spent runnable but waiting for a core (the second field of Linux's
 * /proc/thread-self/schedstat), or 0 where the system does not say: time the machine's other work took, which no
 * reader can help.
 */
function queuedForCoreMs(): number {
  try {
    return Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e6 || 0;
  } catch {
    return 0;
  }
}

/**
 * The slowest answer to someone else's page (the sign-in page) asked for while `work` runs. One request is always
 * waiting (the next is sent as the last is answered), so anything that held the portal's thread (a reader run on it,
 * or a read that blocked it) would hold one of these answers back for as long. Each answer's time leaves out what
 * the thread spent waiting for a core: on a loaded machine (a CI's other suites on its two cores) that alone made
 * answers take 300-450 ms while the page was read on its own thread as it should be; running or blocked, the
 * portal's thread still counts.
 */
async function slowestAnswerDuring<T>(portal: Portal, work: Promise<T>): Promise<{ result: T; slowestMs: number }> {
  let finished = false;
  const done = work.finally(() => {
    finished = true;
  });
  let slowestMs = 0;
  while (!finished) {
    const started = performance.now();
    const queuedBefore = queuedForCoreMs();
    await request(portal.app).get('/signin').expect(200);
    slowestMs = Math.max(slowestMs, performance.now() - started - (queuedForCoreMs() - queuedBefore));
  }
  return { result: await done, slowestMs };
}

/** What other people may wait for while a page is read: the slowest answer allowed. */
const WAIT_ALLOWED_MS = 200;

/**
 * Measurements taken, at most, for one under WAIT_ALLOWED_MS: a wait also comes from the test process's garbage
 * collection, which a reader cannot help. A reader that stalled the portal fails every attempt: the quadratic one
 * this replaced took minutes on this page.
 */
const ATTEMPTS = 5;

/**
 * The portal reads an article's page when a journalist fills the form from it and when she saves it (the page check),
 * both on its page-reading thread: the readers are linear in the page's length, but the slowest 2 MB page written to
 * stall them takes 30-80 ms (`npm run bench:hostile-pages`), more than a request should wait for someone else's page.
 * What this checks is what a user sees: other requests are still answered within 200 ms meanwhile (the fetch, the
 * store and garbage collection included, on two busy cores). The embedded store only: what is measured is the
 * portal's thread, which a store in another process would not change.
 */
describe.each(portalStoreFactories().filter((factory) => factory.name === 'embedded'))(
  'a 2 MB hostile article page ($name store)',
  (factory) => {
    const outlet = outletForAllTests();
    const portal = portalForEachTest(factory, fetchingFrom('news.test'));

    it('is read and proves the article while other requests are answered within 200 ms', async () => {
      const aoife = await journalistAllowing(portal);
      const html = hostilePageCrediting(aoife.slug);
      expect(html.length).toBeGreaterThan(FETCH_CAP_BYTES - 100);
      expect(html.length).toBeLessThanOrEqual(FETCH_CAP_BYTES);

      const waits: number[] = [];
      for (let attempt = 1; attempt <= ATTEMPTS && !waits.some((ms) => ms < WAIT_ALLOWED_MS); attempt++) {
        const link = outlet.serve(`/hostile-${attempt}-${Date.now()}`, html);
        const prefill = await slowestAnswerDuring(portal, submit(aoife.agent, '/articles', '/articles/fetch', { link }));
        expect(prefill.result.status).toBe(200);
        expect(prefill.result.text).toContain('value="Court hears appeal in harbour case"');

        const save = await slowestAnswerDuring(portal, addArticle(aoife.agent, link));
        expect(save.result.headers.location).toBe('/articles?done=proven');
        expect((await portal.store.findAuthorOfArticle(canonicalizeUrl(link)))?.profile.id).toBe(aoife.profileId);
        waits.push(Math.max(prefill.slowestMs, save.slowestMs));
      }
      expect(Math.min(...waits)).toBeLessThan(WAIT_ALLOWED_MS);
    });
  },
);
