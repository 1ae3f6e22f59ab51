import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { type Profiles } from '@byline/domain/profiles/profiles-repository';
import { type Verification } from '@byline/domain/verification/verification-repository';
import { failedCheck } from '@byline/domain/proofs/grace';
import { type CheckOutcome, type DueCheck, type RecheckPolicy, type RecordCheckResult } from '@byline/domain/proofs/claim-store';
import { liveEvidence, type Claim } from '@byline/domain/proofs/claims';
import { lapsedProofNote, claimTitle } from '@byline/domain/proofs/claim-wording';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Config } from '@byline/domain/config/config';
import type { Logger } from '@byline/domain/logging/logger';
import type { SafeFetch } from '@byline/fetcher';
import type { OwnerNotifier } from '../notify/owner-notifier';
import type { Rechecks } from '../recheck/rechecks';
import { endingProofs } from './no-live-proof';
import { checkRelMe, publicProfileUrl } from './rel-me-check';
import { checkBlueskyAccount, checkBlueskyProfile, type BlueskySources } from '../bluesky/bluesky-identity';
import { provenWebsiteOfHandle } from '@byline/domain/claims/domain-handle';
import { renameAccountClaim } from '@byline/domain/claims/rename-account-claim';

export interface RecheckSummary {
  checked: number;
  held: number;
  failing: number;
  lapsed: number;
  /** Checked, but the lease had passed to another checker (or the proof ended meanwhile): nothing recorded. */
  leaseLost: number;
  /** Left unchecked at the end of the run: another run (a worker, `byline recheck`) holds their lease. */
  skipped: number;
}

/** One recorded check, with the run's counts so far. */
export interface RecheckProgress {
  summary: Readonly<RecheckSummary>;
  due: DueCheck;
  outcome: CheckOutcome;
  result: RecordCheckResult;
}

export interface RecheckOptions {
  /** The re-checks on the leased queue (rechecksOf(repositories)): leases, and what a check records. */
  rechecks: Pick<Rechecks, 'takeDueChecks' | 'recordCheck' | 'countLeasedElsewhere'>;
  /** The claims: a lapse's effect on the profile is judged from them (endingProofs). */
  claims: Pick<ClaimsRepository, 'claimsOf'>;
  /** The profiles and their verification: a lapse that leaves a verified profile without a live proof unverifies it (endingProofs). */
  profiles: Pick<Profiles, 'findById'>;
  verification: Pick<Verification, 'returnToQueue'>;
  /** The SSRF-safe fetch (createSafeFetch): the claimed pages are addresses people typed. */
  fetch: SafeFetch;
  /** PUBLIC_PORTAL_URL: claimed pages must link to the profile page under it. */
  portalUrl: string;
  policy: RecheckPolicy;
  /** Who holds the leases this run takes (recheckHolder()). */
  holder: string;
  /** The clock; tests move it to pass the grace period without waiting. */
  now?: () => Date;
  /** Every live re-checked proof, due or not (each once), instead of the due ones only. */
  all?: boolean;
  /** Proofs leased at a time. */
  batchSize?: number;
  /** Checks in flight at once. */
  concurrency?: number;
  /** The most one check may take, redirects included; a slower site fails the check. */
  checkTimeoutMs?: number;
  /** Stops the run: no more proofs are taken, and checks in flight are abandoned unrecorded (their leases expire). */
  signal?: AbortSignal;
  /** Tells a profile's owner their proof lapsed (by mail where SMTP_URL is set); nobody by default. */
  notifier?: OwnerNotifier;
  /** Lapses are logged at warn, each check at debug. */
  logger?: Logger;
  onProgress?: (progress: RecheckProgress) => void;
  /**
   * Where Bluesky accounts are read (blueskySourcesOf(config)), and the claims a changed handle is written to. Without
   * it, a Bluesky proof's check fails (and the proof lapses after the grace period): nothing else can check one.
   */
  bluesky?: { sources: BlueskySources; claims: Pick<ClaimsRepository, 'inOneWrite' | 'claimsOf'> };
}

export const DEFAULT_RECHECK_BATCH_SIZE = 10;
export const DEFAULT_RECHECK_CONCURRENCY = 4;
export const DEFAULT_CHECK_TIMEOUT_MS = 30_000;

