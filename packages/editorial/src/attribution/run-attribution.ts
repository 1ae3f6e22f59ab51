import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { type ArticleInput, type Profile } from '@byline/domain/domain/types';
import { type Logger } from '@byline/domain/logging/logger';
import {
  affiliationEnding,
  domainNoLongerProven,
  endVouching,
  publisherUnverified,
  type EndingVouching,
} from '@byline/domain/articles/end-vouched-articles';
import { ArticleTakenError, type Articles } from '@byline/domain/articles/articles-repository';
import { ATTRIBUTION_ACTOR, AUTHORSHIP_PROVIDER, type AttributionBasis } from '@byline/domain/articles/article-proof';
import { ATTRIBUTION_TOPIC, type AttributionPayload } from '@byline/domain/queue/topics';
import { proveArticleSteps } from '@byline/domain/articles/prove-article';
import { type Affiliation, type Staff } from '@byline/domain/staff/staff-repository';
import { type LeasedQueue, type QueueItem, forEachDueItem } from '@byline/domain/queue/leased-queue';
import { type Publisher, type PublisherMatch, type Publishers } from '@byline/domain/publishers/publishers-repository';
import type { PublisherDomains } from '@byline/domain/publishers/publisher-domains-repository';
import { attributionMayFetch, createAskTurns, spreadAttributionAsks, type AskTurns } from '@byline/domain/queue/attribution-asks';
import { readAuthorMarkup, type AuthorMarkup } from '../authorship/author-markup';
import { authorshipSubjectOf, type AuthorshipSources } from '../authorship/authorship-subject';
import { matchedOf } from '../authorship/check-article';
import { PageFetchError, type PageFetcher } from '../authorship/fetch-page';
import { matchAuthorship, withOwnNamesOnly } from '../authorship/match-authorship';
import { readPageHead } from './page-head';
import { readRobotsTxt, type RobotsFetcher, type RobotsRules } from './robots-txt';

export interface AttributionSummary {
  /** Articles added to a staff profile and proven. */
  attributed: number;
  /** Pages read (or jobs looked at) that credit no single verified staff member: done, nothing written. */
  notAttributed: number;
  /** Addresses robots.txt keeps BylineBot from: done, not fetched. */
  disallowed: number;
  /** Jobs whose host was fetched too recently: due again when its turn comes. */
  deferred: number;
  /** Fetches that failed and are tried again later. */
  retried: number;
  /** Fetches that failed for the last time: done. */
  gaveUp: number;
}

/**
 * When each host may next be fetched: kept by the worker across its runs (one per process), so that the
 * per-host limit holds between runs too. Several replicas each keep their own.
 */
export interface HostPacing {
  /** The instant the host may be fetched again; null when it may be now. */
  freeAt(host: string, now: Date): Date | null;
  /** A fetch of the host at `at`: the next one waits `intervalMs`. */
  fetched(host: string, at: Date, intervalMs: number): void;
}

export function createHostPacing(): HostPacing {
  const next = new Map<string, number>();
  return {
    freeAt(host, now) {
      const at = next.get(host);
      if (at === undefined || at <= now.getTime()) {
        next.delete(host);
        return null;
      }
      return new Date(at);
    },
    fetched(host, at, intervalMs) {
      next.set(host, at.getTime() + intervalMs);
    },
  };
}

export interface AttributionOptions {
  queue: LeasedQueue;
  publishers: Pick<Publishers, 'findById'>;
  publisherDomains: Pick<PublisherDomains, 'matchHost' | 'findDomain'>;
  staff: Pick<Staff, 'ofPublisher' | 'findById'>;
  /** The staff's profiles, what they proved and their articles. */
  sources: AuthorshipSources & { profiles: { findById(id: number): Promise<Profile | null> }; articles: Articles };
  /** The article-page fetcher (createPageFetcher: SSRF-safe), naming BylineBot as its user agent. */
  fetchPage: PageFetcher;
  /** How robots.txt files are read (robotsFetcherFrom). */
  fetchRobots: RobotsFetcher;
  /** PUBLIC_PORTAL_URL: pages credit a profile's public page under it. */
  portalUrl: string;
  holder: string;
  now?: () => Date;
  /** At most one page fetch per host per this long (a robots.txt Crawl-delay that asks more is honoured). 10 s. */
  hostIntervalMs?: number;
  /** The per-host pacing kept across runs (createHostPacing); a fresh one per run without. */
  pacing?: HostPacing;
  /** The API keys' turns kept across runs (createAskTurns): each key's asks are taken in turn with the others'. */
  turns?: AskTurns;
  /** How long after a failed fetch (or an unreadable robots.txt) the page is tried again. One hour. */
  retryMs?: number;
  /** Failed fetches after which a job is given up. Three. */
  maxFailures?: number;
  /**
   * How long a job that ended without an attribution stays on the queue (untouched, marked finished), so that
   * lookups of the address meanwhile queue nothing and its page is not read again on each. One day; 0: removed at once.
   */
  quietMs?: number;
  batchSize?: number;
  /**
   * How long a batch is leased at a time (30 s), and how often, while it is worked, the lease is renewed (10 s): a
   * worker that dies leaves its items to others within the lease, and a live one keeps them however long a page takes.
   */
  leaseMs?: number;
  renewEveryMs?: number;
  /** Stops the run: no more items are taken; an item in hand is left to its lease, which expires. */
  signal?: AbortSignal;
  logger?: Logger;
}

