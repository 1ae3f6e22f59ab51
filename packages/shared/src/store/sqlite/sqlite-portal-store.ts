import Database from 'better-sqlite3';
import type { Article, ArticleInput, Profile } from '../../domain/types';
import { canonicalizeUrl } from '../../url/canonical-url';
import { normalizeSocialProfiles } from '../../social/social-handle';
import type {
  AuditRecord,
  NewPasswordReset,
  NewPortalSession,
  PortalRole,
  PortalSession,
  PortalStore,
  PortalUser,
  PortalUserWithPassword,
  ProfileFields,
  TemporaryPasswordUse,
  VerificationDecision,
  VerificationRequest,
} from '../portal-store';
import { ArticleTakenError, EmailTakenError } from '../portal-store';
import { refreshDerivedFields, toArticle, toProfile, type ArticleRow, type ProfileRow } from './profile-records';
import { networkClaims } from '../../proofs/claim-values';
import { setClaimsNow } from '../../proofs/sqlite/sqlite-claim-store';
import { SqlitePasswordResets } from './sqlite-password-resets';
import { SqliteSessionRecords } from './sqlite-session-records';
import type { StoreFileGuard } from './store-file-guard';
import { BUSY_TIMEOUT_MS, writeWithoutBlocking } from './write-without-blocking';

interface UserRow {
  id: number;
  email: string;
  role: PortalRole;
  profile_id: number | null;
  created_at: string;
  password_hash: string;
  must_change_password: number;
  temporary_password_expires_at: string | null;
}
interface RequestRow {
  id: number;
  profile_id: number;
  requested_by: string;
  requested_at: string;
  status: VerificationRequest['status'];
}

const toUser = (row: UserRow): PortalUser => ({
  id: row.id,
  email: row.email,
  role: row.role,
  profileId: row.profile_id,
  createdAt: row.created_at,
  mustChangePassword: row.must_change_password === 1,
});
const toRequest = (row: RequestRow): VerificationRequest => ({
  id: row.id,
  profileId: row.profile_id,
  requestedBy: row.requested_by,
  requestedAt: row.requested_at,
  status: row.status,
});

/**
 * The portal's embedded store: its own connection to the SqliteStore's file (WAL mode makes the two
 * connections safe). Writes profiles, articles and handles in the tables the verifiers read.
 */
export class SqlitePortalStore implements PortalStore {
  private readonly db: Database.Database;
  private readonly resets: SqlitePasswordResets;
  private readonly sessions: SqliteSessionRecords;

  /**
   * The schema must already be migrated: open the SqliteStore on this file first. Writes are
   * refused while `guard` (the SqliteStore's, so a problem is logged once a process) finds the file unusable.
   */
  constructor(
    file: string,
    private readonly guard?: StoreFileGuard,
  ) {
    // Never creates the file: beside a -wal, SQLite would take an empty new one for the store and delete that -wal.
    this.db = new Database(file, { fileMustExist: true });
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.pragma('foreign_keys = ON');
    this.resets = new SqlitePasswordResets(this.db, (work) => this.write(work));
    this.sessions = new SqliteSessionRecords(this.db, (work) => this.write(work));
  }

  private sql<P extends unknown[] = unknown[], R = unknown>(text: string) {
    return this.db.prepare<P, R>(text);
  }

  /** A write waits for another process's (an import's) without blocking the portal: see writeWithoutBlocking. */
  private write<T>(work: () => T): Promise<T> {
    const checkedWork = () => {
      this.guard?.checkWritable();
      return work();
    };
    return writeWithoutBlocking(this.db, checkedWork, BUSY_TIMEOUT_MS);
  }

  async close(): Promise<void> {
    // Left to the process exit when closing is unsafe: see StoreFileGuard.safeToClose.
    if (this.db.open && (this.guard?.safeToClose() ?? true)) this.db.close();
  }

