import type { SqliteDatabase } from '../store/sqlite-database';
import type { DeliveredEventType, WebhookEventType } from '@byline/domain/webhook-events/webhook-event';
import { JOURNALIST_EVENT_TYPES } from '@byline/domain/webhook-events/erased-journalist';
import type {
  NewWebhookEndpoint,
  NewWebhookMessage,
  WebhookAttempt,
  WebhookEndpoint,
  WebhookMessage,
  WebhookMessageState,
} from '@byline/domain/webhooks/webhooks-repository';
import type { SentJournalistMessage, WebhooksStore } from '@byline/domain/webhooks/webhooks-store';

/** The tables (migration 036): endpoints by account, messages by endpoint in delivery order, attempts as JSON. */
export const WEBHOOKS_SCHEMA_SQL = `
  CREATE TABLE webhook_endpoints (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL,
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    secret TEXT NOT NULL,
    previous_secret TEXT,
    previous_secret_expires_at TEXT,
    enabled INTEGER NOT NULL DEFAULT 1,
    failing_since TEXT,
    disabled_reason TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX webhook_endpoints_of_account ON webhook_endpoints (email, id);
  CREATE TABLE webhook_messages (
    id INTEGER PRIMARY KEY,
    endpoint_id INTEGER NOT NULL,
    event_id TEXT NOT NULL,
    type TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    attempt_count INTEGER NOT NULL DEFAULT 0,
    attempts TEXT NOT NULL DEFAULT '[]',
    UNIQUE (endpoint_id, event_id)
  );
  CREATE INDEX webhook_messages_in_order ON webhook_messages (endpoint_id, state, id);
`;

interface EndpointRow {
  id: number;
  email: string;
  url: string;
  events: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  enabled: number;
  failing_since: string | null;
  disabled_reason: string | null;
  created_at: string;
}

interface MessageRow {
  id: number;
  endpoint_id: number;
  event_id: string;
  type: string;
  body: string;
  created_at: string;
  state: WebhookMessageState;
  attempt_count: number;
  attempts: string;
}

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  email: row.email,
  url: row.url,
  events: JSON.parse(row.events) as WebhookEventType[],
  secret: row.secret,
  previousSecret: row.previous_secret,
  previousSecretExpiresAt: row.previous_secret_expires_at,
  enabled: row.enabled === 1,
  failingSince: row.failing_since,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at,
});

const toMessage = (row: MessageRow): WebhookMessage => ({
  id: row.id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  type: row.type as DeliveredEventType,
  body: row.body,
  createdAt: row.created_at,
  state: row.state,
  attemptCount: row.attempt_count,
  attempts: JSON.parse(row.attempts) as WebhookAttempt[],
});

