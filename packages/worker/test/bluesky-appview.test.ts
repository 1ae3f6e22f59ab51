/**
 * Byline as a Bluesky trusted verifier, as Bluesky's own AppView sees it: the reference PDS, PLC directory and AppView
 * (@atproto/dev-env's TestNetwork, on the local PostgreSQL and Redis), Byline's account made a trusted verifier there.
 * The record the worker publishes for a verified journalist makes the AppView report their profile's verification as
 * valid with Byline as issuer; a display name changed on Bluesky makes it invalid until the worker re-issues it; once
 * the journalist is unverified, the AppView counts no verification by Byline.
 */
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { createLogger } from '@byline/domain/logging/logger';
import {
  appViewServicesAvailable,
  BLUESKY_RECHECK_POLICY,
  type BlueskyAppViewNetwork,
  proveBlueskyAccount,
  publishingOn,
  startBlueskyAppView,
  storeFactories,
  type BlueskyTestAccount,
  within,
} from '@byline/test-support';
import { startBlueskyVerificationLoop, type BlueskyVerificationLoop } from '../src/bluesky-verification-loop';
import { decide, newProfile } from './webhook-fixtures';

jest.setTimeout(120_000);

const LOOK_AGAIN_MS = BLUESKY_RECHECK_POLICY.intervalMs;

interface ProfileVerification {
  verifiedStatus: string;
  verifications: { issuer: string; uri: string; isValid: boolean }[];
}

const available = appViewServicesAvailable();
const describeWithAppView = available ? describe.each(storeFactories()) : describe.skip.each(storeFactories());

let network: BlueskyAppViewNetwork;
let byline: BlueskyTestAccount;
let appPassword: string;

beforeAll(async () => {
  if (!available) return;
  network = await startBlueskyAppView('byline_verifier_test');
  byline = await network.createAccount('byline');
  appPassword = await network.createAppPassword(byline, 'byline-worker');
  await network.putProfile(byline, { displayName: 'Byline' });
  // The AppView knows the account once it has indexed it; then it is trusted, as Bluesky trusts the verifiers it chose.
  await network.processAll();
  await network.trust(byline.did);
});
afterAll(() => network?.close());

/** What the AppView says of the account's verification (app.bsky.actor.getProfile), once it has indexed all. */
async function verificationSeen(did: string): Promise<ProfileVerification | undefined> {
  await network.processAll();
  const res = await fetch(`${network.bsky}/xrpc/app.bsky.actor.getProfile?actor=${encodeURIComponent(did)}`);
  if (!res.ok) throw new Error(`getProfile: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { verification?: ProfileVerification }).verification;
}

describeWithAppView('Bluesky’s AppView and Byline’s records ($name store)', (factory) => {
  let store: Store;
  let repositories: StoreRepositories;
  let loop: BlueskyVerificationLoop;
  let clock = new Date();

  beforeEach(async () => {
    store = await factory.create();
    repositories = repositoriesOf(store);
    clock = new Date();
    loop = startBlueskyVerificationLoop({
      publishing: publishingOn(network, repositories.blueskyVerifications, {
        identifier: byline.handle,
        appPassword,
        pdsUrl: network.pds,
      }),
      queue: repositories.queue,
      holder: 'w1',
      pollIntervalMs: 150,
      logger: createLogger({ level: 'error', service: 'worker' }),
      now: () => clock,
    });
  });
  afterEach(async () => {
    await loop.stop();
    await repositories.close();
  });

  const settled = (profileId: number, test: (uri: string | null) => boolean) =>
    within(15_000, 'the publication settled', async () => {
      const doc = await repositories.blueskyVerifications.first({ profileId });
      return doc?.change === null && test(doc.uri) && doc;
    });

  it('is counted valid with Byline as issuer, invalid after a display name change until re-issued, and gone once unverified', async () => {
    const account = await network.createAccount('niall');
    await network.putProfile(account, { displayName: 'Niall Reporter', website: 'https://byline.example/j/niall' });
    const profile = await newProfile(repositories);
    await proveBlueskyAccount(repositories.claims, profile.id, account);
    expect(await verificationSeen(account.did)).toBeUndefined();

    await decide(repositories, profile.id, 'verified');
    const first = await settled(profile.id, (uri) => uri !== null);
    expect(await verificationSeen(account.did)).toEqual(
      expect.objectContaining({
        verifiedStatus: 'valid',
        verifications: [expect.objectContaining({ issuer: byline.did, uri: first.uri, isValid: true })],
      }),
    );

    // Bluesky drops a verification whose display name no longer matches the profile's, until Byline re-issues it.
    await network.putProfile(account, { displayName: 'Niall Ó Reporter', website: 'https://byline.example/j/niall' });
    expect(await verificationSeen(account.did)).toMatchObject({ verifiedStatus: 'invalid' });
    clock = new Date(clock.getTime() + LOOK_AGAIN_MS + 1000);
    const again = await settled(profile.id, (uri) => uri !== null && uri !== first.uri);
    expect(await verificationSeen(account.did)).toEqual(
      expect.objectContaining({
        verifiedStatus: 'valid',
        verifications: [expect.objectContaining({ issuer: byline.did, uri: again.uri, isValid: true })],
      }),
    );

    await decide(repositories, profile.id, 'unverified');
    await settled(profile.id, (uri) => uri === null);
    const after = await verificationSeen(account.did);
    expect(after?.verifications ?? []).toEqual([]);
    expect(after?.verifiedStatus ?? 'none').toBe('none');
  });
});