export const DEFAULT_HOST_INTERVAL_MS = 10_000;
const DEFAULT_RETRY_MS = 3_600_000;
const DEFAULT_MAX_FAILURES = 3;
const DEFAULT_QUIET_MS = 24 * 3_600_000;
const BATCH_SIZE = 10;
/** Short, and renewed while the batch is worked (a robots.txt and a page per item, each within the fetcher's 5 s). */
const LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

/** A verified profile with an active affiliation to the publisher: one the publisher vouched for, who accepted. */
interface StaffMember {
  profile: Profile;
  affiliation: Affiliation;
}

/** Who a page credits, and how. */
/** `position`: where the page puts the member among its authors, for a credit by link (see AuthorshipMatch). */
type Credit = { member: StaffMember; matched: string; by: 'link' | 'name'; position?: number };

type Outcome = keyof AttributionSummary;

/**
 * The worker's attribution of unknown articles on verified publishers' domains, items of the leased queue
 * (ATTRIBUTION_TOPIC, spread first from what v2 lookups asked: spreadAttributionAsks). For each due address: the
 * publisher must still be verified, allow its pages to be read and prove the domain; its robots.txt (read once per
 * host per run) must let BylineBot fetch the address; its host must not have been fetched in the last
 * `hostIntervalMs` (else the job waits its turn). The page's author markup then credits the publisher's verified
 * active staff — by a link to their public page or a proven account, as the page check matches, or (when none is
 * credited by link) by the first and last name of exactly one of them, which suffices here because the publisher
 * vouched for who works for it — and each profile credited (several linked on a co-written page) gets the article, proven with
 * `authorship-attested` evidence saying so, and which way it credited them
 * (`attribution`): one credited by name alone stops counting when the vouching ends — the affiliation, by either
 * side, the publisher's verification, or its proof of the domain (endVouchingSteps) — and its owner's listing,
 * lapsed, is proven again by a later run. Anything else is done with its reason logged; a fetch that fails is tried
 * again, `maxFailures` times in all. A job that ends without an attribution stays queued, marked finished, for
 * `quietMs`: lookups of the address meanwhile queue nothing, so its page is not read again on each of them.
 */
export async function runAttribution(options: AttributionOptions): Promise<AttributionSummary> {
  const { queue, holder, now = () => new Date(), batchSize = BATCH_SIZE, signal } = options;
  const summary: AttributionSummary = { attributed: 0, notAttributed: 0, disallowed: 0, deferred: 0, retried: 0, gaveUp: 0 };
  const pacing = options.pacing ?? createHostPacing();
  const robots = new Map<string, Promise<RobotsRules>>();
  const robotsOf = (host: string) => {
    let rules = robots.get(host);
    if (!rules) robots.set(host, (rules = readRobotsTxt(options.fetchRobots, host)));
    return rules;
  };
  // The addresses lookups asked for since the last run, each made an item of its own first.
  // Each API key's asks are made due in turns, and of the due ones, the keys read longest ago go first.
  const turns = options.turns ?? createAskTurns();
  const spacingMs = options.hostIntervalMs ?? DEFAULT_HOST_INTERVAL_MS;
  await spreadAttributionAsks({ queue, holder, now, signal, logger: options.logger, turns, spacingMs });
  const { leaseMs = LEASE_MS, renewEveryMs = RENEW_EVERY_MS } = options;
  const run = { topic: ATTRIBUTION_TOPIC, holder, leaseMs, renewEveryMs, batchSize, now, signal, order: turns.inTurn };
  await forEachDueItem(queue, run, async (item) => {
    const outcome = await attributeItem(item, { ...options, now, pacing, turns, robotsOf });
    if (outcome) summary[outcome]++;
  });
  return summary;
}

