import {
  backendOf,
  recordProof,
  setClaims,
  type ClaimStoreWithAttempts,
  type NewEvidence,
  type PortalStore,
} from '@byline/shared';
import { storeFactories } from '@byline/test-support';
import { portalProfile as portalJournalist } from '../contracts/portal-profiles';
import { freshStorePerTest } from './fresh-store';

const relMe = (address: string): NewEvidence => ({
  method: 'rel-me',
  provider: { id: 'urn:byline:rel-me', name: 'Byline rel="me" check' },
  provenValue: address,
  by: 'byline:rel-me check',
  nextCheckAt: new Date(Date.now() + 60_000).toISOString(),
});

const POLICY = { intervalMs: 24 * 3600_000, graceMs: 3 * 24 * 3600_000, retryMs: 3600_000 };

describe.each(storeFactories())('store contract: re-checks of claims and sign-ins in progress ($name store)', (factory) => {
  const store = freshStorePerTest(factory);
  let claims: ClaimStoreWithAttempts;
  let portal: PortalStore;
  beforeEach(() => {
    try {
      claims = backendOf(store()).claims;
    } catch {
      // The implementation for this store is not there yet: the suite says so below.
    }
    portal = backendOf(store()).portal;
  });
  afterEach(async () => {
    await claims?.close();
    await portal.close();
  });

  const portalProfile = (twitter: string, options: { verified?: boolean } = {}) => portalJournalist(portal, twitter, options);

  describe('at the same time', () => {
    it('two checkers taking due proofs at once never share one', async () => {
      for (const n of [1, 2, 3]) {
        const profile = await portalProfile('', { verified: true });
        const site = `https://site${n}.example/`;
        await setClaims(backendOf(store()).profileClaims, profile.id, { website: [site] });
        await recordProof(backendOf(store()).profileClaims, {
          profileId: profile.id,
          kind: 'website',
          value: site,
          evidence: relMe(site),
        });
      }
      const now = new Date(Date.now() + 120_000);
      const [a, b] = await Promise.all(
        ['a', 'b'].map((holder) => claims.takeDueChecks({ now, holder, leaseMs: 60_000, limit: 2 })),
      );
      const ids = [...a!, ...b!].map((due) => due.evidence.id);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(3);
    });
  });

  describe('re-checks', () => {
    async function siteProof() {
      const profile = await portalProfile('', { verified: true });
      await setClaims(backendOf(store()).profileClaims, profile.id, { website: ['https://aoife.example/about'] });
      const proof = await recordProof(backendOf(store()).profileClaims, {
        profileId: profile.id,
        kind: 'website',
        value: 'https://aoife.example/about',
        evidence: relMe('https://aoife.example/about'),
      });
      if (!proof.ok) throw new Error('not proven');
      return { profile, claim: proof.claim, evidence: proof.claim.evidence[0]! };
    }

    it('leases due proofs to one checker at a time; a held check schedules the next', async () => {
      const { evidence } = await siteProof();
      const later = new Date(Date.now() + 120_000);
      expect(await claims.takeDueChecks({ now: new Date(), holder: 'a', leaseMs: 60_000, limit: 10 })).toEqual([]);
      const [due] = await claims.takeDueChecks({ now: later, holder: 'a', leaseMs: 60_000, limit: 10 });
      expect(due).toMatchObject({ evidence: { id: evidence.id }, claim: { kind: 'website' }, profileSlug: expect.any(String) });
      expect(await claims.takeDueChecks({ now: later, holder: 'b', leaseMs: 60_000, limit: 10 })).toEqual([]);
      expect(
        await claims.recordCheck({ evidenceId: evidence.id, holder: 'b', outcome: { ok: true }, now: later, policy: POLICY }),
      ).toBe('lease-lost');
      expect(
        await claims.recordCheck({ evidenceId: evidence.id, holder: 'a', outcome: { ok: true }, now: later, policy: POLICY }),
      ).toBe('held');
      const [claim] = (await claims.claimsOf(due!.claim.profileId)).filter((c) => c.kind === 'website');
      expect(claim!.evidence[0]).toMatchObject({ lastCheckedAt: later.toISOString(), failingSince: null });
      expect(Date.parse(claim!.evidence[0]!.nextCheckAt!)).toBe(later.getTime() + POLICY.intervalMs);
      // A lease not recorded in time passes to another checker.
      const next = new Date(later.getTime() + POLICY.intervalMs);
      await claims.takeDueChecks({ now: next, holder: 'a', leaseMs: 1000, limit: 10 });
      expect(
        await claims.takeDueChecks({ now: new Date(next.getTime() + 2000), holder: 'b', leaseMs: 1000, limit: 10 }),
      ).toHaveLength(1);
    });

    it('a failing proof lapses after the grace period, and its profile returns to the queue', async () => {
      const { profile, evidence } = await siteProof();
      let now = new Date(Date.now() + 120_000);
      const check = async (ok: boolean) => {
        const taken = await claims.takeDueChecks({ now, holder: 'w', leaseMs: 60_000, limit: 10, all: true });
        expect(taken.map((d) => d.evidence.id)).toEqual([evidence.id]);
        return claims.recordCheck({
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
      expect(await portal.pendingRequest(profile.id)).toBeNull();

      now = new Date(Date.now() + 120_000 + POLICY.graceMs);
      expect(await check(false)).toBe('lapsed');
      [claim] = await claims.claimsOf(profile.id);
      expect(claim!.state).toBe('lapsed');
      expect(claim!.evidence[0]!.endedReason).toContain('HTTP 404');
      expect(await portal.pendingRequest(profile.id)).toMatchObject({ requestedBy: 'byline:re-check' });
      expect((await portal.auditHistory(profile.id))[0]).toMatchObject({ action: 'proof-lapsed', actor: 'byline:re-check' });
      expect(await claims.takeDueChecks({ now, holder: 'w', leaseMs: 60_000, limit: 10, all: true })).toEqual([]);
    });

    it('leaves out proofs checked since `notCheckedSince`, and counts those another holder leases', async () => {
      const { evidence } = await siteProof();
      const now = new Date(Date.now() + 120_000);
      const query = { now, holder: 'run', all: true, notCheckedSince: now };
      expect(await claims.countLeasedElsewhere(query)).toBe(0);
      await claims.takeDueChecks({ now, holder: 'other', leaseMs: 60_000, limit: 10 });
      expect(await claims.countLeasedElsewhere(query)).toBe(1);
      expect(await claims.countLeasedElsewhere({ ...query, holder: 'other' })).toBe(0);
      expect(await claims.takeDueChecks({ ...query, leaseMs: 60_000, limit: 10 })).toEqual([]);
      await claims.recordCheck({ evidenceId: evidence.id, holder: 'other', outcome: { ok: true }, now, policy: POLICY });
      // Recorded: no lease left, and checked at `now`, so not before it.
      expect(await claims.countLeasedElsewhere(query)).toBe(0);
      expect(await claims.takeDueChecks({ ...query, leaseMs: 60_000, limit: 10 })).toEqual([]);
      // A run that started later takes it; so does one whose clock is behind the recorded check's.
      const later = new Date(now.getTime() + 1000);
      const behind = new Date(now.getTime() - 1000);
      const lagging = await claims.takeDueChecks({
        now: behind,
        holder: 'lagging',
        all: true,
        notCheckedSince: behind,
        leaseMs: 1,
        limit: 10,
      });
      expect(lagging.map((due) => due.evidence.id)).toEqual([evidence.id]);
      const taken = await claims.takeDueChecks({ ...query, now: later, notCheckedSince: later, leaseMs: 60_000, limit: 10 });
      expect(taken.map((due) => due.evidence.id)).toEqual([evidence.id]);
    });

    it('a check that holds again clears the failure', async () => {
      const { evidence, profile } = await siteProof();
      const now = new Date(Date.now() + 120_000);
      await claims.takeDueChecks({ now, holder: 'w', leaseMs: 60_000, limit: 10 });
      await claims.recordCheck({
        evidenceId: evidence.id,
        holder: 'w',
        outcome: { ok: false, reason: 'timeout' },
        now,
        policy: POLICY,
      });
      const retry = new Date(now.getTime() + POLICY.retryMs);
      await claims.takeDueChecks({ now: retry, holder: 'w', leaseMs: 60_000, limit: 10 });
      expect(
        await claims.recordCheck({ evidenceId: evidence.id, holder: 'w', outcome: { ok: true }, now: retry, policy: POLICY }),
      ).toBe('held');
      expect((await claims.claimsOf(profile.id))[0]!.evidence[0]).toMatchObject({ failingSince: null, lastFailure: null });
    });
  });

  describe('network sign-ins in progress', () => {
    const attempt = (stateHash: string, expiresAt: string) => ({
      stateHash,
      userId: 1,
      profileId: 1,
      network: 'twitter' as const,
      claimedValue: 'Typed',
      nonce: 'n',
      codeVerifier: 'v',
      createdAt: new Date().toISOString(),
      expiresAt,
    });

    it('are taken once; a replay is used, a late one expired, a stranger unknown', async () => {
      const soon = new Date(Date.now() + 600_000).toISOString();
      await claims.createProofAttempt(attempt('h1', soon));
      await claims.createProofAttempt(attempt('h2', new Date(Date.now() - 1000).toISOString()));
      expect(await claims.takeProofAttempt('h1', new Date())).toMatchObject({
        status: 'taken',
        attempt: { codeVerifier: 'v', network: 'twitter' },
      });
      expect(await claims.takeProofAttempt('h1', new Date())).toEqual({ status: 'used' });
      expect(await claims.takeProofAttempt('h2', new Date())).toMatchObject({ status: 'expired' });
      expect(await claims.takeProofAttempt('nope', new Date())).toEqual({ status: 'unknown' });
    });

    it('abandoned a day past their expiry are cleared as new ones start', async () => {
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
      const anHourAgo = new Date(Date.now() - 3600_000).toISOString();
      await claims.createProofAttempt(attempt('abandoned', twoDaysAgo));
      await claims.createProofAttempt(attempt('recent', anHourAgo));
      await claims.createProofAttempt(attempt('new', new Date(Date.now() + 600_000).toISOString()));
      expect(await claims.takeProofAttempt('abandoned', new Date())).toEqual({ status: 'unknown' });
      expect(await claims.takeProofAttempt('recent', new Date())).toMatchObject({ status: 'expired' });
    });
  });
});
