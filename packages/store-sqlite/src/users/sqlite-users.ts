import type { SqliteDatabase } from '../store/sqlite-database';
import {
  EmailTakenError,
  type NewPortalUser,
  type PortalRole,
  type PortalUser,
  type PortalUserWithPassword,
  type TemporaryPasswordUse,
  type Users,
} from '@byline/domain/users/users-repository';

/** A row of portal_users. */
export interface UserRow {
  id: number;
  email: string;
  role: PortalRole;
  profile_id: number | null;
  created_at: string;
  password_hash: string;
  must_change_password: number;
  temporary_password_expires_at: string | null;
  email_verified_at: string | null;
  sign_in_awaits_proof: number;
}

export const toUser = (row: UserRow): PortalUser => ({
  id: row.id,
  email: row.email,
  role: row.role,
  profileId: row.profile_id,
  createdAt: row.created_at,
  mustChangePassword: row.must_change_password === 1,
  emailVerifiedAt: row.email_verified_at,
  signInAwaitsProof: row.sign_in_awaits_proof === 1,
});

const statements = (database: SqliteDatabase) => ({
  insert: database.prepare<[string, string, PortalRole, string, number, string | null, string | null, number]>(
    `INSERT INTO portal_users
       (email, password_hash, role, created_at, must_change_password, temporary_password_expires_at, email_verified_at,
        sign_in_awaits_proof)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  markVerified: database.prepare<[string, number]>(
    'UPDATE portal_users SET email_verified_at = coalesce(email_verified_at, ?) WHERE id = ?',
  ),
  byId: database.prepare<[number], UserRow>('SELECT * FROM portal_users WHERE id = ?'),
  byEmail: database.prepare<[string], UserRow>('SELECT * FROM portal_users WHERE email = ?'),
  updateRole: database.prepare<[PortalRole, string]>('UPDATE portal_users SET role = ? WHERE email = ?'),
  updateOwnPassword: database.prepare<[string, number]>(
    'UPDATE portal_users SET password_hash = ?, must_change_password = 0, temporary_password_expires_at = NULL WHERE id = ?',
  ),
  updateTemporaryPassword: database.prepare<[string, string, number]>(
    'UPDATE portal_users SET password_hash = ?, must_change_password = 1, temporary_password_expires_at = ? WHERE id = ?',
  ),
  useUnexpired: database.prepare<[string, number, string]>(
    `UPDATE portal_users SET password_hash = ?, temporary_password_expires_at = NULL
     WHERE id = ? AND temporary_password_expires_at > ?`,
  ),
  byProfile: database.prepare<[number], UserRow>('SELECT * FROM portal_users WHERE profile_id = ?'),
  removeSessions: database.prepare<[number]>('DELETE FROM portal_sessions WHERE user_id = ?'),
  removeResets: database.prepare<[number]>('DELETE FROM portal_password_resets WHERE user_id = ?'),
  removeConfirmations: database.prepare<[number]>('DELETE FROM portal_email_confirmations WHERE user_id = ?'),
  remove: database.prepare<[number]>('DELETE FROM portal_users WHERE id = ?'),
  temporaryExpiry: database.prepare<[number], { temporary_password_expires_at: string | null }>(
    'SELECT temporary_password_expires_at FROM portal_users WHERE id = ?',
  ),
});

/** The portal's users in the embedded store's portal_users table. */
export class SqliteUsers implements Users {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  create(
    { email, passwordHash, role, temporaryPasswordExpiresAt, emailVerifiedAt, signInAwaitsProof }: NewPortalUser,
    at: Date,
  ): Promise<PortalUser> {
    return this.database.write(() => {
      let id: number | bigint;
      try {
        id = this.sql.insert.run(
          email,
          passwordHash,
          role,
          at.toISOString(),
          temporaryPasswordExpiresAt ? 1 : 0,
          temporaryPasswordExpiresAt ?? null,
          emailVerifiedAt ?? null,
          signInAwaitsProof ? 1 : 0,
        ).lastInsertRowid;
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new EmailTakenError();
        throw error;
      }
      return toUser(this.sql.byId.get(Number(id))!);
    });
  }

  findByEmail(email: string): Promise<PortalUserWithPassword | null> {
    return this.database.read(() => {
      const row = this.sql.byEmail.get(email);
      return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
    });
  }

  findById(userId: number): Promise<PortalUserWithPassword | null> {
    return this.database.read(() => {
      const row = this.sql.byId.get(userId);
      return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
    });
  }

  setRole(email: string, role: PortalRole): Promise<boolean> {
    return this.database.write(() => this.sql.updateRole.run(role, email).changes > 0);
  }

  async setPassword(userId: number, passwordHash: string): Promise<void> {
    await this.database.write(() => this.sql.updateOwnPassword.run(passwordHash, userId));
  }

  async setTemporaryPassword(userId: number, passwordHash: string, expiresAt: string): Promise<void> {
    await this.database.write(() => this.sql.updateTemporaryPassword.run(passwordHash, expiresAt, userId));
  }

  /** One UPDATE whose condition is "unexpired one-time password": of concurrent callers only one changes the row. */
  useTemporaryPassword(userId: number, now: Date, replacementHash: string): Promise<TemporaryPasswordUse> {
    const at = now.toISOString();
    return this.database.write(() => {
      if (this.sql.useUnexpired.run(replacementHash, userId, at).changes > 0) return 'used';
      return this.sql.temporaryExpiry.get(userId)?.temporary_password_expires_at ? 'expired' : 'none';
    });
  }

  markEmailVerified(userId: number, at: string): Promise<boolean> {
    return this.database.write(() => this.sql.markVerified.run(at, userId).changes > 0);
  }

  findByProfileId(profileId: number): Promise<PortalUser | null> {
    return this.database.read(() => {
      const row = this.sql.byProfile.get(profileId);
      return row ? toUser(row) : null;
    });
  }

  /** One transaction: sessions, reset and confirmation links and the user (the cascades would take the first three; said here). */
  remove(userId: number): Promise<boolean> {
    return this.database.write(() => {
      this.sql.removeSessions.run(userId);
      this.sql.removeResets.run(userId);
      this.sql.removeConfirmations.run(userId);
      return this.sql.remove.run(userId).changes > 0;
    });
  }
}