type ItemOptions = AttributionOptions & {
  now: () => Date;
  pacing: HostPacing;
  turns: AskTurns;
  robotsOf: (host: string) => Promise<RobotsRules>;
};

/** Works one item and settles it; its outcome, or null when the run was stopped mid-way (the lease expires). */
async function attributeItem(item: QueueItem, options: ItemOptions): Promise<Outcome | null> {
  const { queue, publishers, publisherDomains, holder, now, pacing, logger, hostIntervalMs = DEFAULT_HOST_INTERVAL_MS } = options;
  const payload = item.payload as AttributionPayload;
  const { url, publisherId } = payload;
  const about = { url, publisherId };
  if (payload.finished !== undefined) {
    // Its quiet period is over: a lookup of the address may queue it afresh.
    await queue.settle(item.id, holder, 'done', now());
    return null;
  }
  const finish = async (outcome: Outcome, reason: string, more: Record<string, unknown> = {}) => {
    const quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
    const next =
      outcome === 'attributed' || quietMs <= 0
        ? ('done' as const)
        : { dueAt: new Date(now().getTime() + quietMs), payload: { ...payload, finished: reason } };
    await queue.settle(item.id, holder, next, now());
    logger?.info('attribution done', { ...about, outcome, reason, ...more });
    return outcome;
  };
  const failed = async (reason: string) => {
    const failures = (payload.failures ?? 0) + 1;
    if (failures >= (options.maxFailures ?? DEFAULT_MAX_FAILURES)) return finish('gaveUp', reason, { failures });
    const dueAt = new Date(now().getTime() + (options.retryMs ?? DEFAULT_RETRY_MS));
    await queue.settle(item.id, holder, { dueAt, payload: { ...payload, failures } }, now());
    logger?.info('attribution fetch failed; trying again later', { ...about, reason, failures, dueAt: dueAt.toISOString() });
    return 'retried' as const;
  };

  // The address the lookup gave is fetched (a site may not serve the canonical form's bare host); its host is paced.
  const address = payload.address ?? url;
  // Queued before the rule held: a port the lookup chose is never connected to.
  if (!attributionMayFetch(address)) return finish('notAttributed', 'the address names a port other than the standard one');
  const host = hostOf(address);
  const publisher = await publishers.findById(publisherId);
  if (!host || !publisher?.verifiedAt || !publisher.attribution) {
    return finish('notAttributed', 'the publisher is no longer verified, or asks that its pages not be read');
  }
  const match = await publisherDomains.matchHost(host);
  if (match?.publisher.id !== publisherId) return finish('notAttributed', 'the publisher no longer proves the domain');
  const staff = await verifiedStaffOf(publisher, options);
  if (!staff.length) return finish('notAttributed', 'the publisher has no verified active staff');

  const freeAt = pacing.freeAt(host, now());
  if (freeAt) {
    await queue.settle(item.id, holder, { dueAt: freeAt }, now());
    logger?.debug('attribution waits for its host’s turn', { ...about, dueAt: freeAt.toISOString() });
    return 'deferred';
  }
  const rules = await options.robotsOf(host);
  if (rules.kind === 'unreachable') return failed(rules.reason);
  if (rules.kind === 'rules' && !rules.allows(address)) {
    return finish('disallowed', `robots.txt disallows ${address} to BylineBot`);
  }
  const crawlDelayMs = rules.kind === 'rules' ? (rules.crawlDelayMs ?? 0) : 0;
  pacing.fetched(host, now(), Math.max(hostIntervalMs, crawlDelayMs));
  options.turns.served(payload.askedBy ?? '', now());

  let page;
  try {
    page = await options.fetchPage(address);
  } catch (error) {
    if (!(error instanceof PageFetchError)) throw error;
    // Cut short by the stop, not by the site: nothing to record; the lease expires and it is read again.
    if (options.signal?.aborted) return null;
    return failed(`the page could not be read: ${error.message}`);
  }
  // A redirect must not let another outlet's page (or another publisher's domain) speak for this one.
  const landed = hostOf(page.url);
  const landedMatch = landed && (await publisherDomains.matchHost(landed));
  if (!landedMatch || landedMatch.publisher.id !== publisherId) {
    return finish('notAttributed', `the page redirects off the publisher’s domains (to ${page.url})`);
  }
  const markup = readAuthorMarkup(page.html, page.url);
  const credited = await creditedStaff(markup, staff, landedMatch, page.url, options);
  if (!credited.length) return finish('notAttributed', 'the page credits none of the publisher’s verified active staff');
  // Names alone may be shared: several staff named, and none linked, credit nobody for certain.
  if (credited.length > 1 && credited[0]!.by === 'name') {
    const named = credited.map((credit) => credit.member.profile.id).join(', ');
    return finish('notAttributed', `the page names several of the publisher’s staff, linking none (profiles ${named})`);
  }
  // A co-written page links several: each gets the article, proven on its own credit.
  const vouching = { publisher, host, domain: match.domain.domain };
  const attributed: { profileId: number; articleId: number }[] = [];
  const refused: string[] = [];
  for (const credit of credited) {
    const written = await attribute(credit, vouching, url, page.html, options);
    if (written.ok) attributed.push({ profileId: credit.member.profile.id, articleId: written.articleId });
    else refused.push(`profile ${credit.member.profile.id}: ${written.reason}`);
  }
  // Ids only: what matched (the person's name, or their page's address) is kept on the proof, not in the logs.
  if (!attributed.length) return finish('notAttributed', refused.join('; '));
  return finish('attributed', `the page credits active staff by ${credited[0]!.by}`, {
    profileIds: attributed.map((each) => each.profileId),
    articleIds: attributed.map((each) => each.articleId),
    ...(refused.length ? { refused } : {}),
  });
}