const statements = (database: SqliteDatabase) => ({
  insert: database.prepare<[string, string, string, string, string]>(
    'INSERT INTO webhook_endpoints (email, url, events, secret, created_at) VALUES (?, ?, ?, ?, ?)',
  ),
  byId: database.prepare<[number], EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = ?'),
  ofAccount: database.prepare<[string], EndpointRow>('SELECT * FROM webhook_endpoints WHERE email = ? ORDER BY id'),
  subscribed: database.prepare<[{ type: string; audience: string | null }], EndpointRow>(
    `SELECT * FROM webhook_endpoints WHERE enabled = 1 AND EXISTS (SELECT 1 FROM json_each(events) WHERE value = @type)
       AND (@audience IS NULL OR email = @audience) ORDER BY id`,
  ),
  enable: database.prepare<[number]>(
    'UPDATE webhook_endpoints SET enabled = 1, disabled_reason = NULL, failing_since = NULL WHERE id = ?',
  ),
  disable: database.prepare<[string | null, number]>(
    'UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ? WHERE id = ?',
  ),
  rotate: database.prepare<[string, string, number]>(
    `UPDATE webhook_endpoints SET previous_secret = secret, secret = ?, previous_secret_expires_at = ? WHERE id = ?`,
  ),
  failing: database.prepare<[string, number]>(
    'UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, ?) WHERE id = ?',
  ),
  notFailing: database.prepare<[number]>('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ?'),
  remove: database.prepare<[number]>('DELETE FROM webhook_endpoints WHERE id = ?'),
  removeMessages: database.prepare<[number]>('DELETE FROM webhook_messages WHERE endpoint_id = ?'),
  addMessage: database.prepare<[number, string, string, string, string]>(
    `INSERT INTO webhook_messages (endpoint_id, event_id, type, body, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
  ),
  nextPending: database.prepare<[number], MessageRow>(
    "SELECT * FROM webhook_messages WHERE endpoint_id = ? AND state = 'pending' ORDER BY id LIMIT 1",
  ),
  attempt: database.prepare<[string, WebhookMessageState, number]>(
    `UPDATE webhook_messages SET attempts = json_insert(attempts, '$[#]', json(?)), state = ?,
       attempt_count = attempt_count + 1 WHERE id = ?`,
  ),
  messagesOf: database.prepare<[number, number], MessageRow>(
    'SELECT * FROM webhook_messages WHERE endpoint_id = ? ORDER BY id DESC LIMIT ?',
  ),
  message: database.prepare<[number], MessageRow>('SELECT * FROM webhook_messages WHERE id = ?'),
  redeliver: database.prepare<[number]>("UPDATE webhook_messages SET state = 'pending', attempt_count = 0 WHERE id = ?"),
  prune: database.prepare<[string]>("DELETE FROM webhook_messages WHERE state <> 'pending' AND created_at < ?"),
  sentAboutJournalists: database.prepare<string[], { id: number; body: string }>(
    `SELECT id, body FROM webhook_messages WHERE state <> 'pending' AND type IN (${JOURNALIST_EVENT_TYPES.map(() => '?').join(', ')})
       AND json_extract(body, '$.redacted') IS NULL`,
  ),
  slugInUse: database
    .prepare<[string, string], number>(
      'SELECT EXISTS (SELECT 1 FROM profiles WHERE slug = ?) OR EXISTS (SELECT 1 FROM former_slugs WHERE slug = ?)',
    )
    .pluck(),
  setBody: database.prepare<[string, number]>('UPDATE webhook_messages SET body = ? WHERE id = ?'),
});

/** Webhook endpoints and messages in the embedded store. */
export class SqliteWebhooks implements WebhooksStore {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  add({ email, url, events, secret }: NewWebhookEndpoint, at: Date): Promise<WebhookEndpoint> {
    return this.database.write(() => {
      const id = Number(this.sql.insert.run(email, url, JSON.stringify(events), secret, at.toISOString()).lastInsertRowid);
      return toEndpoint(this.sql.byId.get(id)!);
    });
  }

  find(id: number): Promise<WebhookEndpoint | null> {
    return this.database.read(() => {
      const row = this.sql.byId.get(id);
      return row ? toEndpoint(row) : null;
    });
  }

  endpointsOf(email: string): Promise<WebhookEndpoint[]> {
    return this.database.read(() => this.sql.ofAccount.all(email).map(toEndpoint));
  }

  subscribed(type: WebhookEventType, audience?: string): Promise<WebhookEndpoint[]> {
    return this.database.read(() => this.sql.subscribed.all({ type, audience: audience ?? null }).map(toEndpoint));
  }

  setEnabled(id: number, enabled: boolean, reason?: string): Promise<boolean> {
    return this.database.write(() => (enabled ? this.sql.enable.run(id) : this.sql.disable.run(reason ?? null, id)).changes > 0);
  }

  rotateSecret(id: number, secret: string, previousExpiresAt: Date): Promise<boolean> {
    return this.database.write(() => this.sql.rotate.run(secret, previousExpiresAt.toISOString(), id).changes > 0);
  }

  setFailing(id: number, since: Date | null): Promise<boolean> {
    return this.database.write(
      () => (since ? this.sql.failing.run(since.toISOString(), id) : this.sql.notFailing.run(id)).changes > 0,
    );
  }

  remove(id: number): Promise<boolean> {
    return this.database.write(() => {
      this.sql.removeMessages.run(id);
      return this.sql.remove.run(id).changes > 0;
    });
  }

  addMessage({ endpointId, eventId, type, body }: NewWebhookMessage, at: Date): Promise<boolean> {
    return this.database.write(() => this.sql.addMessage.run(endpointId, eventId, type, body, at.toISOString()).changes > 0);
  }

  nextPending(endpointId: number): Promise<WebhookMessage | null> {
    return this.database.read(() => {
      const row = this.sql.nextPending.get(endpointId);
      return row ? toMessage(row) : null;
    });
  }

  recordAttempt(messageId: number, attempt: WebhookAttempt, state: WebhookMessageState): Promise<boolean> {
    return this.database.write(() => this.sql.attempt.run(JSON.stringify(attempt), state, messageId).changes > 0);
  }

  messagesOf(endpointId: number, limit: number): Promise<WebhookMessage[]> {
    return this.database.read(() => this.sql.messagesOf.all(endpointId, limit).map(toMessage));
  }

  findMessage(id: number): Promise<WebhookMessage | null> {
    return this.database.read(() => {
      const row = this.sql.message.get(id);
      return row ? toMessage(row) : null;
    });
  }

  redeliver(messageId: number): Promise<boolean> {
    return this.database.write(() => this.sql.redeliver.run(messageId).changes > 0);
  }

  pruneMessages(before: Date): Promise<number> {
    return this.database.write(() => this.sql.prune.run(before.toISOString()).changes);
  }

  sentJournalistMessages(): Promise<SentJournalistMessage[]> {
    return this.database.read(() => this.sql.sentAboutJournalists.all(...JOURNALIST_EVENT_TYPES));
  }

  slugsInUse(slugs: readonly string[]): Promise<Set<string>> {
    return this.database.read(() => new Set(slugs.filter((slug) => this.sql.slugInUse.get(slug, slug) === 1)));
  }

  setMessageBodies(bodies: readonly SentJournalistMessage[]): Promise<number> {
    return this.database.write(() => bodies.reduce((count, { id, body }) => count + this.sql.setBody.run(body, id).changes, 0));
  }
}
