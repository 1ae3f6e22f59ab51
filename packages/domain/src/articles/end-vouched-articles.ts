import { rerenderAnswers } from '../answers/rerender-answers';
import { step, type Steps } from '../store/steps';
import { writeProofSteps } from './article-counts';
import { domainCovers } from '../publishers/domain-covers';
import { DOMAIN_CHECK_ACTOR } from '../publishers/publishers-repository';
import { isLiveArticleEvidence, type ArticleEvidence, type ArticleProof, type AttributionBasis } from './article-proof';
import type { Articles, ArticlesUnitOfWrite } from './articles-repository';

/**
 * Something a credit by name alone rested on that no longer holds: an affiliation ending, its publisher no longer
 * verified, or the publisher no longer proving the domain the article sits on. Which attributions rest on it, and
 * why they end (see the constructors below, the only places the reasons are worded).
 */
export interface EndingVouching {
  /** The profiles whose articles may rest on it (their proven articles are read). */
  profileIds: readonly number[];
  /** Whether a live credit by name alone with this basis, on the article at this address, rests on what ends. */
  restsOn(basis: AttributionBasis, canonicalUrl: string): boolean;
  /** Why they no longer count, as their owners and the editors read it. */
  reason: string;
  /** Who ended it (an editor, a publisher's admin, the journalist, the operator, the domain re-check): the history names them. */
  actor: string;
}

/** An active affiliation that is ending: whose, which publisher's (by name, for the reason its owner reads), by whom. */
export interface EndingAffiliation {
  affiliationId: number;
  profileId: number;
  publisherName: string;
  /** Who ends it: the history names them. */
  actor: string;
}

const vouchedBy = (publisherName: string) => `Credited by name only, on the vouching of ${publisherName}`;

/** The affiliation ends, by either side: the credits by name that rested on it. */
export function affiliationEnding(
  { affiliationId, profileId, publisherName, actor }: EndingAffiliation,
  now: string,
): EndingVouching {
  return {
    profileIds: [profileId],
    restsOn: (basis) => basis.affiliationId === affiliationId,
    reason: `${vouchedBy(publisherName)}: the affiliation ended on ${now.slice(0, 10)}.`,
    actor,
  };
}

/** The publisher and whose articles may rest on its vouching (every profile it had an affiliation with). */
export interface VouchingPublisher {
  publisherId: number;
  publisherName: string;
  profileIds: readonly number[];
}

/** An editor (or the operator) withdraws the publisher's verification: every credit by name on its vouching. */
export function publisherUnverified(
  { publisherId, publisherName, profileIds }: VouchingPublisher,
  actor: string,
  now: string,
): EndingVouching {
  return {
    profileIds,
    restsOn: (basis) => basis.publisherId === publisherId,
    reason: `${vouchedBy(publisherName)}: the publisher’s verification was withdrawn on ${now.slice(0, 10)}.`,
    actor,
  };
}

export { domainCovers };

/**
 * The publisher no longer proves `domain` (`how`: it lapsed, its proof failing past the grace period, or it was
 * removed): the credits by name on its vouching for articles whose host that domain covered, unless another domain
 * the publisher still proves (`stillProven`) covers it too. `actor`: who removed it, or whose check lapsed it.
 */
export function domainNoLongerProven(
  { publisherId, publisherName, profileIds }: VouchingPublisher,
  { domain, how, stillProven }: { domain: string; how: 'lapsed' | 'removed'; stillProven: readonly string[] },
  actor: string | null,
  now: string,
): EndingVouching {
  const what = how === 'lapsed' ? `its proof of ${domain} lapsed` : `${domain} was taken off the publisher`;
  return {
    profileIds,
    restsOn: (basis, url) =>
      basis.publisherId === publisherId &&
      domainCovers(domain, url) &&
      !stillProven.some((other) => other !== domain && domainCovers(other, url)),
    reason: `${vouchedBy(publisherName)}: ${what} on ${now.slice(0, 10)}.`,
    // A lapse recorded without its history entry names no one: the domain re-check's.
    actor: actor ?? DOMAIN_CHECK_ACTOR,
  };
}

/** A publisher's vouching as it stands: whether it is verified, and the domains it proves. */
export interface StandingPublisher extends VouchingPublisher {
  /** `verified` while it is; else the latest withdrawal of its verification in its history (or none recorded). */
  unverified: { actor: string; at: string } | 'verified' | 'never-recorded';
  provenDomains: readonly string[];
}

/**
 * Data step 039: the credits by name that rest on a vouching found no longer holding, made before its ends were
 * applied to them (or while it was ending): the publisher not verified (its withdrawal as its history names it, else
 * `actor` now), or the article's address covered by none of the domains it proves (`actor`, now).
 */