/** The publisher's active staff whose profiles are verified. */
async function verifiedStaffOf(publisher: Publisher, options: ItemOptions): Promise<StaffMember[]> {
  const active = (await options.staff.ofPublisher(publisher.id)).filter(
    (affiliation): affiliation is Affiliation & { profileId: number } =>
      affiliation.state === 'active' && affiliation.profileId !== null,
  );
  const members = await Promise.all(
    active.map(async (affiliation) => {
      const profile = await options.sources.profiles.findById(affiliation.profileId);
      return profile?.verified ? [{ profile, affiliation }] : [];
    }),
  );
  return members.flat();
}

/**
 * The staff the page credits: by link when any are (the existing matcher, with the publisher's proven domain as
 * the place allowed to credit them — the journalist accepted the publisher's vouching), else by first and last name.
 */
async function creditedStaff(
  markup: AuthorMarkup,
  staff: StaffMember[],
  match: PublisherMatch,
  pageUrl: string,
  options: ItemOptions,
): Promise<Credit[]> {
  const byLink: Credit[] = [];
  const byName: Credit[] = [];
  for (const member of staff) {
    const subject = await authorshipSubjectOf(options.sources, member.profile.id, options.portalUrl);
    if (!subject) continue;
    const hasFullName = member.profile.profile_first_name.trim() !== '' && member.profile.profile_last_name.trim() !== '';
    // A name credits staff here on the publisher's vouching alone: only the names the page gives its own writer count.
    const found = matchAuthorship(
      withOwnNamesOnly(markup),
      { ...subject, names: hasFullName ? subject.names : [], allowedDomains: [match.domain.domain] },
      pageUrl,
    );
    if (found.outcome === 'attested') {
      byLink.push({ member, matched: matchedOf(found.matched), by: 'link', position: found.matched.position });
    } else if (found.outcome === 'mention' && found.reason === 'name-only') {
      byName.push({ member, matched: `author name “${found.detail}”`, by: 'name' });
    }
  }
  // In the page's order: the first it credits is written first.
  return byLink.length ? byLink.sort((a, b) => (a.position ?? 0) - (b.position ?? 0)) : byName;
}

type Written = { ok: true; articleId: number } | { ok: false; reason: string };

/** The publisher whose page it is, the host of the address read, and the publisher's proven domain that covers it. */
interface Vouching {
  publisher: Publisher;
  host: string;
  domain: string;
}

/**
 * Whether the publisher's vouching for the credited journalist still holds: the affiliation active, the publisher
 * verified, a domain it proves still covering the host. Null when it holds, else what ended, as its end words it (the
 * affiliation's end names who ended it; the worker names itself for the publisher's and the domain's).
 */
async function vouchingEnded(
  credit: Credit,
  { publisher, host, domain }: Vouching,
  options: ItemOptions,
): Promise<EndingVouching | null> {
  const { profile, affiliation } = credit.member;
  const now = options.now().toISOString();
  const about = { publisherId: publisher.id, publisherName: publisher.name, profileIds: [profile.id] };
  const current = await options.staff.findById(affiliation.id);
  if (current?.state !== 'active') {
    const ending = { affiliationId: affiliation.id, profileId: profile.id, publisherName: publisher.name };
    return affiliationEnding({ ...ending, actor: current?.endedBy ?? ATTRIBUTION_ACTOR }, current?.endedAt ?? now);
  }
  if (!(await options.publishers.findById(publisher.id))?.verifiedAt) return publisherUnverified(about, ATTRIBUTION_ACTOR, now);
  // Another of its proven domains may cover the host still; if none does, the one that did is lapsed or gone.
  if ((await options.publisherDomains.matchHost(host))?.publisher.id === publisher.id) return null;
  const proof = await options.publisherDomains.findDomain(publisher.id, domain);
  const lost = { domain, how: proof ? ('lapsed' as const) : ('removed' as const), stillProven: [] };
  return domainNoLongerProven(about, lost, ATTRIBUTION_ACTOR, now);
}

