import { generateKeyPairSync } from 'node:crypto';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { decodeJwt } from 'jose';
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { CredentialIssuance } from '@byline/domain/credentials/credential-issuance';
import { credentialIssuerOf } from '@byline/domain/credentials/credential-issuer';
import type { JournalistCredential } from '@byline/domain/credentials/journalist-credential';
import { registerEndpoint } from '@byline/editorial/webhooks/manage-endpoints';
import { runWebhookDelivery } from '@byline/editorial/webhooks/deliver';
import { runWebhookFanOut } from '@byline/editorial/webhooks/fan-out';
import { createSafeFetch } from '@byline/fetcher';
import { createLogger } from '@byline/domain/logging/logger';
import { loopbackOutbound, storeFactories } from '@byline/test-support';
import { startCredentialLoop, type CredentialLoop } from '../src/credential-loop';
import { decide, newProfile, startReceiver, type Receiver } from './webhook-fixtures';

const PUBLIC_PORTAL = 'https://byline.example';
/** What the issue asks: a revocation's bit is published within 10 s, whichever replica does it. */
const REVOCATION_PUBLISHED_WITHIN_MS = 10_000;

/** Polls `read` every 100 ms until it gives a value, for at most `ms`. */
async function within<T>(ms: number, read: () => Promise<T | null | undefined | false>): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error(`nothing within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The worker's credential loop on each store, with two replicas sharing it (two loops, two holders): a verified
 * journalist's credential is issued once; when an editor unverifies them, the credential stops being served at once,
 * its bit is set in the published list within 10 s, once, and one `credential.revoked` event reaches a subscriber.
 */
describe.each(storeFactories())('the credential loop with two replicas ($name store)', (factory) => {
  let store: Store;
  let repositories: StoreRepositories;
  let receiver: Receiver;
  let loops: CredentialLoop[] = [];

  beforeEach(async () => {
    store = await factory.create();
    repositories = repositoriesOf(store);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await Promise.all(loops.map((loop) => loop.stop()));
    loops = [];
    await receiver.close();
    await repositories.close();
  });

  it('issues once, and publishes a revocation within 10 s with its webhook event', async () => {
    const issuer = credentialIssuerOf({
      publicPortalUrl: PUBLIC_PORTAL,
      storeKind: store.kind,
      // Replicas share the operator's key (MongoDB generates none); the embedded store may keep its own.
      signingKey: store.kind === 'embedded' ? undefined : generateKeyPairSync('ed25519').privateKey,
    });
    const logger = createLogger({ level: 'error', service: 'worker' });
    const runs: { holder: string; issued: number; revoked: number }[] = [];
    for (const holder of ['w1', 'w2']) {
      loops.push(
        startCredentialLoop({
          issuance: new CredentialIssuance(repositories.journalistCredentials, issuer, PUBLIC_PORTAL),
          queue: repositories.queue,
          holder,
          pollIntervalMs: 200,
          logger,
          onRun: ({ summary }) => {
            if (summary) runs.push({ holder, issued: summary.issued, revoked: summary.revoked });
          },
        }),
      );
    }
    const outbound = loopbackOutbound();
    const hooks = {
      webhookEndpoints: repositories.webhookEndpoints,
      webhookDeliveries: repositories.webhookDeliveries,
      queue: repositories.queue,
    };
    const registered = await registerEndpoint(
      { ...hooks, outbound, now: () => new Date() },
      {
        email: 'relying@example.org',
        url: receiver.url,
        events: 'credential.revoked',
      },
    );
    expect('endpoint' in registered).toBe(true);

    const profile = await newProfile(repositories);
    await decide(repositories, profile.id, 'verified');
    const { credentials, statusLists } = repositories.journalistCredentials;
    const issued = await within(10_000, async () => {
      const credential = await credentials.first({ profileId: profile.id });
      return credential?.change === null && credential.jwt;
    });
    const credential = decodeJwt(issued) as unknown as JournalistCredential;
    const index = Number(credential.credentialStatus!.statusListIndex);
    // The run reports when it ends, after the list it started is published.
    const issuedCount = () => runs.reduce((sum, run) => sum + run.issued, 0);
    await within(10_000, async () => issuedCount() > 0);
    expect(issuedCount()).toBe(1);

    await decide(repositories, profile.id, 'unverified');
    const revokedAt = Date.now();
    // From the editor's write on, nothing is served: the change is pending until the worker revokes it.
    expect((await credentials.first({ profileId: profile.id }))!.change).not.toBeNull();
    const list = await within(REVOCATION_PUBLISHED_WITHIN_MS, async () => {
      const published = await statusLists.first({ id: 1 });
      return published?.revokedCount === 1 && published.jwt;
    });
    expect(Date.now() - revokedAt).toBeLessThan(REVOCATION_PUBLISHED_WITHIN_MS);
    const { credentialSubject } = decodeJwt(list) as { credentialSubject: { encodedList: string } };
    expect((await decodeList({ encodedList: credentialSubject.encodedList })).getStatus(index)).toBe(true);
    // The list is published before the run goes on to withdraw the credential: its summary comes when it ends.
    const revoked = () => runs.reduce((sum, run) => sum + run.revoked, 0);
    await within(REVOCATION_PUBLISHED_WITHIN_MS, async () => revoked() > 0);
    expect(revoked()).toBe(1);
    expect(await credentials.first({ profileId: profile.id })).toMatchObject({ claims: null, jwt: null, change: null });

    // The event, fanned out and delivered by the webhook runs: once, naming the entry and nothing of the journalist.
    const fetch = createSafeFetch({ ...outbound, timeoutMs: 5_000 });
    await within(10_000, async () => {
      await runWebhookFanOut({ ...hooks, database: store.database, holder: 'w1', now: () => new Date() });
      await runWebhookDelivery({ ...hooks, accounts: repositories.apiAccounts, fetch, holder: 'w1', now: () => new Date() });
      return receiver.received.length > 0;
    });
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      type: 'credential.revoked',
      timestamp: expect.any(String),
      data: { statusListCredential: `${PUBLIC_PORTAL}/credentials/status/1`, statusListIndex: String(index) },
    });
  });
});