/** The re-check policy the settings give (RECHECK_INTERVAL, RECHECK_GRACE, RECHECK_RETRY). */
export function recheckPolicyOf(config: Pick<Config, 'recheckIntervalMs' | 'recheckGraceMs' | 'recheckRetryMs'>): RecheckPolicy {
  return { intervalMs: config.recheckIntervalMs, graceMs: config.recheckGraceMs, retryMs: config.recheckRetryMs };
}

/** A lease holder name no other process or run shares: `host:pid:random`, with what runs it in front. */
export function recheckHolder(role: string): string {
  return `${role}@${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Re-checks rel="me" proofs (design rule 7): takes due proofs in leased batches, checks each page with bounded
 * concurrency and records the outcome, until none is left; a proof failing past the grace period ends and its
 * profile gets a request (Rechecks.recordCheck), and a verified profile that the lapse leaves without any live
 * proof is unverified first (see recordOutcome). Safe beside other runs (worker replicas, `byline recheck`): a
 * proof is checked only under this run's lease on its queue item. Recording a check ends its lease, and a run
 * never takes a proof checked since it started, so it checks each at most once — even one due again meanwhile,
 * or with `all` — and a finished run holds no lease. What another run holds is counted as skipped. A crash or a
 * stop leaves leases that simply expire, so the proof is taken again later: nothing is lost.
 */
export async function runRecheck(options: RecheckOptions): Promise<RecheckSummary> {
  const {
    rechecks,
    holder,
    all = false,
    now = () => new Date(),
    batchSize = DEFAULT_RECHECK_BATCH_SIZE,
    concurrency = DEFAULT_RECHECK_CONCURRENCY,
    checkTimeoutMs = DEFAULT_CHECK_TIMEOUT_MS,
    signal,
  } = options;
  // Long enough for a whole batch at the worst: every round of checks taking its full time, and the writes.
  const leaseMs = Math.ceil(batchSize / concurrency) * checkTimeoutMs + 30_000;
  const summary: RecheckSummary = { checked: 0, held: 0, failing: 0, lapsed: 0, leaseLost: 0, skipped: 0 };
  const notCheckedSince = now();

  while (!signal?.aborted) {
    const batch = await rechecks.takeDueChecks({ now: now(), holder, leaseMs, limit: batchSize, all, notCheckedSince });
    if (batch.length === 0) break;
    await inParallel(batch, concurrency, signal, (due) => checkOne(due, options, summary, checkTimeoutMs, now));
  }
  if (!signal?.aborted) summary.skipped = await rechecks.countLeasedElsewhere({ now: now(), holder, all, notCheckedSince });
  return summary;
}

async function checkOne(
  due: DueCheck,
  options: RecheckOptions,
  summary: RecheckSummary,
  checkTimeoutMs: number,
  now: () => Date,
): Promise<void> {
  const { fetch, portalUrl, signal, logger, onProgress, notifier } = options;
  const deadline = AbortSignal.timeout(checkTimeoutMs);
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const bound =
    (through: SafeFetch): SafeFetch =>
    (input, init = {}) =>
      through(input, { ...init, signal: init.signal ? AbortSignal.any([init.signal, stop]) : stop });
  const profileUrl = publicProfileUrl(portalUrl, due.profileSlug);
  const outcome =
    due.claim.kind === 'bluesky'
      ? await checkBlueskyClaim(due, options.bluesky, bound, profileUrl, now)
      : await checkRelMe(bound(fetch), due.evidence.provenValue, profileUrl);
  // Cut short by the stop, not by the site: not a result to record. The lease expires and it is checked again.
  if (!outcome.ok && signal?.aborted) return;

  const result = await recordOutcome(due, outcome, now(), options);
  summary.checked++;
  if (result === 'lease-lost') summary.leaseLost++;
  else summary[result]++;
  // Ids only: the slug (made of the person's name) and the handle are the person's data, which the logs do not keep.
  const about = { profileId: due.claim.profileId, claim: { id: due.claim.id, kind: due.claim.kind } };
  if (result === 'lapsed') {
    logger?.warn('proof lapsed', { ...about, evidence: due.evidence.id, reason: outcome.ok ? null : outcome.reason });
    // After the lapse is recorded: the owner is told what stands.
    notifier?.notify({
      kind: 'proof-lapsed',
      profileId: due.claim.profileId,
      claim: claimTitle(due.claim),
      note: outcome.ok ? 'it stopped holding' : outcome.reason,
    });
  } else {
    logger?.debug('proof re-checked', {
      ...about,
      evidence: due.evidence.id,
      result,
      reason: outcome.ok ? null : outcome.reason,
    });
  }
  onProgress?.({ summary: { ...summary }, due, outcome, result });
}

/**
 * A Bluesky claim's check, by the account's DID (the claim's key): a proof by its profile record holds while the record
 * still links the public page (checkBlueskyProfile); a proof by signing in proved the DID for good, and is checked for
 * the account's handle alone; a proof by a domain handle holds while that handle is the domain of a website proven on
 * the profile. Either way, a handle the account changed is shown at once (renameAccountClaim); an
 * account that no handle names back any more (its handle moved to another account) is shown by its DID, so the old
 * handle stops answering for it, and fails the check until it has one again: past the grace period, the proof lapses.
 */
async function checkBlueskyClaim(
  due: DueCheck,
  bluesky: RecheckOptions['bluesky'],
  bound: (through: SafeFetch) => SafeFetch,
  profileUrl: string,
  now: () => Date,
): Promise<CheckOutcome> {
  if (!bluesky) return { ok: false, reason: 'Bluesky accounts are not checked by this process' };
  const sources = { ...bluesky.sources, fetch: bound(bluesky.sources.fetch) };
  const { outcome, account } =
    due.evidence.method === 'rel-me'
      ? await checkBlueskyProfile(sources, due.claim.key, profileUrl)
      : await checkBlueskyAccount(sources, due.claim.key);
  if (!account) return outcome;
  const shown = account.handle ?? account.did;
  if (shown !== due.claim.value) await renameAccountClaim(bluesky.claims, due.claim, shown, now());
  if (account.handle === null && outcome.ok)
    return { ok: false, reason: `no handle names the Bluesky account ${account.did} back any more` };
  // A domain handle's proof holds while the handle is still the domain of a website proven on the profile.
  if (due.evidence.method === 'domain-handle' && outcome.ok) {
    const website = provenWebsiteOfHandle(account.handle!, await bluesky.claims.claimsOf(due.claim.profileId));
    if (!website)
      return { ok: false, reason: `the handle ${account.handle} is not the domain of a website proven on this profile` };
  }
  return outcome;
}

/*
 * Records the outcome of a check under this run's lease. A failure may end the proof (failedCheck, judged on the
 * failure time the lease has kept since the proof was taken), so it is recorded through endingProofs: the rule
 * the portal's moves and releases follow too. A verified profile that the lapse leaves without any live proof is
 * unverified — a pending request unless one is open, a `no-live-proof` history entry — BEFORE the proof ends.
 * On SQLite that is one transaction (returnToQueue), then the lapse another (Rechecks.recordCheck). On MongoDB, which on
 * FerretDB has no transactions, they are single-document writes in this order: the verified flag off first, then
 * the history entry and the request, then the lapse's own writes. An interruption anywhere leaves the profile
 * unverified, its proof perhaps still live (checked again once the lease expires), never verified without a
 * proof; a lease lost meanwhile leaves it unverified too, for an editor to approve again.
 */
function recordOutcome(
  due: DueCheck,
  outcome: CheckOutcome,
  at: Date,
  { rechecks, claims, profiles, verification, holder, policy }: RecheckOptions,
): Promise<RecordCheckResult> {
  const record = () => rechecks.recordCheck({ evidenceId: due.evidence.id, holder, outcome, now: at, policy });
  if (outcome.ok) return record();
  const { failingSince, lapses } = failedCheck(due.evidence.failingSince, at, policy);
  const endsClaim = (claim: Claim) => claim.id === due.claim.id && liveEvidence(claim).every(({ id }) => id === due.evidence.id);
  return endingProofs(
    { profiles, verification, claims },
    due.claim.profileId,
    { leaving: (claim) => lapses && endsClaim(claim), why: () => lapsedProofNote(due.claim, failingSince, outcome.reason) },
    record,
  );
}

/** Runs `work` over the items, at most `limit` at once; no new item starts once `signal` aborts. The first error is rethrown after the rest settle. */
async function inParallel<T>(
  items: T[],
  limit: number,
  signal: AbortSignal | undefined,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (next < items.length && !signal?.aborted && !failure) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure) throw failure.error;
}
