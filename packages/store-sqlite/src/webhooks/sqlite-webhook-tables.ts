import { WEBHOOK_ENDPOINT_FIELDS, WEBHOOK_MESSAGE_FIELDS } from '@byline/domain/webhooks/webhook-fields';
import type { WebhookEndpoint, WebhookMessage } from '@byline/domain/webhooks/webhooks-repository';
import { numberedTable } from '../documents/sqlite-documents';

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

/** API accounts' webhook endpoints in the webhook_endpoints table, their event types as JSON text. */
export const WEBHOOK_ENDPOINTS_TABLE = numberedTable<WebhookEndpoint>('webhook_endpoints', WEBHOOK_ENDPOINT_FIELDS, {
  booleans: ['enabled'],
  lists: ['events'],
});

/** Messages to webhook endpoints in the webhook_messages table (unique: endpoint and event), attempts as JSON text. */
export const WEBHOOK_MESSAGES_TABLE = numberedTable<WebhookMessage>('webhook_messages', WEBHOOK_MESSAGE_FIELDS, {
  lists: ['attempts'],
});
