import { step, type Steps } from '../store/steps';
import { renderOutlet } from './outlet-answers';
import type { OutletsUnit } from './outlets-unit';

/**
 * Reads and renders of one profile or outlet whose save found its revision moved, before its answers are left out of
 * service instead (see rerenderAnswers): a few, as each miss means another writer saved or forgot meanwhile.
 */
export const RENDER_ATTEMPTS = 5;

/**
 * Re-renders the v2 answers of these publishers' domains from what is stored now (see RenderedOutlet): the rule every
 * write that changes a publisher, its domains, its staff, or its staff's profiles and articles ends with (the last
 * through rerenderAnswers), written once for both databases. Every domain is rendered, proven or not: a lookup serves
 * only a verified publisher's proven ones, and one proven later needs no render of its own beyond its check's.
 *
 * Concurrent re-renders (MongoDB): as a profile's (see rerenderAnswers), each domain's save applies only while its
 * render revision, read before the rest, is unchanged; the domains whose save missed are rendered again from a fresh
 * read, and after RENDER_ATTEMPTS misses left out of service (lookups render them from what is stored).
 */
export function* rerenderOutlets(unit: OutletsUnit, publisherIds: Iterable<number>): Steps<void> {
  for (const publisherId of new Set(publisherIds)) {
    let missed: Set<string> | null = null; // null: every domain (the first attempt)
    for (let attempt = 0; attempt < RENDER_ATTEMPTS && (!missed || missed.size > 0); attempt++) {
      const sources = yield* step(unit.outletSources(publisherId));
      if (!sources) {
        missed = new Set(); // no publisher: nothing to render
        break;
      }
      const answers = sources.domains
        .filter((domain) => !missed || missed.has(domain.domain))
        .map((domain) => ({
          domain: domain.domain,
          ...renderOutlet({ publisher: sources.publisher, domain }, sources.digest),
          revision: domain.revision,
        }));
      missed = new Set(yield* step(unit.saveOutlet(publisherId, answers)));
    }
    if (missed && missed.size > 0) yield* step(unit.forgetOutlet(publisherId, [...missed]));
  }
}
