/**
 * Byline as a Bluesky verifier, against the reference PDS and PLC directory (@atproto/dev-env) on loopback: the
 * worker's publication loop, two replicas sharing it, writes one app.bsky.graph.verification record in Byline's own
 * repository for a verified journalist whose Bluesky account is proven, deletes it when the journalist is unverified,
 * re-issues it when the journalist's Bluesky display name changes, and retries while Byline's PDS is down.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { createLogger } from '@byline/domain/logging/logger';
import { VERIFICATION_COLLECTION } from '@byline/domain/bluesky-verification/bluesky-verification-documents';
import { tidAt } from '@byline/domain/bluesky-verification/record-key';
import { blueskyVerifierAccount } from '@byline/editorial/bluesky/bluesky-verifier-account';
import {
  BlueskyVerificationPublishing,
  displayNameReaderOf,
  type PublishingSummary,
} from '@byline/editorial/bluesky/bluesky-verification-publishing';
import { createSafeFetch } from '@byline/fetcher';
import {
  BLUESKY_RECHECK_POLICY,
  type BlueskyNetwork,
  buildPackages,
  LOOPBACK_ALLOWED,
  loopbackOutbound,
  proveBlueskyAccount,
  publishingOn,
  spawnService,
  startBlueskyNetwork,
  storeFactories,
  tempDir,
  type BlueskyTestAccount,
  until,
  within,
} from '@byline/test-support';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { startBlueskyVerificationLoop, type BlueskyVerificationLoop } from '../src/bluesky-verification-loop';
import { decide, newProfile } from './webhook-fixtures';
import { createWorkerMetrics, type WorkerMetrics } from '../src/worker-metrics';
import { mongoAnswersUnit } from '@byline/store-mongodb/answers/mongo-answers-unit';
import { takeOutOfService } from '@byline/domain/answers/take-out-of-service';
import { runInTurn } from '@byline/domain/store/steps';
import { openedDatabase } from '@byline/shared';

jest.setTimeout(90_000);

const LOOK_AGAIN_MS = BLUESKY_RECHECK_POLICY.intervalMs;

/** Byline's PDS as the worker reaches it: a loopback relay that can be stopped (connections refused) and started again. */
class PdsRelay {
  private server: http.Server | null = null;
  port = 0;
  constructor(private readonly target: string) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
        ) as Record<string, string>;
        void globalThis
          .fetch(`${this.target}${req.url}`, {
            method: req.method,
            headers,
            body: chunks.length ? Buffer.concat(chunks) : undefined,
          })
          .then(async (answer) => {
            res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
            res.end(Buffer.from(await answer.arrayBuffer()));
          })
          .catch(() => {
            res.writeHead(502).end();
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

let network: BlueskyNetwork;
let byline: BlueskyTestAccount;
let appPassword: string;
let relay: PdsRelay;

beforeAll(async () => {
  network = await startBlueskyNetwork();
  byline = await network.createAccount('byline');
  appPassword = await network.createAppPassword(byline, 'byline-worker');
  relay = new PdsRelay(network.pds);
  await relay.start();
});
afterAll(async () => {
  await relay?.stop();
  await network?.close();
});

/** The verification records in Byline's repository that name this account. */
const recordsOf = async (did: string) =>
  (await network.listRecords(byline.did, VERIFICATION_COLLECTION)).filter((record) => record.value.subject === did);

describe.each(storeFactories())('Byline as a Bluesky verifier, two worker replicas ($name store)', (factory) => {
  let store: Store;
  let repositories: StoreRepositories;
  let loops: BlueskyVerificationLoop[] = [];
  let runs: { holder: string; summary: PublishingSummary }[] = [];
  /** The replicas' clock: moved on to bring a look at the display name, or a retry, due. */
  let clock = new Date();
  let metrics: WorkerMetrics;

  beforeEach(async () => {
    store = await factory.create();
    repositories = repositoriesOf(store);
    clock = new Date();
    runs = [];
    metrics = createWorkerMetrics('worker');
    const logger = createLogger({ level: 'error', service: 'worker' });
    for (const holder of ['w1', 'w2']) {
      // Byline's account by its handle, with an app password, as an operator configures it.
      const login = { identifier: byline.handle, appPassword, pdsUrl: relay.url };
      const publishing = publishingOn(network, repositories.blueskyVerifications, login);
      metrics.observeBlueskyPublishing(() => publishing.state());
      loops.push(
        startBlueskyVerificationLoop({
          publishing,
          queue: repositories.queue,
          holder,
          pollIntervalMs: 150,
          logger,
          now: () => clock,
          onRun: ({ summary }) => {
            if (summary) {
              runs.push({ holder, summary });
              metrics.blueskyRunFinished(summary);
            }
          },
        }),
      );
    }
  });
  afterEach(async () => {
    await Promise.all(loops.map((loop) => loop.stop()));
    loops = [];
    await relay.start().catch(() => undefined);
    await repositories.close();
  });

  /** A journalist whose Bluesky account (with this display name) is proven by its profile record linking their page. */
  async function journalistWithBluesky(name: string, displayName: string) {
    const account = await network.createAccount(name);
    await network.putProfile(account, { displayName, website: `https://byline.example/j/${name}` });
    const profile = await newProfile(repositories);
    await proveBlueskyAccount(repositories.claims, profile.id, account);
    return { account, profile };
  }

  const verificationOf = (profileId: number) => repositories.blueskyVerifications.first({ profileId });
  const published = (profileId: number) =>
    within(15_000, 'the record published', async () => {
      const doc = await verificationOf(profileId);
      return doc?.change === null && doc.uri !== null && doc;
    });
  const total = (field: keyof PublishingSummary) => runs.reduce((sum, run) => sum + run.summary[field], 0);
  /**
   * The total once the run that made it has reported: a run reports after its last write, so a test that saw the
   * write may look before the report. Then never more than `expected` (once, never twice).
   */
  const reported = async (field: keyof PublishingSummary, expected: number) => {
    await within(15_000, `${field} reported`, async () => total(field) >= expected);
    return total(field);
  };

  it('publishes one record for a verified journalist with a proven account, and deletes it when unverified', async () => {
    const { account, profile } = await journalistWithBluesky('maeve', 'Maeve Reporter');
    // Proven but not verified: Byline asserts nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await recordsOf(account.did)).toEqual([]);

    await decide(repositories, profile.id, 'verified');
    const doc = await published(profile.id);
    const records = await recordsOf(account.did);
    expect(records).toEqual([
      {
        uri: doc.uri,
        cid: doc.cid,
        value: {
          $type: VERIFICATION_COLLECTION,
          subject: account.did,
          handle: account.handle,
          displayName: 'Maeve Reporter',
          createdAt: expect.any(String),
        },
      },
    ]);
    expect(doc.uri).toMatch(new RegExp(`^at://${byline.did}/${VERIFICATION_COLLECTION}/[2-7a-z]{13}$`));
    // Both replicas polled; one published, once.
    expect(await reported('published', 1)).toBe(1);
    const scraped = await metrics.registry.metrics();
    expect(scraped).toContain('byline_bluesky_verification_records{state="published",service="worker"} 1');
    expect(scraped).toContain('byline_bluesky_verification_records{state="pending",service="worker"} 0');
    expect(scraped).toContain('byline_bluesky_verification_writes_total{result="published",service="worker"} 1');

    await decide(repositories, profile.id, 'unverified');
    const withdrawn = await within(15_000, 'the record deleted', async () => {
      const now = await verificationOf(profile.id);
      return now?.change === null && now.record === null && now;
    });
    expect(withdrawn).toMatchObject({ subject: null, uri: null, cid: null, writing: null });
    expect(await recordsOf(account.did)).toEqual([]);
    expect(await reported('deleted', 1)).toBe(1);
  });

  it('deletes the record when a change that removes something never gets its re-render (MongoDB: no transactions)', async () => {
    const database = openedDatabase(store.database);
    if (database.kind !== 'mongodb') return; // SQLite writes a change and its re-render in one transaction
    const { account, profile } = await journalistWithBluesky('cathal', 'Cathal');
    await decide(repositories, profile.id, 'verified');
    await published(profile.id);
    // The first step of an unverify, a lapse or an erasure on MongoDB, and then nothing: its process was killed.
    await runInTurn(takeOutOfService(mongoAnswersUnit(database.mongo.db), [profile.id]));
    await within(15_000, 'the record deleted', async () => (await verificationOf(profile.id))?.uri === null);
    expect(await recordsOf(account.did)).toEqual([]);
    // The next change's re-render names the journalist again (still verified): the record is published anew.
    await decide(repositories, profile.id, 'verified');
    await published(profile.id);
    expect(await recordsOf(account.did)).toHaveLength(1);
  });

  it('re-issues the record when the journalist’s Bluesky display name changes', async () => {
    const { account, profile } = await journalistWithBluesky('ronan', 'Ronan');
    await decide(repositories, profile.id, 'verified');
    const first = await published(profile.id);

    await network.putProfile(account, { displayName: 'Ronan Ó Gallchóir', website: `https://byline.example/j/ronan` });
    // The display name is read again once a day: the replicas' clock is moved past it.
    clock = new Date(clock.getTime() + LOOK_AGAIN_MS + 1000);
    const again = await within(15_000, 'the record re-issued', async () => {
      const doc = await verificationOf(profile.id);
      return doc && doc.uri && doc.uri !== first.uri && doc.change === null ? doc : null;
    });
    const records = await recordsOf(account.did);
    expect(records).toEqual([
      expect.objectContaining({ uri: again.uri, value: expect.objectContaining({ displayName: 'Ronan Ó Gallchóir' }) }),
    ]);
    expect(await reported('published', 2)).toBe(2);
  });

  it('finishes under the same key what a worker that died after the PDS took the record left, never writing a second', async () => {
    // Stopped: this test plays the worker that died, then lets one run.
    await Promise.all(loops.map((loop) => loop.stop()));
    loops = [];
    const { account, profile } = await journalistWithBluesky('caoimhe', 'Caoimhe');
    await decide(repositories, profile.id, 'verified');
    const bylineAccount = blueskyVerifierAccount(
      { identifier: byline.handle, appPassword, pdsUrl: network.pds },
      createSafeFetch({ ...loopbackOutbound(), timeoutMs: 3000 }),
    );
    // The dead worker stored the key, the PDS took the record, and the worker died before storing its address.
    const rkey = tidAt(new Date(), 7);
    await repositories.blueskyVerifications.updateFirst({ profileId: profile.id }, { writing: rkey });
    await bylineAccount.putVerification(rkey, {
      subject: account.did,
      handle: account.handle,
      displayName: 'Caoimhe',
      createdAt: new Date().toISOString(),
    });
    const summary = await new BlueskyVerificationPublishing({
      verifications: repositories.blueskyVerifications,
      account: bylineAccount,
      displayNameOf: displayNameReaderOf(network.sources),
      lookAgainMs: LOOK_AGAIN_MS,
    }).run(new Date(), async () => true);
    expect(summary).toMatchObject({ published: 1, failed: 0 });
    const doc = (await verificationOf(profile.id))!;
    expect(doc).toMatchObject({ change: null, writing: null, uri: `at://${byline.did}/${VERIFICATION_COLLECTION}/${rkey}` });
    expect(await recordsOf(account.did)).toEqual([expect.objectContaining({ uri: doc.uri })]);
  });

  it('keeps a publication pending while Byline’s PDS is down, and publishes it once when it is back', async () => {
    const { account, profile } = await journalistWithBluesky('sorcha', 'Sorcha');
    await relay.stop();
    await decide(repositories, profile.id, 'verified');
    const failing = await within(15_000, 'a failed attempt', async () => {
      const doc = await verificationOf(profile.id);
      return (doc?.failures ?? 0) > 0 && doc;
    });
    expect(failing).toMatchObject({ uri: null, lastError: expect.stringContaining('could not be reached') });
    expect(failing.change).not.toBeNull();
    expect(failing.lastError).not.toContain(appPassword);
    // A run counts its failed writes when it ends, after it stored the failure the poll above saw.
    const failedWrite = /byline_bluesky_verification_writes_total\{result="failed",service="worker"\} [1-9]/;
    const scraped = await within(15_000, 'the failed write counted', async () => {
      const text = await metrics.registry.metrics();
      return failedWrite.test(text) && text;
    });
    expect(scraped).toContain('byline_bluesky_verification_records{state="failing",service="worker"} 1');
    expect(scraped).toContain('byline_bluesky_verification_records{state="pending",service="worker"} 1');

    await relay.start();
    // The retry is due after its back-off.
    clock = new Date(clock.getTime() + 3600_000);
    const doc = await published(profile.id);
    expect(doc.failures).toBe(0);
    expect(await recordsOf(account.did)).toEqual([expect.objectContaining({ uri: doc.uri })]);
  });
});

/** The built worker as a process, configured with Byline's account as an operator configures it. */
describe('the worker process as Byline’s Bluesky verifier', () => {
  beforeAll(() => buildPackages('worker'), 180_000);

  it('publishes the record of a journalist verified in its store, counts it in /metrics, and never logs the app password', async () => {
    const dataDir = tempDir('byline-worker-');
    const store = SqliteStore.inDirectory(dataDir);
    const repositories = repositoriesOf(store);
    const account = await network.createAccount('process');
    await network.putProfile(account, { displayName: 'Process Reporter' });
    const profile = await newProfile(repositories);
    await proveBlueskyAccount(repositories.claims, profile.id, account);
    await decide(repositories, profile.id, 'verified');
    await repositories.close();

    const worker = await spawnService('worker', {
      dataDir,
      env: {
        LOG_LEVEL: 'info',
        ...LOOPBACK_ALLOWED,
        BLUESKY_PLC_URL: network.plc,
        BLUESKY_VERIFIER_IDENTIFIER: byline.handle,
        BLUESKY_VERIFIER_APP_PASSWORD: appPassword,
        BLUESKY_PDS_URL: network.pds,
      },
    });
    try {
      const [record] = await until('the record published', async () => {
        const records = await recordsOf(account.did);
        return records.length ? records : undefined;
      });
      expect(record!.value).toMatchObject({ handle: account.handle, displayName: 'Process Reporter' });
      const metrics = await until('the record counted', async () => {
        const text = await (await fetch(`${worker.url}/metrics`)).text();
        return /byline_bluesky_verification_records\{state="published"[^}]*\} 1/.test(text) ? text : undefined;
      });
      expect(metrics).toMatch(/byline_bluesky_verification_writes_total\{result="published"[^}]*\} 1/);
      expect(worker.output()).toContain('publishing Bluesky verification records');
      expect(worker.output()).not.toContain(appPassword);
    } finally {
      await worker.stop();
    }
    expect(await recordsOf(account.did)).toHaveLength(1);
  });
});
