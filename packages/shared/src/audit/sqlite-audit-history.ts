import type { SqliteDatabase } from '../database/sqlite-database';
import type { AuditHistory, AuditRecord, NewAuditRecord } from './audit-repository';

const statements = (database: SqliteDatabase) => ({
  insert: database.prepare<[number, string, string, string, string]>(
    'INSERT INTO verification_audit (profile_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
  ),
  ofProfile: database.prepare<[number], Omit<AuditRecord, 'profileId'> & { profile_id: number }>(
    'SELECT id, profile_id, actor, action, note, at FROM verification_audit WHERE profile_id = ? ORDER BY id DESC',
  ),
});

/** The verification history in the embedded store's verification_audit table. */
export class SqliteAuditHistory implements AuditHistory {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  async record({ profileId, actor, action, note }: NewAuditRecord): Promise<void> {
    await this.database.write(() => this.sql.insert.run(profileId, actor, action, note, new Date().toISOString()));
  }

  historyOf(profileId: number): Promise<AuditRecord[]> {
    return this.database.read(() =>
      this.sql.ofProfile.all(profileId).map(({ profile_id, ...rest }) => ({ ...rest, profileId: profile_id })),
    );
  }
}
