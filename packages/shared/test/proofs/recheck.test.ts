import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { handleKey } from '@byline/domain/social/social-handle';
import { type ArticleInput } from '@byline/domain/domain/types';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { publicProfileUrl, relMeEvidence } from '@byline/editorial/proofs/rel-me-check';
import { rechecksOf, type Rechecks } from '@byline/editorial/recheck/rechecks';
import { runRecheck, type RecheckOptions } from '@byline/editorial/proofs/recheck';
import { EDITOR_PROVIDER } from '@byline/domain/proofs/claims';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { recordProof } from '@byline/domain/claims/record-proof';
import { setClaims } from '@byline/domain/claims/set-claims';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { type ProfileFields } from '@byline/domain/profiles/profile-fields';
import { createSafeFetch } from '@byline/fetcher';
import { anArticle, capturingLogger, loopbackOutbound, profileFields, storeFactories } from '@byline/test-support';

/**
 * The re-check use case on each store, against pages served by a real HTTP server on 127.0.0.1. The fetch may
 * reach loopback because ALLOWED_PRIVATE_ADDRESSES lists it (loopbackOutbound); `strict` is the default policy.
 */

const PORTAL = 'https://byline.example';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const POLICY = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR };

/** Test resolver: one name for the page server, one that resolves to a private address (never connected to). */
const resolve = async (hostname: string) =>
  hostname === 'intranet.byline.test' ? [{ address: '192.168.7.9', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
const testing = createSafeFetch({ ...loopbackOutbound(resolve), timeoutMs: 5000 });
const strict = createSafeFetch({ timeoutMs: 5000 });

type Page = (res: http.ServerResponse) => void;
const linkingTo =
  (slug: string): Page =>
  (res) =>
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end(`<html><body><a rel="me" href="${publicProfileUrl(PORTAL, slug)}">My Byline profile</a></body></html>`);
const withoutLink: Page = (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>nothing here</p>');

let counter = 0;
function fields(twitter = ''): ProfileFields {
  return profileFields({
    profile_last_name: `Recheck${++counter}`,
    profile_social_profiles: { twitter, facebook: '', linkedin: '', instagram: '' },
  });
}

describe.each(storeFactories())('re-checking rel="me" proofs ($name store)', (factory) => {
  let store: Store;
  let claims: ClaimsRepository;
  let rechecks: Rechecks;
  let portal: StoreRepositories;
  let server: http.Server;
  let base: string;
  let pages: Record<string, Page>;
  let requests: Record<string, number>;
  let clock: number;
  const now = () => new Date(clock);

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const path = req.url ?? '';
      requests[path] = (requests[path] ?? 0) + 1;
      // A little latency, so that concurrent runs really overlap.
      setTimeout(() => (pages[path] ?? ((r: http.ServerResponse) => r.writeHead(404).end()))(res), 20);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  beforeEach(async () => {
    store = await factory.create();
    claims = repositoriesOf(store).claims;
    rechecks = rechecksOf(repositoriesOf(store));
    portal = repositoriesOf(store);
    pages = {};
    requests = {};
    clock = Date.now() + 60_000;
  });
  afterEach(async () => {
    await claims.close();
    await portal.close();
    await store.close();
  });

  /**
   * A verified journalist's website proven by rel="me" at `path` on the page server, due for a check now; with an
   * X handle (claimed only) when `twitter` is given, left unverified when `verified` is false.
   */
  async function siteProof(path: string, { page = true, site = `${base}${path}`, twitter = '', verified = true } = {}) {
    const user = await repositoriesOf(store).users.create(
      {
        email: `j${++counter}@example.org`,
        passwordHash: 'x',
        role: 'journalist',
      },
      new Date(),
    );
    const profile = await portal.profiles.save(user.id, fields(twitter), `recheck-${counter}`);
    if (verified) {
      await portal.verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    }
    await setClaims(repositoriesOf(store).claims, profile.id, { website: [site] });
    const proof = await recordProof(repositoriesOf(store).claims, {
      profileId: profile.id,
      kind: 'website',
      value: site,
      evidence: relMeEvidence(site, new Date()),
    });
    if (!proof.ok) throw new Error('not proven');
    if (page) pages[path] = linkingTo(profile.profile_slug);
    return { profile, claim: proof.claim, evidence: proof.claim.evidence[0]! };
  }

  /** A profile whose site /attested-too is proven by rel="me" and by an editor's attestation (with `note` when given). */
  async function siteAlsoAttested(note?: string) {
    const { profile } = await siteProof('/attested-too');
    const site = `${base}/attested-too`;
    const attested = await recordProof(repositoriesOf(store).claims, {
      profileId: profile.id,
      kind: 'website',
      value: site,
      evidence: {
        method: 'editor-attestation',
        provider: EDITOR_PROVIDER,
        provenValue: site,
        by: 'editor:ed@example.org',
        ...(note === undefined ? {} : { note }),
      },
    });
    expect(attested.ok).toBe(true);
    return profile;
  }

  const website = async (profileId: number) => (await claims.claimsOf(profileId)).find((c) => c.kind === 'website')!;

  const run = (options: Partial<RecheckOptions> = {}) =>
    runRecheck({
      rechecks,
      claims,
      profiles: portal.profiles,
      verification: portal.verification,
      fetch: testing,
      portalUrl: PORTAL,
      policy: POLICY,
      holder: 'test-run',
      now,
      ...options,
    });

  it('a page that still links back holds: checked once, next check a day later', async () => {
    const { profile } = await siteProof('/aoife');
    expect(await run()).toEqual({ checked: 1, held: 1, failing: 0, lapsed: 0, leaseLost: 0, skipped: 0 });
    expect(requests['/aoife']).toBe(1);
    const claim = await website(profile.id);
    expect(claim.state).toBe('proven');
    expect(claim.evidence[0]).toMatchObject({ lastCheckedAt: now().toISOString(), failingSince: null, lastFailure: null });
    expect(Date.parse(claim.evidence[0]!.nextCheckAt!)).toBe(clock + POLICY.intervalMs);
    // Nothing is due any more.
    expect(await run()).toMatchObject({ checked: 0 });
    expect(requests['/aoife']).toBe(1);
  });

  it('a fediverse account is re-checked on the profile page its proof read, as a website is', async () => {
    const user = await portal.users.create(
      { email: `f${++counter}@example.org`, passwordHash: 'x', role: 'journalist' },
      new Date(),
    );
    const profile = await portal.profiles.save(user.id, fields(), `recheck-${counter}`);
    await setClaims(claims, profile.id, { fediverse: ['@aoife@social.example'] });
    // The evidence keeps the page read ("Check now" reads https://server/@name; here the page server stands in).
    const page = `${base}/@aoife`;
    const proof = await recordProof(claims, {
      profileId: profile.id,
      kind: 'fediverse',
      value: '@aoife@social.example',
      evidence: relMeEvidence(page, new Date()),
    });
    expect(proof.ok).toBe(true);
    pages['/@aoife'] = linkingTo(profile.profile_slug);
    expect(await run()).toMatchObject({ checked: 1, held: 1 });
    pages['/@aoife'] = withoutLink;
    clock += POLICY.intervalMs;
    expect(await run()).toMatchObject({ checked: 1, failing: 1 });
    expect(requests['/@aoife']).toBe(2);
    const account = (await claims.claimsOf(profile.id)).find((c) => c.kind === 'fediverse')!;
    expect(account.evidence[0]).toMatchObject({ provenValue: page, lastFailure: expect.stringContaining('no rel="me" link') });
  });

  it('a page that loses its link fails, stays proven inside the grace period, then lapses; the profile returns to the queue', async () => {
    const { profile } = await siteProof('/losing');
    const { logger, output } = capturingLogger();
    const progress: string[] = [];
    const runLogged = () => run({ logger, onProgress: ({ result }) => progress.push(result) });

    pages['/losing'] = withoutLink;
    const firstFailure = clock;
    expect(await runLogged()).toMatchObject({ checked: 1, failing: 1 });
    let claim = await website(profile.id);
    expect(claim.state).toBe('proven');
    expect(claim.evidence[0]).toMatchObject({
      failingSince: new Date(firstFailure).toISOString(),
      lastFailure: expect.stringContaining('no rel="me" link'),
      endedAt: null,
    });
    expect(await portal.verification.pendingOf(profile.id)).toBeNull();

    // Not due again before the retry time.
    clock += POLICY.retryMs - 1000;
    expect(await runLogged()).toMatchObject({ checked: 0 });
    // Still failing just inside the grace period: still proven, still not in the queue.
    clock = firstFailure + POLICY.graceMs - 1000;
    expect(await runLogged()).toMatchObject({ checked: 1, failing: 1, lapsed: 0 });
    expect((await website(profile.id)).state).toBe('proven');
    expect(await portal.verification.pendingOf(profile.id)).toBeNull();

    clock = firstFailure + POLICY.graceMs + POLICY.retryMs;
    expect(await runLogged()).toEqual({ checked: 1, held: 0, failing: 0, lapsed: 1, leaseLost: 0, skipped: 0 });
    expect(progress).toEqual(['failing', 'failing', 'lapsed']);
    claim = await website(profile.id);
    expect(claim.state).toBe('lapsed');
    expect(claim.evidence[0]!.endedAt).not.toBeNull();
    // Its only proof: the profile is back in the queue, unverified (see the tests below).
    expect(await portal.verification.pendingOf(profile.id)).toMatchObject({ requestedBy: 'byline:no-live-proof' });
    expect((await repositoriesOf(store).audit.historyOf(profile.id))[0]).toMatchObject({
      action: 'proof-lapsed',
      actor: 'byline:re-check',
    });

    const lapse = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.message === 'proof lapsed');
    expect(lapse).toMatchObject({
      level: 'warn',
      profileId: profile.id,
      claim: { id: claim.id, kind: 'website' },
      reason: expect.stringContaining('no rel="me" link'),
    });
    // Ids only: neither the slug (made of the name) nor the site, on any line.
    expect(output()).not.toContain(profile.profile_slug);
    expect(output()).not.toContain('/losing');
    // An ended proof is never checked again.
    clock += 30 * DAY;
    expect(await run({ all: true })).toMatchObject({ checked: 0 });
  });

  it('a lapsing rel="me" proof of a site another live proof still holds leaves it proven and out of the queue', async () => {
    const profile = await siteAlsoAttested('Checked on a call');
    pages['/attested-too'] = withoutLink;
    const firstFailure = clock;
    expect(await run()).toMatchObject({ failing: 1 });
    clock = firstFailure + POLICY.graceMs + POLICY.retryMs;
    expect(await run()).toMatchObject({ lapsed: 1 });
    const claim = await website(profile.id);
    expect(claim.state).toBe('proven');
    expect(claim.evidence.filter((e) => e.endedAt === null).map((e) => e.method)).toEqual(['editor-attestation']);
    expect(await portal.verification.pendingOf(profile.id)).toBeNull();
  });

  describe('a lapse of a verified profile’s proof', () => {
    const REASON = 'the page has no rel="me" link to this profile';

    /** An active article of the profile, proven by an editor: what verify_article answers about it. */
    async function articleOf(profileId: number, path: string) {
      const link = `https://news.example.org${path}/story`;
      const { article } = await portal.articles.add(profileId, anArticle({ link }) as ArticleInput);
      const evidence = { method: 'editor-attestation' as const, provider: EDITOR_PROVIDER, by: 'editor:ed@example.org' };
      expect(await proveArticle(portal.articles, { profileId, articleId: article.id, evidence })).toMatchObject({ ok: true });
      return canonicalizeUrl(link);
    }

    /** The X handle proven by an editor's attestation: a second proof, which no re-check ends. */
    async function attestX(profileId: number, handle: string) {
      const proof = await recordProof(repositoriesOf(store).claims, {
        profileId,
        kind: 'twitter',
        value: handle,
        evidence: { method: 'editor-attestation', provider: EDITOR_PROVIDER, provenValue: handle, by: 'editor:ed@example.org' },
      });
      if (!proof.ok) throw new Error('not attested');
    }

    /** The page at `path` loses its link, and the proof fails past the grace period: the second run lapses it. */
    async function lapse(path: string, options: Partial<RecheckOptions> = {}) {
      pages[path] = withoutLink;
      const firstFailure = clock;
      expect(await run(options)).toMatchObject({ checked: 1, failing: 1 });
      clock = firstFailure + POLICY.graceMs + POLICY.retryMs;
      return { firstFailure: new Date(firstFailure).toISOString().slice(0, 10) };
    }

    it('unverifies a profile it leaves without a live proof: neither answer says verified, it waits in the queue, its history says why', async () => {
      const { profile } = await siteProof('/only-proof', { twitter: 'onlyproof' });
      const article = await articleOf(profile.id, '/only-proof');
      expect(await store.articleAnswer(article)).toContain('"verified":true');
      const { firstFailure } = await lapse('/only-proof');
      expect(await run()).toMatchObject({ checked: 1, lapsed: 1 });

      expect((await portal.profiles.findById(profile.id))!.verified).toBe(false);
      // What both verifiers serve: nothing for its article, nothing for any of its handles.
      expect(await store.articleAnswer(article)).toBeNull();
      expect(await store.taggedArticleAnswer(article)).toBeNull();
      expect(await store.journalistAnswer('twitter', handleKey('twitter', 'onlyproof'))).toBeNull();
      expect(await portal.verification.pendingOf(profile.id)).toMatchObject({
        requestedBy: 'byline:no-live-proof',
        status: 'pending',
      });
      expect(await portal.verification.pending()).toContainEqual(expect.objectContaining({ profileId: profile.id }));
      // Newest first: the profile went back to the queue before the proof ended, so it is never verified without one.
      const [lapsed, noProof, ...rest] = await repositoriesOf(store).audit.historyOf(profile.id);
      expect(lapsed).toMatchObject({ action: 'proof-lapsed', actor: 'byline:re-check' });
      expect(noProof).toMatchObject({
        action: 'no-live-proof',
        actor: 'byline:no-live-proof',
        note: `No live proof left: the proof of website ${base}/only-proof stopped holding, failing since ${firstFailure} (${REASON})`,
      });
      expect(rest.map((record) => record.action)).toEqual(['verified']);
    });

    it('keeps verified a profile another live proof holds: the lapse opens a request and is recorded', async () => {
      const { profile } = await siteProof('/one-of-two', { twitter: 'stillproven' });
      await attestX(profile.id, 'stillproven');
      const article = await articleOf(profile.id, '/one-of-two');
      await lapse('/one-of-two');
      expect(await run()).toMatchObject({ checked: 1, lapsed: 1 });

      expect((await website(profile.id)).state).toBe('lapsed');
      expect((await portal.profiles.findById(profile.id))!.verified).toBe(true);
      expect(await store.articleAnswer(article)).toContain('"verified":true');
      expect(await store.journalistAnswer('twitter', handleKey('twitter', 'stillproven'))).toContain('"verified":true');
      expect(await portal.verification.pendingOf(profile.id)).toMatchObject({ requestedBy: 'byline:re-check' });
      const history = await repositoriesOf(store).audit.historyOf(profile.id);
      expect(history[0]).toMatchObject({ action: 'proof-lapsed', actor: 'byline:re-check' });
      expect(history.map((record) => record.action)).not.toContain('no-live-proof');
    });

    it('leaves an unverified profile unverified, with the re-check’s request as before', async () => {
      const { profile } = await siteProof('/never-verified', { verified: false });
      await lapse('/never-verified');
      expect(await run()).toMatchObject({ lapsed: 1 });
      expect((await portal.profiles.findById(profile.id))!.verified).toBe(false);
      expect(await portal.verification.pendingOf(profile.id)).toMatchObject({ requestedBy: 'byline:re-check' });
      expect((await repositoriesOf(store).audit.historyOf(profile.id)).map((record) => record.action)).toEqual(['proof-lapsed']);
    });

    it('fails safe: cut short before the lapse is recorded, the profile is already unverified; the next run lapses the proof', async () => {
      const { profile } = await siteProof('/cut-short');
      await lapse('/cut-short');
      // The store goes away as the lapse is being recorded.
      const interrupted = Object.assign(Object.create(rechecks) as Rechecks, {
        recordCheck: () => Promise.reject(new Error('the store went away')),
      });
      await expect(run({ rechecks: interrupted })).rejects.toThrow('the store went away');
      expect((await portal.profiles.findById(profile.id))!.verified).toBe(false);
      expect(await portal.verification.pendingOf(profile.id)).toMatchObject({ requestedBy: 'byline:no-live-proof' });
      expect((await website(profile.id)).evidence[0]).toMatchObject({ endedAt: null });

      // Its lease expires; the next run records the lapse.
      clock += 10 * 60_000;
      expect(await run()).toMatchObject({ checked: 1, lapsed: 1 });
      expect((await website(profile.id)).state).toBe('lapsed');
      expect((await repositoriesOf(store).audit.historyOf(profile.id)).map((record) => record.action).slice(0, 2)).toEqual([
        'proof-lapsed',
        'no-live-proof',
      ]);
    });
  });

  it('a check that holds again inside the grace period clears the failure', async () => {
    const { profile } = await siteProof('/flaky');
    const page = pages['/flaky']!;
    pages['/flaky'] = (res) => res.writeHead(503).end();
    expect(await run()).toMatchObject({ failing: 1 });
    pages['/flaky'] = page;
    clock += POLICY.retryMs;
    expect(await run()).toMatchObject({ held: 1 });
    expect((await website(profile.id)).evidence[0]).toMatchObject({ failingSince: null, lastFailure: null });
  });

  it('a page that redirects to a private address fails: the fetcher refuses it before connecting', async () => {
    const first = await siteProof('/to-private-ip', { page: false });
    const second = await siteProof('/to-private-name', { page: false });
    pages['/to-private-ip'] = (res) => res.writeHead(302, { Location: 'http://10.0.0.5/about' }).end();
    pages['/to-private-name'] = (res) => res.writeHead(301, { Location: 'http://intranet.byline.test/about' }).end();
    expect(await run()).toMatchObject({ checked: 2, failing: 2 });
    for (const { profile } of [first, second]) {
      expect((await website(profile.id)).evidence[0]!.lastFailure).toContain('private or local network');
    }
  });

  it('with the production fetch, a page on loopback is refused: no connection is made', async () => {
    const { profile } = await siteProof('/local');
    expect(await run({ fetch: strict })).toMatchObject({ checked: 1, failing: 1 });
    expect(requests['/local']).toBeUndefined();
    expect((await website(profile.id)).evidence[0]!.lastFailure).toContain('private or local network');
  });

  it('two runners at once never check one proof twice', async () => {
    const proofs = [];
    for (let i = 0; i < 12; i++) proofs.push(await siteProof(`/many-${i}`));
    const options = { batchSize: 3, concurrency: 2 };
    const [a, b] = await Promise.all([run({ ...options, holder: 'worker-a' }), run({ ...options, holder: 'worker-b' })]);
    expect(a.checked + b.checked).toBe(12);
    expect(a.held + b.held).toBe(12);
    expect(a.leaseLost + b.leaseLost).toBe(0);
    expect(Object.values(requests)).toEqual(Array(12).fill(1));
  });

  it('`all` checks every live proof once, due or not, beside a runner of due proofs', async () => {
    for (let i = 0; i < 5; i++) await siteProof(`/all-${i}`);
    expect(await run()).toMatchObject({ checked: 5, held: 5 });
    // An hour later none is due; `byline recheck` checks them all the same.
    clock += HOUR;
    requests = {};
    const [everything, due] = await Promise.all([
      run({ all: true, batchSize: 2, concurrency: 2, holder: 'byline recheck' }),
      run({ batchSize: 2, holder: 'worker' }),
    ]);
    expect(everything).toMatchObject({ checked: 5, held: 5 });
    expect(due).toMatchObject({ checked: 0 });
    expect(Object.values(requests)).toEqual(Array(5).fill(1));
  });

  it('a finished run holds no lease: another checker takes every proof at once, and a second `all` run checks them again', async () => {
    for (let i = 0; i < 5; i++) await siteProof(`/released-${i}`);
    expect(await run({ all: true, batchSize: 2 })).toMatchObject({ checked: 5, held: 5, skipped: 0 });
    const taken = await rechecks.takeDueChecks({ now: now(), holder: 'worker', leaseMs: 60_000, limit: 10, all: true });
    expect(taken).toHaveLength(5);
    for (const due of taken)
      await rechecks.recordCheck({
        evidenceId: due.evidence.id,
        holder: 'worker',
        outcome: { ok: true },
        now: now(),
        policy: POLICY,
      });
    clock += 1000;
    expect(await run({ all: true })).toMatchObject({ checked: 5, held: 5 });
  });

  it('a failing proof due again during the run is checked once, and left unleased', async () => {
    const { profile } = await siteProof('/failing-once', { page: false });
    pages['/failing-once'] = withoutLink;
    // The run's clock passes the retry time once the check is recorded (the 4th reading): the proof is due again
    // before the run ends.
    const start = clock;
    let calls = 0;
    const moving = () => new Date(start + (calls++ > 2 ? POLICY.retryMs : 0));
    expect(await run({ now: moving })).toMatchObject({ checked: 1, failing: 1, skipped: 0 });
    expect(requests['/failing-once']).toBe(1);
    clock = start + POLICY.retryMs;
    const [due] = await rechecks.takeDueChecks({ now: now(), holder: 'worker', leaseMs: 60_000, limit: 10 });
    expect(due?.claim.profileId).toBe(profile.id);
  });

  it('counts the proofs another run holds as skipped', async () => {
    for (let i = 0; i < 4; i++) await siteProof(`/held-elsewhere-${i}`);
    const held = await rechecks.takeDueChecks({ now: now(), holder: 'worker', leaseMs: 60_000, limit: 3 });
    expect(held).toHaveLength(3);
    expect(await run()).toMatchObject({ checked: 1, held: 1, skipped: 3 });
    expect(await run({ all: true })).toMatchObject({ checked: 0, skipped: 3 });
    // Once the other run's lease has expired they are this run's to check.
    clock += 61_000;
    expect(await run()).toMatchObject({ checked: 3, held: 3, skipped: 0 });
  });

  it('a stopped run records nothing for the check it abandons; the lease expires and the proof is checked again', async () => {
    const { profile } = await siteProof('/slow', { page: false });
    let answer: (() => void) | undefined;
    pages['/slow'] = (res) => (answer = () => linkingTo(profile.profile_slug)(res));
    const stop = new AbortController();
    const stopped = run({ signal: stop.signal });
    while (!requests['/slow']) await new Promise((done) => setTimeout(done, 20));
    stop.abort();
    expect(await stopped).toMatchObject({ checked: 0 });
    answer?.();
    expect((await website(profile.id)).evidence[0]).toMatchObject({ failingSince: null, lastFailure: null });

    // Still leased to the stopped run: another run takes it only once the lease has expired.
    pages['/slow'] = linkingTo(profile.profile_slug);
    expect(await run({ holder: 'another' })).toMatchObject({ checked: 0 });
    clock += 10 * 60_000;
    expect(await run({ holder: 'another' })).toMatchObject({ checked: 1, held: 1 });
  });

  it('a proof that lapses while another live proof holds its claim leaves the v2 answer’s evidence at once', async () => {
    const profile = await siteAlsoAttested();
    const link = 'https://news.example.org/attested-too/story';
    const { article } = await portal.articles.add(profile.id, anArticle({ link }) as ArticleInput);
    const evidence = { method: 'editor-attestation' as const, provider: EDITOR_PROVIDER, by: 'editor:ed@example.org' };
    expect((await proveArticle(portal.articles, { profileId: profile.id, articleId: article.id, evidence })).ok).toBe(true);
    const url = canonicalizeUrl(link);
    const served = async () =>
      (JSON.parse((await store.taggedArticleV2Answer(url))!.json) as { evidence: { method?: unknown }[] }).evidence;
    const live = async () => (await portal.authorEvidence.ofArticleAuthor(url))!;
    expect(await served()).toEqual(await live());
    expect((await live()).length).toBe(2);

    pages['/attested-too'] = withoutLink;
    const firstFailure = clock;
    expect(await run()).toMatchObject({ failing: 1 });
    clock = firstFailure + POLICY.graceMs + POLICY.retryMs;
    expect(await run()).toMatchObject({ lapsed: 1 });
    expect((await website(profile.id)).state).toBe('proven');
    expect((await live()).length).toBe(1); // the rel=me proof ended
    expect(await served()).toEqual(await live()); // the ended proof is no longer shown
  });
});
