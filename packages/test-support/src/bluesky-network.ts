import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { createSafeFetch, type SafeFetch } from '@byline/fetcher';
import type { BlueskySources } from '@byline/editorial/bluesky/bluesky-identity';
import { loopbackOutbound } from './outbound';
import { recordProof } from '@byline/domain/claims/record-proof';
import type { ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { blueskyProfileEvidence } from '@byline/editorial/bluesky/bluesky-evidence';
import { blueskyVerifierAccount } from '@byline/editorial/bluesky/bluesky-verifier-account';
import {
  BlueskyVerificationPublishing,
  displayNameReaderOf,
  type PublishingOptions,
} from '@byline/editorial/bluesky/bluesky-verification-publishing';

/** An account on the test PDS, with its session (to write its records and change its handle). */
export interface BlueskyTestAccount {
  did: string;
  handle: string;
  accessJwt: string;
  /** What the account holder signs in to the PDS with. */
  password: string;
}

export interface BlueskyNetwork {
  pds: string;
  plc: string;
  /** Where the portal and the worker read Bluesky identities: this network, through the SSRF-safe fetch. */
  sources: BlueskySources;
  createAccount(name: string): Promise<BlueskyTestAccount>;
  /** Writes the account's profile record (app.bsky.actor.profile, rkey self). */
  putProfile(
    account: BlueskyTestAccount,
    profile: { website?: string; description?: string; displayName?: string },
  ): Promise<void>;
  updateHandle(account: BlueskyTestAccount, handle: string): Promise<void>;
  /** Points a handle's `/.well-known/atproto-did` at another DID, as the owner of a domain handle may. */
  pointHandle(handle: string, did: string): void;
  /** Makes the account's DID document, as the portal reads it, name another PDS (one that is down, say). */
  movePds(account: BlueskyTestAccount, pds: string): void;
  /** A new app password of the account (what an operator gives Byline for its own account). */
  createAppPassword(account: BlueskyTestAccount, name: string): Promise<string>;
  /** The records of a collection in an account's repository (com.atproto.repo.listRecords), all pages. */
  listRecords(did: string, collection: string): Promise<{ uri: string; cid: string; value: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

let accounts = 0;

/**
 * The reference atproto PDS and PLC directory (@atproto/dev-env, without the AppView) on loopback, in a child
 * process (bluesky-pds-network.mjs: dev-env is ESM-only and jest's runtime CommonJS). Handles are `NAME.test`, served by
 * the PDS; a handle's `https://HANDLE/.well-known/atproto-did`, which no test can serve under that name, is answered
 * from the PDS's own resolveHandle. DNS names nothing (no `_atproto` TXT record), as for most bsky.social accounts.
 */
export function startBlueskyNetwork(): Promise<BlueskyNetwork> {
  return startNetwork('bluesky-pds-network.mjs', process.env);
}

/** A Bluesky network with Bluesky's own AppView, which reads what the PDS writes and says who is verified. */
export interface BlueskyAppViewNetwork extends BlueskyNetwork {
  /** The AppView's address (app.bsky.actor.getProfile). */
  bsky: string;
  /** Waits until the AppView has indexed everything the PDS wrote so far. */
  processAll(): Promise<void>;
  /** Makes an account a trusted verifier in the AppView, as Bluesky does for the verifiers it recognises. */
  trust(did: string): Promise<void>;
}

/**
 * startBlueskyNetwork with the AppView as well (bluesky-appview-network.mjs: @atproto/dev-env's TestNetwork), on the
 * PostgreSQL of DB_POSTGRES_URL (postgresql://postgres@127.0.0.1:5432/postgres by default) and the Redis of REDIS_HOST
 * (127.0.0.1:6379 by default), in a schema of its own.
 */
export async function startBlueskyAppView(schema: string): Promise<BlueskyAppViewNetwork> {
  const network = await startNetwork('bluesky-appview-network.mjs', {
    ...process.env,
    DB_POSTGRES_URL: process.env.DB_POSTGRES_URL ?? DEFAULT_POSTGRES_URL,
    REDIS_HOST: process.env.REDIS_HOST ?? DEFAULT_REDIS_HOST,
    BYLINE_APPVIEW_SCHEMA: schema,
  });
  return {
    ...network,
    bsky: network.started.bsky!,
    processAll: () => network.command({ op: 'process' }),
    trust: (did) => network.command({ op: 'trust', did }),
  };
}

const DEFAULT_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_HOST = '127.0.0.1:6379';

/**
 * Whether the PostgreSQL (DB_POSTGRES_URL) and Redis (REDIS_HOST) the AppView needs answer on their ports, asked once
 * before the suite is declared (a child process, so the answer is synchronous). Absent, the suite is skipped with a
 * visible notice; under CI their absence fails it.
 */
export function appViewServicesAvailable(): boolean {
  const postgres = new URL(process.env.DB_POSTGRES_URL ?? DEFAULT_POSTGRES_URL);
  const [redisHost, redisPort] = (process.env.REDIS_HOST ?? DEFAULT_REDIS_HOST).split(':');
  const targets = [
    [postgres.hostname, Number(postgres.port || 5432)],
    [redisHost, Number(redisPort || 6379)],
  ];
  const probe = `const net = require('node:net');
    Promise.all(${JSON.stringify(targets)}.map(([host, port]) => new Promise((ok, no) => {
      const socket = net.connect({ host, port, timeout: 2000 }, () => { socket.end(); ok(); });
      socket.on('error', no); socket.on('timeout', () => no(new Error('timeout')));
    }))).then(() => process.exit(0), () => process.exit(1));`;
  if (spawnSync(process.execPath, ['-e', probe], { timeout: 10_000 }).status === 0) return true;
  const what = `PostgreSQL (${postgres.host}) and Redis (${redisHost}:${redisPort ?? 6379})`;
  if (process.env.CI) throw new Error(`CI is set but ${what}, which the Bluesky AppView needs, do not both answer.`);
  process.stderr.write(
    `\n${'='.repeat(78)}\n  Bluesky AppView tests SKIPPED: ${what} do not both answer.\n  Set DB_POSTGRES_URL and REDIS_HOST to ones that do.\n${'='.repeat(78)}\n\n`,
  );
  return false;
}

async function startNetwork(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<BlueskyNetwork & { started: { bsky?: string }; command(command: Record<string, unknown>): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, script)], {
    cwd: path.join(__dirname, '..'),
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = readline.createInterface({ input: child.stdout! });
  const answers = new Map<number, (answer: { ok: boolean; error?: string }) => void>();
  const started = await new Promise<{ pds: string; plc: string; bsky?: string }>((resolve, reject) => {
    lines.once('line', (line) => {
      resolve(JSON.parse(line) as { pds: string; plc: string });
      lines.on('line', (answer) => {
        const { id, ...rest } = JSON.parse(answer) as { id: number; ok: boolean; error?: string };
        answers.get(id)?.(rest);
        answers.delete(id);
      });
    });
    child.once('exit', (code) =>
      reject(
        new Error(
          `the Bluesky test network stopped (${code}): ${stderr.slice(-2000)}\n` +
            'It needs @atproto/dev-env (a dependency of @byline/test-support) installed.',
        ),
      ),
    );
  });
  const { pds, plc } = started;
  let closing = false;
  child.once('exit', (code, signal) => {
    // Said at once: every later request would fail with only "connection refused" to tell why.
    if (!closing) console.error(`the Bluesky test network stopped (${code ?? signal}): ${stderr.slice(-3000)}`);
  });
  const safe = createSafeFetch({ ...loopbackOutbound(), timeoutMs: 5000 });
  const pointed = new Map<string, string>();
  const moved = new Map<string, string>();
  const fetch: SafeFetch = async (input, init) => {
    const url = new URL(String(input));
    const movedTo = url.origin === new URL(plc).origin ? moved.get(decodeURIComponent(url.pathname.slice(1))) : undefined;
    if (movedTo) {
      const document = (await (await safe(input, init)).json()) as { service?: { serviceEndpoint: string }[] };
      for (const service of document.service ?? []) service.serviceEndpoint = movedTo;
      return new Response(JSON.stringify(document), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    if (url.protocol === 'https:' && url.pathname === '/.well-known/atproto-did') {
      const elsewhere = pointed.get(url.hostname);
      if (elsewhere) return new Response(elsewhere, { status: 200, headers: { 'Content-Type': 'text/plain' } });
      const answer = await safe(`${pds}/xrpc/com.atproto.identity.resolveHandle?handle=${encodeURIComponent(url.hostname)}`);
      if (answer.status !== 200) return new Response('not found', { status: 404 });
      const { did } = (await answer.json()) as { did: string };
      return new Response(did, { status: 200, headers: { 'Content-Type': 'text/plain' } });
    }
    return safe(input, init);
  };
  const xrpc = async (method: string, body: unknown, token?: string) => {
    const res = await globalThis.fetch(`${pds}/xrpc/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method}: HTTP ${res.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  let commands = 0;
  return {
    started,
    async command(command) {
      const id = ++commands;
      const answer = await new Promise<{ ok: boolean; error?: string }>((resolve) => {
        answers.set(id, resolve);
        child.stdin!.write(`${JSON.stringify({ id, ...command })}\n`);
      });
      if (!answer.ok) throw new Error(`the Bluesky test network could not ${String(command.op)}: ${answer.error}`);
    },
    pds,
    plc,
    sources: { txt: async () => [], fetch, plcUrl: plc },
    async createAccount(name) {
      const handle = `${name}${++accounts}.test`;
      const password = 'hunter2-but-longer';
      const made = await xrpc('com.atproto.server.createAccount', { email: `${name}${accounts}@example.org`, handle, password });
      return { did: made.did as string, handle: made.handle as string, accessJwt: made.accessJwt as string, password };
    },
    async putProfile(account, profile) {
      await xrpc(
        'com.atproto.repo.putRecord',
        {
          repo: account.did,
          collection: 'app.bsky.actor.profile',
          rkey: 'self',
          record: { $type: 'app.bsky.actor.profile', ...profile },
        },
        account.accessJwt,
      );
    },
    async updateHandle(account, handle) {
      await xrpc('com.atproto.identity.updateHandle', { handle }, account.accessJwt);
      account.handle = handle;
    },
    pointHandle(handle, did) {
      pointed.set(handle, did);
    },
    movePds(account, pdsUrl) {
      moved.set(account.did, pdsUrl);
    },
    async createAppPassword(account, name) {
      const made = await xrpc('com.atproto.server.createAppPassword', { name }, account.accessJwt);
      return made.password as string;
    },
    async listRecords(did, collection) {
      const records: { uri: string; cid: string; value: Record<string, unknown> }[] = [];
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams({ repo: did, collection, limit: '100', ...(cursor ? { cursor } : {}) });
        const res = await globalThis.fetch(`${pds}/xrpc/com.atproto.repo.listRecords?${query}`);
        if (!res.ok) throw new Error(`listRecords: HTTP ${res.status} ${await res.text()}`);
        const page = (await res.json()) as { records: typeof records; cursor?: string };
        records.push(...page.records);
        cursor = page.records.length ? page.cursor : undefined;
      } while (cursor);
      return records;
    },
    async close() {
      closing = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await exited;
    },
  };
}

/** The re-check schedule the Bluesky tests run: a day between checks, three days' grace, an hour's retry. */
export const BLUESKY_RECHECK_POLICY = { intervalMs: 24 * 3600_000, graceMs: 3 * 24 * 3600_000, retryMs: 3600_000 };

/**
 * Proves `account` on the profile as its profile record's link would (that check itself is tested through the
 * portal), for tests about what follows a proof: lookups, verification records.
 */
export async function proveBlueskyAccount(
  claims: ClaimsRepository,
  profileId: number,
  account: BlueskyTestAccount,
): Promise<void> {
  const nextCheckAt = new Date(Date.now() + BLUESKY_RECHECK_POLICY.intervalMs);
  const proof = await recordProof(claims, {
    profileId,
    kind: 'bluesky',
    value: account.handle,
    key: account.did,
    evidence: blueskyProfileEvidence(account.handle, account.did, nextCheckAt),
  });
  if (!proof.ok) throw new Error(`${account.handle} was not proven: ${proof.reason}`);
}

/** Byline's own account as an operator configures it: its handle, an app password, its PDS. */
export interface VerifierLogin {
  identifier: string;
  appPassword: string;
  pdsUrl: string;
}

/** Byline's publisher of verification records, as the worker makes it, signed in as `login` on the test network. */
export function publishingOn(
  network: BlueskyNetwork,
  verifications: PublishingOptions['verifications'],
  login: VerifierLogin,
): BlueskyVerificationPublishing {
  return new BlueskyVerificationPublishing({
    verifications,
    account: blueskyVerifierAccount(login, createSafeFetch({ ...loopbackOutbound(), timeoutMs: 3000 })),
    displayNameOf: displayNameReaderOf(network.sources),
    lookAgainMs: BLUESKY_RECHECK_POLICY.intervalMs,
  });
}