  async createUser({
    email,
    passwordHash,
    role,
    temporaryPasswordExpiresAt,
  }: {
    email: string;
    passwordHash: string;
    role: PortalRole;
    temporaryPasswordExpiresAt?: string;
  }): Promise<PortalUser> {
    const id = await this.write(() => {
      try {
        return this.sql(
          `INSERT INTO portal_users (email, password_hash, role, created_at, must_change_password, temporary_password_expires_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ).run(
          email,
          passwordHash,
          role,
          new Date().toISOString(),
          temporaryPasswordExpiresAt ? 1 : 0,
          temporaryPasswordExpiresAt ?? null,
        ).lastInsertRowid;
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new EmailTakenError();
        throw error;
      }
    });
    return toUser(this.sql<[number], UserRow>('SELECT * FROM portal_users WHERE id = ?').get(Number(id))!);
  }

  async findUserByEmail(email: string): Promise<PortalUserWithPassword | null> {
    const row = this.sql<[string], UserRow>('SELECT * FROM portal_users WHERE email = ?').get(email);
    return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
  }

  async setUserRole(email: string, role: PortalRole): Promise<boolean> {
    return this.write(() => this.sql('UPDATE portal_users SET role = ? WHERE email = ?').run(role, email).changes > 0);
  }

  async setUserPassword(userId: number, passwordHash: string): Promise<void> {
    await this.write(() =>
      this.sql(
        'UPDATE portal_users SET password_hash = ?, must_change_password = 0, temporary_password_expires_at = NULL WHERE id = ?',
      ).run(passwordHash, userId),
    );
  }

  async setTemporaryPassword(userId: number, passwordHash: string, expiresAt: string): Promise<void> {
    await this.write(() =>
      this.sql(
        'UPDATE portal_users SET password_hash = ?, must_change_password = 1, temporary_password_expires_at = ? WHERE id = ?',
      ).run(passwordHash, expiresAt, userId),
    );
  }

  useTemporaryPassword(userId: number, now: Date, replacementHash: string): Promise<TemporaryPasswordUse> {
    const at = now.toISOString();
    return this.write(() => {
      const used = this.sql(
        `UPDATE portal_users SET password_hash = ?, temporary_password_expires_at = NULL
         WHERE id = ? AND temporary_password_expires_at > ?`,
      ).run(replacementHash, userId, at).changes;
      if (used) return 'used';
      const left = this.sql<[number], { temporary_password_expires_at: string | null }>(
        'SELECT temporary_password_expires_at FROM portal_users WHERE id = ?',
      ).get(userId);
      return left?.temporary_password_expires_at ? 'expired' : 'none';
    });
  }

  async createSession(session: NewPortalSession): Promise<void> {
    const now = new Date().toISOString();
    const expireAndInsert = this.db.transaction(() => {
      this.sql('DELETE FROM portal_sessions WHERE expires_at <= ?').run(now);
      this.sql(
        'INSERT INTO portal_sessions (token_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      ).run(session.tokenHash, session.userId, session.csrfToken, now, session.expiresAt);
    });
    await this.write(() => expireAndInsert.immediate());
  }

  async findSession(tokenHash: string, now: Date): Promise<PortalSession | null> {
    const row = this.sql<[string, string], UserRow & { csrf_token: string; expires_at: string }>(
      `SELECT u.*, s.csrf_token, s.expires_at FROM portal_sessions s JOIN portal_users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires_at > ?`,
    ).get(tokenHash, now.toISOString());
    return row ? { user: toUser(row), csrfToken: row.csrf_token, expiresAt: row.expires_at } : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.write(() => this.sql('DELETE FROM portal_sessions WHERE token_hash = ?').run(tokenHash));
  }

  deleteSessionsOfUser(userId: number, exceptTokenHash?: string): Promise<void> {
    return this.sessions.deleteOfUser(userId, exceptTokenHash);
  }

  putSessionFlash(tokenHash: string, sealed: string): Promise<void> {
    return this.sessions.putFlash(tokenHash, sealed);
  }

  takeSessionFlash(tokenHash: string): Promise<string | null> {
    return this.sessions.takeFlash(tokenHash);
  }

  createPasswordReset(reset: NewPasswordReset): Promise<void> {
    return this.resets.create(reset);
  }

  passwordResetUsable(tokenHash: string, now: Date): Promise<boolean> {
    return this.resets.usable(tokenHash, now);
  }

  consumePasswordReset(tokenHash: string, now: Date): Promise<number | null> {
    return this.resets.consume(tokenHash, now);
  }

  deletePasswordResets(userId: number): Promise<void> {
    return this.resets.deleteOf(userId);
  }

  async findProfileById(profileId: number): Promise<Profile | null> {
    const row = this.sql<[number], ProfileRow>('SELECT id, verified, doc FROM profiles WHERE id = ?').get(profileId);
    return row ? toProfile(row) : null;
  }

  async findProfileBySlug(slug: string): Promise<Profile | null> {
    const row = this.sql<[string], ProfileRow>('SELECT id, verified, doc FROM profiles WHERE slug = ?').get(slug);
    return row ? toProfile(row) : null;
  }

  async saveProfile(userId: number, given: ProfileFields, slugBase: string): Promise<Profile> {
    const fields = { ...given, profile_social_profiles: normalizeSocialProfiles(given.profile_social_profiles) };
    const save = this.db.transaction(() => {
      const user = this.sql<[number], UserRow>('SELECT * FROM portal_users WHERE id = ?').get(userId);
      if (!user) throw new Error(`no portal user ${userId}`);
      const profileId = user.profile_id ?? this.insertProfile(userId, slugBase);
      const current = this.sql<[number], ProfileRow>('SELECT id, verified, doc FROM profiles WHERE id = ?').get(profileId)!;
      const { id: _id, ...stored } = toProfile(current);
      this.sql('UPDATE profiles SET doc = ? WHERE id = ?').run(JSON.stringify({ ...stored, ...fields }), profileId);
      // The typed handles become claims; the document keeps the proven ones only (refused: HandleTakenError).
      setClaimsNow(this.db, profileId, networkClaims(fields.profile_social_profiles), new Date().toISOString());
      refreshDerivedFields(this.db, profileId);
      return profileId;
    });
    const id = await this.write(() => save.immediate());
    return (await this.findProfileById(id))!;
  }

  private insertProfile(userId: number, slugBase: string): number {
    const exists = this.sql<[string], { id: number }>('SELECT id FROM profiles WHERE slug = ?');
    let slug = slugBase;
    for (let n = 2; exists.get(slug); n++) slug = `${slugBase}-${n}`;
    const doc = { verified: false, profile_slug: slug, profile_created_at: new Date().toISOString(), follower_count: 0 };
    const id = Number(
      this.sql('INSERT INTO profiles (slug, verified, doc) VALUES (?, 0, ?)').run(slug, JSON.stringify(doc)).lastInsertRowid,
    );
    this.sql('UPDATE portal_users SET profile_id = ? WHERE id = ?').run(id, userId);
    return id;
  }

  async listArticles(profileId: number): Promise<Article[]> {
    return this.sql<[number], ArticleRow>(
      'SELECT id, profile_id, doc FROM articles WHERE profile_id = ? ORDER BY published_at DESC, id DESC',
    )
      .all(profileId)
      .map(toArticle);
  }

  async latestArticles(profileId: number, limit: number): Promise<Article[]> {
    return this.sql<[number, number], ArticleRow>(
      'SELECT id, profile_id, doc FROM articles WHERE profile_id = ? AND active = 1 ORDER BY published_at DESC, id DESC LIMIT ?',
    )
      .all(profileId, limit)
      .map(toArticle);
  }

  async findArticle(profileId: number, articleId: number): Promise<Article | null> {
    const row = this.sql<[number, number], ArticleRow>(
      'SELECT id, profile_id, doc FROM articles WHERE id = ? AND profile_id = ?',
    ).get(articleId, profileId);
    return row ? toArticle(row) : null;
  }

  async addArticle(profileId: number, article: ArticleInput): Promise<Article> {
    const canonical = canonicalizeUrl(article.link);
    const add = this.db.transaction(() => {
      this.refuseTakenAddress(canonical, profileId, null);
      const inserted = this.sql(
        'INSERT INTO articles (profile_id, canonical_url, active, published_at, doc) VALUES (?, ?, ?, ?, ?)',
      ).run(profileId, canonical, article.active ? 1 : 0, article.published_at, JSON.stringify(article));
      refreshDerivedFields(this.db, profileId);
      return Number(inserted.lastInsertRowid);
    });
    const id = await this.write(() => add.immediate());
    return (await this.findArticle(profileId, id))!;
  }

  async updateArticle(profileId: number, articleId: number, article: ArticleInput): Promise<boolean> {
    const canonical = canonicalizeUrl(article.link);
    const update = this.db.transaction(() => {
      this.refuseTakenAddress(canonical, profileId, articleId);
      const changes = this.sql(
        'UPDATE articles SET canonical_url = ?, active = ?, published_at = ?, doc = ? WHERE id = ? AND profile_id = ?',
      ).run(canonical, article.active ? 1 : 0, article.published_at, JSON.stringify(article), articleId, profileId).changes;
      refreshDerivedFields(this.db, profileId);
      return changes > 0;
    });
    return this.write(() => update.immediate());
  }

  private refuseTakenAddress(canonical: string, profileId: number, ownArticleId: number | null): void {
    const row = this.sql<[string], { id: number; profile_id: number }>(
      'SELECT id, profile_id FROM articles WHERE canonical_url = ?',
    ).get(canonical);
    if (row && row.id !== ownArticleId) throw new ArticleTakenError(row.profile_id === profileId);
  }

  async requestVerification(profileId: number, requestedBy: string): Promise<VerificationRequest> {
    const request = this.db.transaction(() => {
      const pending = this.pendingRow(profileId);
      if (pending) return toRequest(pending);
      const now = new Date().toISOString();
      const id = this.sql('INSERT INTO verification_requests (profile_id, requested_by, requested_at) VALUES (?, ?, ?)').run(
        profileId,
        requestedBy,
        now,
      ).lastInsertRowid;
      this.audit(profileId, requestedBy, 'requested', '', now);
      return toRequest(this.sql<[number], RequestRow>('SELECT * FROM verification_requests WHERE id = ?').get(Number(id))!);
    });
    return this.write(() => request.immediate());
  }

  private pendingRow(profileId: number): RequestRow | undefined {
    return this.sql<[number], RequestRow>("SELECT * FROM verification_requests WHERE profile_id = ? AND status = 'pending'").get(
      profileId,
    );
  }

  async pendingRequest(profileId: number): Promise<VerificationRequest | null> {
    const row = this.pendingRow(profileId);
    return row ? toRequest(row) : null;
  }

  async pendingRequests(): Promise<VerificationRequest[]> {
    return this.sql<[], RequestRow>("SELECT * FROM verification_requests WHERE status = 'pending' ORDER BY requested_at, id")
      .all()
      .map(toRequest);
  }

  async decideVerification({ profileId, actor, action, note }: VerificationDecision): Promise<boolean> {
    const decide = this.db.transaction(() => {
      const row = this.sql<[number], ProfileRow>('SELECT id, verified, doc FROM profiles WHERE id = ?').get(profileId);
      if (!row) return false;
      const verified = action === 'verified';
      const doc = { ...JSON.parse(row.doc), verified };
      this.sql('UPDATE profiles SET verified = ?, doc = ? WHERE id = ?').run(verified ? 1 : 0, JSON.stringify(doc), profileId);
      this.sql("UPDATE verification_requests SET status = ? WHERE profile_id = ? AND status = 'pending'").run(
        verified ? 'approved' : 'rejected',
        profileId,
      );
      this.audit(profileId, actor, action, note, new Date().toISOString());
      return true;
    });
    return this.write(() => decide.immediate());
  }

  async returnToQueue({ profileId, actor, action, note }: Omit<AuditRecord, 'id' | 'at'>): Promise<boolean> {
    const requeue = this.db.transaction(() => {
      const row = this.sql<[number], ProfileRow>('SELECT id, verified, doc FROM profiles WHERE id = ?').get(profileId);
      if (!row) return false;
      const now = new Date().toISOString();
      const doc = { ...JSON.parse(row.doc), verified: false };
      this.sql('UPDATE profiles SET verified = 0, doc = ? WHERE id = ?').run(JSON.stringify(doc), profileId);
      if (!this.pendingRow(profileId)) {
        this.sql('INSERT INTO verification_requests (profile_id, requested_by, requested_at) VALUES (?, ?, ?)').run(
          profileId,
          actor,
          now,
        );
      }
      this.audit(profileId, actor, action, note, now);
      return true;
    });
    return this.write(() => requeue.immediate());
  }

  private audit(profileId: number, actor: string, action: AuditRecord['action'], note: string, at: string): void {
    this.sql('INSERT INTO verification_audit (profile_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)').run(
      profileId,
      actor,
      action,
      note,
      at,
    );
  }

  async recordAudit({ profileId, actor, action, note }: Omit<AuditRecord, 'id' | 'at'>): Promise<void> {
    await this.write(() => this.audit(profileId, actor, action, note, new Date().toISOString()));
  }

  async auditHistory(profileId: number): Promise<AuditRecord[]> {
    return this.sql<[number], Omit<AuditRecord, 'profileId'> & { profile_id: number }>(
      'SELECT id, profile_id, actor, action, note, at FROM verification_audit WHERE profile_id = ? ORDER BY id DESC',
    )
      .all(profileId)
      .map(({ profile_id, ...rest }) => ({ ...rest, profileId: profile_id }));
  }
}
