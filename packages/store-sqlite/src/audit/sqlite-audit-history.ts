import type { SqliteDatabase } from '../store/sqlite-database';
import type {
  AuditHistory,
  AuditLogPage,
  AuditLogQuery,
  AuditRecord,
  NewAuditRecord,
} from '@byline/domain/audit/audit-repository';

type AuditRow = Omit<AuditRecord, 'profileId'> & { profile_id: number };
const toRecord = ({ profile_id, ...rest }: AuditRow): AuditRecord => ({ ...rest, profileId: profile_id });

interface LogParams {
  actor: string | null;
  action: string | null;
}
const LOG_WHERE = 'WHERE (@actor IS NULL OR actor = @actor) AND (@action IS NULL OR action = @action)';

const statements = (database: SqliteDatabase) => ({
  insert: database.prepare<[number, string, string, string, string]>(
    'INSERT INTO verification_audit (profile_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
  ),
  ofProfile: database.prepare<[number], AuditRow>(
    'SELECT id, profile_id, actor, action, note, at FROM verification_audit WHERE profile_id = ? ORDER BY id DESC',
  ),
  log: database.prepare<[LogParams & { limit: number; offset: number }], AuditRow>(
    `SELECT id, profile_id, actor, action, note, at FROM verification_audit ${LOG_WHERE} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
  ),
  logTotal: database.prepare<[LogParams], number>(`SELECT count(*) FROM verification_audit ${LOG_WHERE}`).pluck(),
});

/** The verification history in the embedded store's verification_audit table. */
export class SqliteAuditHistory implements AuditHistory {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  async record({ profileId, actor, action, note }: NewAuditRecord, at: Date): Promise<void> {
    await this.database.write(() => this.sql.insert.run(profileId, actor, action, note, at.toISOString()));
  }

  historyOf(profileId: number): Promise<AuditRecord[]> {
    return this.database.read(() => this.sql.ofProfile.all(profileId).map(toRecord));
  }

  log({ actor, action, limit, offset }: AuditLogQuery): Promise<AuditLogPage> {
    const wanted = { actor: actor ?? null, action: action ?? null };
    return this.database.read(() => ({
      records: this.sql.log.all({ ...wanted, limit, offset }).map(toRecord),
      total: this.sql.logTotal.get(wanted)!,
    }));
  }
}
