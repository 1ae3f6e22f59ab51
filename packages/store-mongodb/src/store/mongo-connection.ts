import type { Db, MongoClient } from 'mongodb';
import type { Logger } from '@byline/domain/logging/logger';
import { clientOptions } from './mongo-client-options';
import { mongodbDriver } from './mongodb-driver';
import { COLLECTIONS } from './mongo-schema';

/** How long outage errors must last, and how far apart replacements must be, before a fresh client is made. */
export const CLIENT_REPLACE_AFTER_MS = 10_000;

/**
 * The store's MongoClient, replaced by a fresh one when outage errors last longer than
 * CLIENT_REPLACE_AFTER_MS. The driver normally reconnects by itself, but after a server restart a client
 * was seen (on FerretDB) to keep failing server selection for good while a new client connected at once;
 * a stuck client must not keep a service unavailable until someone restarts it. During a real outage this
 * only means a new client every few seconds.
 */
/** The commands that write documents. */
const WRITE_COMMANDS = new Set(['insert', 'update', 'delete', 'findAndModify']);

/**
 * Collections whose writes change no answer and no credential (usage counts, id counters, the queue, sessions and
 * one-time tokens, webhook messages, the readiness probe, the change counter itself): they do not move the answers'
 * generation on (see MongoStore.answersGeneration). Any other write does, whether or not it changed an answer.
 */
const UNCHANGING = new Set([
  COLLECTIONS.usage,
  COLLECTIONS.counters,
  COLLECTIONS.queueItems,
  COLLECTIONS.portalSessions,
  COLLECTIONS.passwordResets,
  COLLECTIONS.emailConfirmations,
  COLLECTIONS.proofAttempts,
  COLLECTIONS.webhookMessages,
  'write_probe',
  COLLECTIONS.storeChanges,
]);

export class MongoConnection {
  private client: MongoClient;
  private current: Db;
  private outageSince: number | null = null;
  private lastReplacedAt: number;
  private closed = false;
  /** Writes this process has started on collections answers and credentials are made of (see UNCHANGING). */
  changesStarted = 0;

  constructor(
    private readonly uri: string,
    private readonly dbName: string,
    private readonly logger?: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.client = this.newClient();
    this.current = this.client.db(dbName);
    this.lastReplacedAt = now();
  }

  get db(): Db {
    return this.current;
  }

  /** Connects (or reconnects) the current client; after a failed first connection only connect() rebuilds its topology. */
  async connect(): Promise<Db> {
    return (await this.client.connect()).db(this.dbName);
  }

  noteSuccess(): void {
    this.outageSince = null;
  }

  noteOutage(): void {
    const now = this.now();
    this.outageSince ??= now;
    if (this.closed || now - this.outageSince < CLIENT_REPLACE_AFTER_MS || now - this.lastReplacedAt < CLIENT_REPLACE_AFTER_MS)
      return;
    const stale = this.client;
    this.client = this.newClient();
    this.current = this.client.db(this.dbName);
    this.lastReplacedAt = now;
    this.logger?.warn('database unavailable for a while; replaced the client', { store: 'mongodb' });
    this.client.connect().catch(() => undefined);
    stale.close(true).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.close();
  }

  private newClient(): MongoClient {
    const client = new (mongodbDriver().MongoClient)(this.uri, { ...clientOptions(this.uri), monitorCommands: true });
    // The driver reports topology changes as events; nothing must ever go unhandled on it.
    client.on('error', () => undefined);
    client.on('commandStarted', ({ commandName, command }) => {
      if (WRITE_COMMANDS.has(commandName) && !UNCHANGING.has(String(command[commandName]))) this.changesStarted++;
    });
    return client;
  }
}