/** Adds the article to the credited profile (or takes its own unproven listing of it) and proves it. */
async function attribute(credit: Credit, vouching: Vouching, url: string, html: string, options: ItemOptions): Promise<Written> {
  const { articles } = options.sources;
  const { profile, affiliation } = credit.member;
  const { publisher } = vouching;
  // The page was read meanwhile: a vouching ended since holds nothing up (its end released what it had vouched for).
  if (await vouchingEnded(credit, vouching, options)) {
    return { ok: false, reason: 'the publisher’s vouching ended while the page was read' };
  }
  const at = options.now().toISOString();
  let articleId: number;
  try {
    articleId = (await articles.add(profile.id, articleInputOf(url, html, profile, at))).article.id;
  } catch (error) {
    if (!(error instanceof ArticleTakenError)) throw error;
    // The journalist lists it already (or an earlier attempt added it and stopped before its proof): prove that one.
    const own = (await articles.claimsOf(profile.id)).find((claim) => canonicalizeUrl(claim.article.link) === url);
    if (!own) return { ok: false, reason: 'the article could not be found on the profile' };
    if (own.proof.state === 'proven') return { ok: false, reason: 'the article is proven on the profile already' };
    if (own.proof.state === 'released') return { ok: false, reason: 'an editor moved the article from the profile' };
    articleId = own.article.id;
  }
  const since = affiliation.acceptedAt ? ` since ${affiliation.acceptedAt.slice(0, 10)}` : '';
  const evidence = {
    method: 'authorship-attested' as const,
    provider: AUTHORSHIP_PROVIDER,
    by: ATTRIBUTION_ACTOR,
    matched: `${credit.matched} (attributed on the vouching of ${publisher.name})`,
    note:
      `Attributed on the vouching of ${publisher.name} (${publisher.slug}): its page credits ` +
      `${profile.profile_first_name} ${profile.profile_last_name}, active staff of the publisher${since}.`,
    // By name alone it stands on the affiliation, and ends with it (endVouchedArticlesSteps); by link, on the link.
    attribution: { by: credit.by, publisherId: publisher.id, affiliationId: affiliation.id },
    ...(credit.position === undefined ? {} : { position: credit.position }),
    // No nextCheckAt: the page re-checks judge by links on the journalist's own attribution domains, a stricter rule
    // than the publisher's vouching that proved this, and would lapse a name-only attribution.
  };
  const proven = await articles.inOneWrite((unit) =>
    proveArticleSteps(unit, { profileId: profile.id, articleId, evidence }, options.now().toISOString()),
  );
  if (!proven.ok) return { ok: false, reason: `the article could not be proven (${proven.reason})` };
  // The vouching may have ended between the check above and the proof: its end, reading the proofs before that,
  // missed this one. Read once more now it is written (each store's end runs after its change as well as before, so
  // one of the two sees it) and end it by the same rule. A credit by link stands on the link.
  const ended = credit.by === 'name' ? await vouchingEnded(credit, vouching, options) : null;
  if (ended) {
    const thisOne = (basis: AttributionBasis, at: string) => at === url && basis.affiliationId === affiliation.id;
    await endVouching(articles, { ...ended, restsOn: thisOne }, options.now().toISOString());
    return { ok: false, reason: 'the publisher’s vouching ended while the article was proven' };
  }
  return { ok: true, articleId };
}

/** The article as a profile lists it: its address and what the page says of itself (title, description, date). */
function articleInputOf(url: string, html: string, profile: Profile, at: string): ArticleInput {
  const { title, meta } = readPageHead(html);
  const published = new Date(meta('article:published_time'));
  return {
    title: (meta('og:title') || title || url).slice(0, 300),
    description: (meta('og:description') || meta('description')).slice(0, 1000),
    link: url,
    created_at: at,
    updated_at: at,
    og_image: '',
    icon_path: '',
    // The answers' articles carry a date: when the page gives none, the day it was attributed.
    published_at: Number.isNaN(published.getTime()) ? at : published.toISOString(),
    post_id: null,
    feature: false,
    lg_index: null,
    tag_list: [],
    active: true,
    search_visible: true,
    author_name: `${profile.profile_first_name} ${profile.profile_last_name}`.trim() || null,
  };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
