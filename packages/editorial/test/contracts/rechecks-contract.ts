import { profileFields, type StoreFactory } from '@byline/test-support';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { type NewEvidence } from '@byline/domain/proofs/claims';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { recordProof } from '@byline/domain/claims/record-proof';
import { setClaims } from '@byline/domain/claims/set-claims';
import { type AuditHistory } from '@byline/domain/audit/audit-repository';
import { type LeasedQueue } from '@byline/domain/queue/leased-queue';
import { RECHECK_TOPIC } from '@byline/domain/recheck/recheck-records';
import type { Users } from '@byline/domain/users/users-repository';
import type { Store } from '@byline/domain/store/store';
import { rechecksOf, type Rechecks } from '../../src/recheck/rechecks';

const relMe = (address: string): NewEvidence => ({
  method: 'rel-me',
  provider: { id: 'urn:byline:rel-me', name: 'Byline rel="me" check' },
  provenValue: address,
  by: 'byline:rel-me check',
  nextCheckAt: new Date(Date.now() + 60_000).toISOString(),
});

const POLICY = { intervalMs: 24 * 3600_000, graceMs: 3 * 24 * 3600_000, retryMs: 3600_000 };

let counter = 0;

/**
 * The re-checks of rel="me" proofs on the leased queue, on each database (run by test/contracts/rechecks.test.ts):
 * leases, what a check records, the lapse after the grace period.
 */
