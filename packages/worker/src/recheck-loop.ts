import { type Logger } from '@byline/domain/logging/logger';
import {
  createHostPacing,
  runAttribution,
  type AttributionOptions,
  type AttributionSummary,
} from '@byline/editorial/attribution/run-attribution';
import {
  runArticleRecheck,
  type ArticleRecheckOptions,
  type ArticleRecheckSummary,
} from '@byline/editorial/authorship/article-recheck';
import {
  runDomainRecheck,
  type DomainRecheckOptions,
  type DomainRecheckSummary,
} from '@byline/editorial/publisher-domains/domain-rechecks';
import { runRecheck, type RecheckOptions, type RecheckSummary } from '@byline/editorial/proofs/recheck';
import { createAskTurns } from '@byline/domain/queue/attribution-asks';
import type { WorkerMetrics } from './worker-metrics';
import { startTicking } from './ticking-loop';

export interface RecheckLoopOptions extends Omit<RecheckOptions, 'signal' | 'onProgress' | 'all' | 'logger'> {
  /** The wait between the end of one run and the start of the next (WORKER_POLL_INTERVAL). */
  pollIntervalMs: number;
  logger: Logger;
  metrics?: WorkerMetrics;
  /**
   * The checks of article pages (runArticleRecheck), run after the rel="me" re-checks on every tick with the same
   * holder, clock, schedule and portal address; none without.
   */
  articles?: Pick<ArticleRecheckOptions, 'sources' | 'queue' | 'fetchPage' | 'readActor'>;
  /**
   * The re-checks of publishers' proven domains (runDomainRecheck), run after the article checks on every tick with
   * the same holder, clock and schedule; none without.
   */
  domains?: Pick<DomainRecheckOptions, 'publisherDomains' | 'publisherHistory' | 'queue' | 'sources' | 'trust'>;
  /**
   * The attribution of unknown articles on verified publishers' domains (runAttribution), run after the domain
   * checks on every tick with the same holder, clock and portal address; one per-host pacing and one set of the API
   * keys' turns are kept across the loop's runs. None without.
   */
  attribution?: Omit<AttributionOptions, 'holder' | 'now' | 'portalUrl' | 'pacing' | 'turns' | 'signal' | 'logger'>;
  /** Called after every run, finished or failed (tests wait on it). */
  onRun?: (result: {
    summary?: RecheckSummary;
    articles?: ArticleRecheckSummary;
    domains?: DomainRecheckSummary;
    attribution?: AttributionSummary;
    error?: unknown;
  }) => void;
}

export interface RecheckLoop {
  /** Aborts the run in progress (checks in flight are left unrecorded; their leases expire) and ends the loop. */
  stop(): Promise<void>;
  /** Resolves when the loop has ended. */
  readonly done: Promise<void>;
}

/**
 * The worker's schedule: a re-check run over the due proofs, then a pause of `pollIntervalMs`, again and again
 * until stop(). How often each proof is checked is the store's business (RECHECK_INTERVAL/RETRY give its next
 * check time); the poll interval only says how soon a due proof is noticed. A run that fails (store unreachable,
 * a bug) is logged and tried again on the next tick: the process never dies of one.
 *
 * Several replicas may run this loop on one store at once: runRecheck leases each batch on the leased queue, so
 * a proof is checked by one replica at a time, and a replica that dies leaves leases that simply expire.
 */
export function startRecheckLoop(options: RecheckLoopOptions): RecheckLoop {
  const { pollIntervalMs, logger, metrics, onRun, articles, domains, attribution, now = () => new Date(), ...recheck } = options;
  const stopping = new AbortController();
  // Kept across runs: a host fetched at the end of one run is not fetched again at the start of the next.
  const pacing = createHostPacing();
  // Kept across runs too: a key's asks spread in one run still come after its earlier ones (see spreadAttributionAsks).
  const turns = createAskTurns();

  const checkArticles = async (articles: NonNullable<RecheckLoopOptions['articles']>) => {
    const { holder, portalUrl, policy, notifier } = recheck;
    const summary = await runArticleRecheck({
      ...articles,
      holder,
      portalUrl,
      policy,
      now,
      logger,
      notifier,
      signal: stopping.signal,
    });
    const checked = summary.checked + summary.firstChecks;
    logger.log(checked > 0 ? 'info' : 'debug', 'article check run finished', { ...summary });
    return summary;
  };

  const checkDomains = async (domains: NonNullable<RecheckLoopOptions['domains']>) => {
    const { holder, policy } = recheck;
    const summary = await runDomainRecheck({ ...domains, holder, policy, now, logger, signal: stopping.signal });
    logger.log(summary.checked > 0 ? 'info' : 'debug', 'domain check run finished', { ...summary });
    return summary;
  };

  const attribute = async (attribution: NonNullable<RecheckLoopOptions['attribution']>) => {
    const { holder, portalUrl } = recheck;
    const summary = await runAttribution({
      ...attribution,
      holder,
      portalUrl,
      now,
      pacing,
      turns,
      logger,
      signal: stopping.signal,
    });
    const worked = summary.attributed + summary.notAttributed + summary.disallowed + summary.retried + summary.gaveUp;
    logger.log(worked > 0 ? 'info' : 'debug', 'attribution run finished', { ...summary });
    return summary;
  };

  return startTicking({
    run: 're-check run',
    pollIntervalMs,
    logger,
    stopping,
    tick: async () => {
      const startedAt = now();
      const summary = await runRecheck({ ...recheck, now, logger, signal: stopping.signal });
      metrics?.runFinished(summary, now());
      // A quiet tick (nothing due) is not worth a line at info.
      logger.log(summary.checked > 0 ? 'info' : 'debug', 're-check run finished', {
        ...summary,
        ms: now().getTime() - startedAt.getTime(),
        stopped: stopping.signal.aborted,
      });
      const articleSummary = articles && (await checkArticles(articles));
      const domainSummary = domains && (await checkDomains(domains));
      const attributionSummary = attribution && (await attribute(attribution));
      onRun?.({ summary, articles: articleSummary, domains: domainSummary, attribution: attributionSummary });
    },
    onError: (error) => {
      metrics?.runFailed(now());
      onRun?.({ error });
    },
  });
}
