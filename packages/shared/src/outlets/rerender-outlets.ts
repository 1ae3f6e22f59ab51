import { step, type Steps } from '../database/steps';
import { renderOutlet } from './outlet-answers';
import type { OutletsUnit } from './outlets-unit';

/**
 * Re-renders the v2 answers of these publishers' domains from what is stored now (see RenderedOutlet): the rule every
 * write that changes a publisher, its domains, its staff, or its staff's profiles and articles ends with (the last
 * through rerenderAnswers), written once for both databases. Every domain is rendered, proven or not: a lookup serves
 * only a verified publisher's proven ones, and one proven later needs no render of its own beyond its check's.
 */
export function* rerenderOutlets(unit: OutletsUnit, publisherIds: Iterable<number>): Steps<void> {
  for (const publisherId of new Set(publisherIds)) {
    const sources = yield* step(unit.outletSources(publisherId));
    if (!sources) continue;
    const answers = sources.domains.map((domain) => ({
      domain: domain.domain,
      ...renderOutlet({ publisher: sources.publisher, domain }, sources.digest),
    }));
    yield* step(unit.saveOutlet(publisherId, answers));
  }
}
