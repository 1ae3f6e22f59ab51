import type { SqliteDatabase } from '../store/sqlite-database';
import { JOURNALIST_EVENT_TYPES } from '@byline/domain/webhook-events/erased-journalist';
import type { SentJournalistMessage, StoredWebhooks } from '@byline/domain/webhooks/webhook-documents';

const statements = (database: SqliteDatabase) => ({
  sentAboutJournalists: database.prepare<string[], SentJournalistMessage>(
    `SELECT id, body FROM webhook_messages WHERE state <> 'pending' AND type IN (${JOURNALIST_EVENT_TYPES.map(() => '?').join(', ')})
       AND json_extract(body, '$.redacted') IS NULL`,
  ),
  slugInUse: database
    .prepare<[string, string], number>(
      'SELECT EXISTS (SELECT 1 FROM profiles WHERE slug = ?) OR EXISTS (SELECT 1 FROM former_slugs WHERE slug = ?)',
    )
    .pluck(),
});

/**
 * What the embedded store keeps of the webhooks by hand (their rows are SqliteDocuments over
 * sqlite-webhook-tables.ts): the redaction sweep's reads, one query each.
 */
export class SqliteStoredWebhooks implements StoredWebhooks {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  sentJournalistMessages(): Promise<SentJournalistMessage[]> {
    return this.database.read(() => this.sql.sentAboutJournalists.all(...JOURNALIST_EVENT_TYPES));
  }

  slugsInUse(slugs: readonly string[]): Promise<Set<string>> {
    return this.database.read(() => new Set(slugs.filter((slug) => this.sql.slugInUse.get(slug, slug) === 1)));
  }
}
