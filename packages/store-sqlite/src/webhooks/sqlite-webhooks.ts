import type Database from 'better-sqlite3';
import type { SqliteDatabase } from '../store/sqlite-database';
import { JOURNALIST_EVENT_TYPES } from '@byline/domain/webhook-events/erased-journalist';
import type { SentJournalistMessage, StoredWebhooks } from '@byline/domain/webhooks/webhook-documents';

const SENT_ABOUT_JOURNALISTS_SQL = `SELECT id, body FROM webhook_messages
  WHERE state <> 'pending' AND type IN (${JOURNALIST_EVENT_TYPES.map(() => '?').join(', ')})
    AND json_extract(body, '$.redacted') IS NULL`;

/**
 * What the embedded store keeps of the webhooks by hand (their rows are SqliteDocuments over
 * sqlite-webhook-tables.ts): the redaction sweep's read, one query.
 */
export class SqliteStoredWebhooks implements StoredWebhooks {
  private readonly sentAboutJournalists: Database.Statement<string[], SentJournalistMessage>;

  constructor(private readonly database: SqliteDatabase) {
    this.sentAboutJournalists = database.prepare<string[], SentJournalistMessage>(SENT_ABOUT_JOURNALISTS_SQL);
  }

  sentJournalistMessages(): Promise<SentJournalistMessage[]> {
    return this.database.read(() => this.sentAboutJournalists.all(...JOURNALIST_EVENT_TYPES));
  }
}