export function rechecksContract(factory: StoreFactory): void {
  let store: Store;
  let claims: ClaimsRepository;
  let portal: StoreRepositories;
  let users: Users;
  let audit: AuditHistory;
  let queue: LeasedQueue;
  let rechecks: Rechecks;
  beforeEach(async () => {
    store = await factory.create();
    portal = repositoriesOf(store);
    ({ claims, queue, users, audit } = portal);
    rechecks = rechecksOf(repositoriesOf(store));
  });
  afterEach(() => repositoriesOf(store).close());

  /** A portal journalist's profile, verified by an editor when asked. */
  async function portalProfile({ verified = false } = {}) {
    const user = await users.create({ email: `r${++counter}@example.org`, passwordHash: 'x', role: 'journalist' }, new Date());
    const profile = await portal.profiles.save(user.id, profileFields(), `rechecked-${counter}`);
    if (verified)
      await portal.verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    return profile;
  }

  async function siteProof(site = 'https://aoife.example/about') {
    const profile = await portalProfile({ verified: true });
    await setClaims(claims, profile.id, { website: [site] });
    const proof = await recordProof(claims, { profileId: profile.id, kind: 'website', value: site, evidence: relMe(site) });
    if (!proof.ok) throw new Error('not proven');
    return { profile, claim: proof.claim, evidence: proof.claim.evidence[0]! };
  }

  it('two checkers taking due proofs at once never share one', async () => {
    for (const n of [1, 2, 3]) {
      await siteProof(`https://site${n}.example/`);
    }
    const now = new Date(Date.now() + 120_000);
    const [a, b] = await Promise.all(
      ['a', 'b'].map((holder) => rechecks.takeDueChecks({ now, holder, leaseMs: 60_000, limit: 2 })),
    );
    const ids = [...a!, ...b!].map((due) => due.evidence.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
  });

  it('leases due proofs to one checker at a time; a held check schedules the next', async () => {
    const { evidence } = await siteProof();
    const later = new Date(Date.now() + 120_000);
    expect(await rechecks.takeDueChecks({ now: new Date(), holder: 'a', leaseMs: 60_000, limit: 10 })).toEqual([]);
    const [due] = await rechecks.takeDueChecks({ now: later, holder: 'a', leaseMs: 60_000, limit: 10 });
    expect(due).toMatchObject({ evidence: { id: evidence.id }, claim: { kind: 'website' }, profileSlug: expect.any(String) });
    expect(await rechecks.takeDueChecks({ now: later, holder: 'b', leaseMs: 60_000, limit: 10 })).toEqual([]);
    expect(
      await rechecks.recordCheck({ evidenceId: evidence.id, holder: 'b', outcome: { ok: true }, now: later, policy: POLICY }),
    ).toBe('lease-lost');
    expect(
      await rechecks.recordCheck({ evidenceId: evidence.id, holder: 'a', outcome: { ok: true }, now: later, policy: POLICY }),
    ).toBe('held');
    const [claim] = (await claims.claimsOf(due!.claim.profileId)).filter((c) => c.kind === 'website');
    expect(claim!.evidence[0]).toMatchObject({ lastCheckedAt: later.toISOString(), failingSince: null });
    expect(Date.parse(claim!.evidence[0]!.nextCheckAt!)).toBe(later.getTime() + POLICY.intervalMs);
    // A lease not recorded in time passes to another checker.
    const next = new Date(later.getTime() + POLICY.intervalMs);
    await rechecks.takeDueChecks({ now: next, holder: 'a', leaseMs: 1000, limit: 10 });
    expect(
      await rechecks.takeDueChecks({ now: new Date(next.getTime() + 2000), holder: 'b', leaseMs: 1000, limit: 10 }),
    ).toHaveLength(1);
  });

  it('a failing proof lapses after the grace period, and its profile returns to the queue', async () => {
    const { profile, evidence } = await siteProof();
    let now = new Date(Date.now() + 120_000);
    const check = async (ok: boolean) => {
      const taken = await rechecks.takeDueChecks({ now, holder: 'w', leaseMs: 60_000, limit: 10, all: true });
      expect(taken.map((d) => d.evidence.id)).toEqual([evidence.id]);
      return rechecks.recordCheck({
        evidenceId: evidence.id,
        holder: 'w',
        outcome: ok ? { ok } : { ok, reason: 'HTTP 404' },
        now,
        policy: POLICY,
      });
    };
    expect(await check(false)).toBe('failing');
    const failingSince = now.toISOString();
    now = new Date(now.getTime() + POLICY.graceMs - 1000);
    expect(await check(false)).toBe('failing');
    let [claim] = await claims.claimsOf(profile.id);
    expect(claim).toMatchObject({ state: 'proven', evidence: [{ failingSince, lastFailure: 'HTTP 404', endedAt: null }] });
    expect(await portal.verification.pendingOf(profile.id)).toBeNull();

    now = new Date(Date.now() + 120_000 + POLICY.graceMs);
    expect(await check(false)).toBe('lapsed');
    [claim] = await claims.claimsOf(profile.id);
    expect(claim!.state).toBe('lapsed');
    expect(claim!.evidence[0]!.endedReason).toContain('HTTP 404');
    expect(await portal.verification.pendingOf(profile.id)).toMatchObject({ requestedBy: 'byline:re-check' });
    expect((await audit.historyOf(profile.id))[0]).toMatchObject({ action: 'proof-lapsed', actor: 'byline:re-check' });
    expect(await rechecks.takeDueChecks({ now, holder: 'w', leaseMs: 60_000, limit: 10, all: true })).toEqual([]);
  });

  it('leaves out proofs checked since `notCheckedSince`, and counts those another holder leases', async () => {
    const { evidence } = await siteProof();
    const now = new Date(Date.now() + 120_000);
    const query = { now, holder: 'run', all: true, notCheckedSince: now };
    expect(await rechecks.countLeasedElsewhere(query)).toBe(0);
    await rechecks.takeDueChecks({ now, holder: 'other', leaseMs: 60_000, limit: 10 });
    expect(await rechecks.countLeasedElsewhere(query)).toBe(1);
    expect(await rechecks.countLeasedElsewhere({ ...query, holder: 'other' })).toBe(0);
    expect(await rechecks.takeDueChecks({ ...query, leaseMs: 60_000, limit: 10 })).toEqual([]);
    await rechecks.recordCheck({ evidenceId: evidence.id, holder: 'other', outcome: { ok: true }, now, policy: POLICY });
    // Recorded: no lease left, and checked at `now`, so not before it.
    expect(await rechecks.countLeasedElsewhere(query)).toBe(0);
    expect(await rechecks.takeDueChecks({ ...query, leaseMs: 60_000, limit: 10 })).toEqual([]);
    // A run that started later takes it; so does one whose clock is behind the recorded check's.
    const later = new Date(now.getTime() + 1000);
    const behind = new Date(now.getTime() - 1000);
    const lagging = await rechecks.takeDueChecks({
      now: behind,
      holder: 'lagging',
      all: true,
      notCheckedSince: behind,
      leaseMs: 1,
      limit: 10,
    });
    expect(lagging.map((due) => due.evidence.id)).toEqual([evidence.id]);
    const taken = await rechecks.takeDueChecks({ ...query, now: later, notCheckedSince: later, leaseMs: 60_000, limit: 10 });
    expect(taken.map((due) => due.evidence.id)).toEqual([evidence.id]);
  });

  it('a check that holds again clears the failure', async () => {
    const { evidence, profile } = await siteProof();
    const now = new Date(Date.now() + 120_000);
    await rechecks.takeDueChecks({ now, holder: 'w', leaseMs: 60_000, limit: 10 });
    await rechecks.recordCheck({
      evidenceId: evidence.id,
      holder: 'w',
      outcome: { ok: false, reason: 'timeout' },
      now,
      policy: POLICY,
    });
    const retry = new Date(now.getTime() + POLICY.retryMs);
    await rechecks.takeDueChecks({ now: retry, holder: 'w', leaseMs: 60_000, limit: 10 });
    expect(
      await rechecks.recordCheck({ evidenceId: evidence.id, holder: 'w', outcome: { ok: true }, now: retry, policy: POLICY }),
    ).toBe('held');
    expect((await claims.claimsOf(profile.id))[0]!.evidence[0]).toMatchObject({ failingSince: null, lastFailure: null });
  });

  it('a rel="me" proof is queued when recorded, due at its next check; an ended one leaves the queue at its next take', async () => {
    const { profile, evidence } = await siteProof();
    expect(await queue.find(RECHECK_TOPIC, String(evidence.id))).toMatchObject({
      dueAt: evidence.nextCheckAt,
      holder: null,
    });
    // Proofs no one re-checks are not queued.
    const attested = await recordProof(claims, {
      profileId: profile.id,
      kind: 'twitter',
      value: 'AttestedAoife',
      evidence: {
        method: 'editor-attestation',
        provider: { id: 'urn:e', name: 'E' },
        provenValue: 'AttestedAoife',
        by: 'editor:e',
      },
    });
    if (!attested.ok) throw new Error('not attested');
    expect(await queue.find(RECHECK_TOPIC, String(attested.claim.evidence[0]!.id))).toBeNull();

    // The journalist removes the site: its proof ends, and the re-check drops its item instead of checking it.
    await setClaims(claims, profile.id, { website: [] });
    const now = new Date(Date.now() + 120_000);
    expect(await rechecks.takeDueChecks({ now, holder: 'w', leaseMs: 60_000, limit: 10, all: true })).toEqual([]);
    expect(await queue.find(RECHECK_TOPIC, String(evidence.id))).toBeNull();
  });

  it('a take passes over ended proofs to the live ones behind them', async () => {
    const first = await siteProof('https://first.example/');
    const second = await siteProof('https://second.example/');
    await setClaims(claims, first.profile.id, { website: [] });
    const now = new Date(Date.now() + 120_000);
    const taken = await rechecks.takeDueChecks({ now, holder: 'w', leaseMs: 60_000, limit: 1 });
    expect(taken.map((due) => due.evidence.id)).toEqual([second.evidence.id]);
  });

  it('a check whose proof ended while leased records nothing and takes it off the queue', async () => {
    const { profile, evidence } = await siteProof();
    const now = new Date(Date.now() + 120_000);
    await rechecks.takeDueChecks({ now, holder: 'w', leaseMs: 60_000, limit: 10 });
    await setClaims(claims, profile.id, { website: [] });
    expect(await rechecks.recordCheck({ evidenceId: evidence.id, holder: 'w', outcome: { ok: true }, now, policy: POLICY })).toBe(
      'lease-lost',
    );
    expect(await queue.find(RECHECK_TOPIC, String(evidence.id))).toBeNull();
  });
}
