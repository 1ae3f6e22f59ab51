import Database from 'better-sqlite3';
import type { Article, ArticleInput, Profile } from '../../domain/types';
import { canonicalizeUrl } from '../../url/canonical-url';
import { normalizeSocialProfiles } from '../../social/social-handle';
import type { AuditRecord } from '../../audit/audit-repository';
import type { PortalStore, ProfileFields, VerificationDecision, VerificationRequest } from '../portal-store';
import { ArticleTakenError } from '../portal-store';
import { refreshDerivedFields, toArticle, toProfile, type ArticleRow, type ProfileRow } from './profile-records';
import { networkClaims } from '../../proofs/claim-values';
import { setClaimsSteps } from '../../claims/set-claims';
import { runNow } from '../../claims/steps';
import { SqliteClaimsUnit } from '../../proofs/sqlite/claims-sql';
import type { StoreFileGuard } from './store-file-guard';
import { BUSY_TIMEOUT_MS, writeWithoutBlocking } from './write-without-blocking';

interface RequestRow {
  id: number;
  profile_id: number;
  requested_by: string;
  requested_at: string;
  status: VerificationRequest['status'];
}

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
      const user = this.sql<[number], { profile_id: number | null }>('SELECT profile_id FROM portal_users WHERE id = ?').get(
        userId,
      );
      if (!user) throw new Error(`no portal user ${userId}`);
      const profileId = user.profile_id ?? this.insertProfile(userId, slugBase);
      const current = this.sql<[number], ProfileRow>('SELECT id, verified, doc FROM profiles WHERE id = ?').get(profileId)!;
      const { id: _id, ...stored } = toProfile(current);
      this.sql('UPDATE profiles SET doc = ? WHERE id = ?').run(JSON.stringify({ ...stored, ...fields }), profileId);
      // The typed handles become claims; the document keeps the proven ones only (refused: HandleTakenError).
      const wanted = networkClaims(fields.profile_social_profiles);
      runNow(setClaimsSteps(new SqliteClaimsUnit(this.db), profileId, wanted, new Date().toISOString()));
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
}
