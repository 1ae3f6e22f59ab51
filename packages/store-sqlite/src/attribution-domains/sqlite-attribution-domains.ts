import type { SqliteDatabase } from '../store/sqlite-database';
import type { AttributionDomains } from '@byline/domain/attribution-domains/attribution-domains-repository';

const statements = (database: SqliteDatabase) => ({
  of: database.prepare<[number], string>('SELECT domain FROM attribution_domains WHERE profile_id = ? ORDER BY position').pluck(),
  clear: database.prepare<[number]>('DELETE FROM attribution_domains WHERE profile_id = ?'),
  insert: database.prepare<[number, number, string]>(
    'INSERT INTO attribution_domains (profile_id, position, domain) VALUES (?, ?, ?)',
  ),
});

/** The attribution_domains table: one row per domain, the list replaced whole in one transaction. */
export class SqliteAttributionDomains implements AttributionDomains {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  domainsOf(profileId: number): Promise<string[]> {
    return this.database.read(() => this.sql.of.all(profileId));
  }

  setDomains(profileId: number, domains: readonly string[]): Promise<void> {
    return this.database.write(() => {
      this.sql.clear.run(profileId);
      domains.forEach((domain, position) => this.sql.insert.run(profileId, position, domain));
    });
  }
}