export function vouchingAsItStands(publisher: StandingPublisher, actor: string, now: string): EndingVouching {
  const { unverified } = publisher;
  if (unverified !== 'verified') {
    const withdrawal = unverified === 'never-recorded' ? { actor, at: now } : unverified;
    return publisherUnverified(publisher, withdrawal.actor, withdrawal.at);
  }
  return {
    profileIds: publisher.profileIds,
    restsOn: (basis, url) =>
      basis.publisherId === publisher.publisherId && !publisher.provenDomains.some((domain) => domainCovers(domain, url)),
    reason: `${vouchedBy(publisher.publisherName)}: none of the domains it proves covers the address (found on ${now.slice(0, 10)}).`,
    actor,
  };
}

/** The proof an ending vouching held up: the worker's attribution that credited the journalist by name alone. */
const restsOn = (ending: EndingVouching, canonicalUrl: string) => (evidence: ArticleEvidence) =>
  isLiveArticleEvidence(evidence) && evidence.attribution?.by === 'name' && ending.restsOn(evidence.attribution, canonicalUrl);

/** What an ending vouching ended: the articles whose proof ended, with their owners. */
export interface EndedVouching {
  articleIds: number[];
  /** Their owners: their answers are re-rendered after (the caller's). */
  profileIds: number[];
}

/**
 * Ends what a vouching held up, as it stops holding (the staff stores' `end`, the publishers stores' unverification,
 * domain lapse and removal): the worker attributed articles to journalists whose page on the publisher's domain named
 * them, and a name alone counts only on the publisher's vouching — its verification, its proof of the domain, and
 * the journalist's affiliation with it. Each such proof ends, kept with the reason, as a re-check's proof ends
 * (record-article-check.ts); an article left without live proof lapses — it stops counting and answering, and its
 * owner may prove it again (their page check, an editor, or the worker again once the vouching holds) — and its
 * history records who ended it (`article-vouching-ended`). An attribution by link rests on the link, and an article
 * with another live proof stays proven. Ending again finds nothing live: it may be run twice. The caller re-renders
 * the owners' answers afterwards.
 *
 * Order (MongoDB, where each is a separate write): run BEFORE the write that takes the vouching away (the
 * affiliation marked ended, the verification withdrawn, the domain lapsed or removed), after the rendered answers
 * showing it were taken out of service (takeOutOfService): interrupted, the vouching still holds and the articles
 * already stopped counting, never the other way round; repeating the change finishes the work. Run it once more
 * AFTER that write: a proof the worker wrote between the first pass and the write is ended by the second, and one
 * written after the write is ended by the worker itself, which reads the vouching again once its proof is written
 * (run-attribution.ts).
 */
export function* endVouchingSteps(
  unit: Pick<ArticlesUnitOfWrite, 'provenClaimsOf' | 'writeProof' | 'appendHistory' | 'verifiedSlugOf'>,
  ending: EndingVouching,
  now: string,
): Steps<EndedVouching> {
  const { reason, actor } = ending;
  const ended: EndedVouching = { articleIds: [], profileIds: [] };
  for (const profileId of new Set(ending.profileIds)) {
    for (const claim of yield* step(unit.provenClaimsOf(profileId))) {
      const vouched = restsOn(ending, claim.canonicalUrl);
      if (!claim.proof.evidence.some(vouched)) continue;
      const evidence = claim.proof.evidence.map((each) =>
        vouched(each) ? { ...each, nextCheckAt: null, endedAt: now, endedReason: reason } : each,
      );
      const leftWithout = !evidence.some(isLiveArticleEvidence);
      const proof: ArticleProof = leftWithout
        ? { ...claim.proof, state: 'lapsed', reason, evidence }
        : { ...claim.proof, evidence };
      // Written only if no one ended it meanwhile (another replica, the same data step run twice): audited once.
      const liveEvidence = claim.proof.evidence.flatMap((each, index) => (vouched(each) ? [index] : []));
      if (!(yield* writeProofSteps(unit, claim, proof, { liveEvidence }))) continue;
      const note = `${claim.canonicalUrl}: ${reason}${leftWithout ? '' : ' Another live proof keeps it counting.'}`;
      yield* step(unit.appendHistory({ profileId, actor, action: 'article-vouching-ended', note }, now));
      ended.articleIds.push(claim.id);
      if (!ended.profileIds.includes(profileId)) ended.profileIds.push(profileId);
    }
  }
  return ended;
}

/** An affiliation's end (see endVouchingSteps and affiliationEnding): the articles whose proof ended. */
export function* endVouchedArticlesSteps(
  unit: Pick<ArticlesUnitOfWrite, 'provenClaimsOf' | 'writeProof' | 'appendHistory' | 'verifiedSlugOf'>,
  ending: EndingAffiliation,
  now: string,
): Steps<number[]> {
  return (yield* endVouchingSteps(unit, affiliationEnding(ending, now), now)).articleIds;
}

/** Ends what `ending` selects (endVouchingSteps) as one unit of write of the articles, then re-renders the owners' answers. */
export function endVouching(articles: Pick<Articles, 'inOneWrite'>, ending: EndingVouching, now: string): Promise<EndedVouching> {
  return articles.inOneWrite(function* (unit) {
    const ended = yield* endVouchingSteps(unit, ending, now);
    if (ended.profileIds.length) yield* rerenderAnswers(unit.answers, ended.profileIds);
    return ended;
  });
}
