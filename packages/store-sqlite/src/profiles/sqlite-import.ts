import type Database from 'better-sqlite3';
import { SOCIAL_TYPES, type ProfileInput, type SocialType } from '@byline/domain/domain/types';
import { handleKey, normalizeSocialProfiles } from '@byline/domain/social/social-handle';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { ImportConflictError, type ImportProblem, type ImportSummary } from '@byline/domain/profiles/profiles-repository';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { rerenderNow } from '../answers/sqlite-answers-unit';
import { proveImportedHandles, unprovenClaimsExist } from '../claims/sqlite-import-claims';
import { operatorImportProof } from '@byline/domain/articles/article-proof';

function prepare(db: Database.Database) {
  return {
    profileIdBySlug: db.prepare<[string], number>('SELECT id FROM profiles WHERE slug = ?').pluck(),
    insertProfile: db.prepare<[string, number, string]>('INSERT INTO profiles (slug, verified, doc) VALUES (?, ?, ?)'),
    updateProfile: db.prepare<[number, string, number]>('UPDATE profiles SET verified = ?, doc = ? WHERE id = ?'),
    deleteHandles: db.prepare<[number]>('DELETE FROM social_handles WHERE profile_id = ?'),
    handleOwner: db
      .prepare<[string, string], number>('SELECT profile_id FROM social_handles WHERE social_type = ? AND handle_key = ?')
      .pluck(),
    insertHandle: db.prepare<[string, string, number]>(
      'INSERT INTO social_handles (social_type, handle_key, profile_id) VALUES (?, ?, ?)',
    ),
    provenArticleOwner: db
      .prepare<[string], number>('SELECT profile_id FROM articles WHERE canonical_url = ? AND proven = 1')
      .pluck(),
    // Refused by either unique index: the address proven on a profile, or listed by this one already.
    insertNewArticle: db.prepare<[number, string, number, string, string, string]>(
      `INSERT INTO articles (profile_id, canonical_url, active, published_at, doc, proven, proof) VALUES (?, ?, ?, ?, ?, 1, ?)
       ON CONFLICT DO NOTHING`,
    ),
    dropOwnClaim: db.prepare<[number, string]>('DELETE FROM articles WHERE profile_id = ? AND canonical_url = ? AND proven = 0'),
    moveProvenArticle: db.prepare<[number, number, string, string, string, string]>(
      'UPDATE articles SET profile_id = ?, active = ?, published_at = ?, doc = ?, proof = ? WHERE canonical_url = ? AND proven = 1',
    ),
    releaseHistory: db.prepare<[string, string]>(
      `INSERT INTO verification_audit (profile_id, actor, action, note, at)
       SELECT a.profile_id, 'operator:byline import', 'article-released', a.canonical_url || ': ' || ?, ? FROM articles a
       WHERE a.proven = 0 AND json_extract(a.proof, '$.state') <> 'released'
         AND EXISTS (SELECT 1 FROM articles b WHERE b.canonical_url = a.canonical_url AND b.proven = 1)`,
    ),
    releaseClaims: db.prepare<[string]>(
      `UPDATE articles SET proof = json_set(proof, '$.state', 'released', '$.reason', ?)
       WHERE proven = 0 AND json_extract(proof, '$.state') <> 'released'
         AND EXISTS (SELECT 1 FROM articles b WHERE b.canonical_url = articles.canonical_url AND b.proven = 1)`,
    ),
  };
}

const statements = preparedPerConnection(prepare);

function profileDoc(record: ProfileInput): string {
  const { articles: _articles, ...profile } = record;
  return JSON.stringify(profile);
}

interface Claim {
  index: number;
  type: SocialType;
  key: string;
  value: string;
  profileId: number;
}

/**
 * One import into the embedded store, fed records in order (add) and ended with finish(), all inside one
 * transaction the caller opens and commits (or rolls back when either throws). Gives the same result as
 * applying the records one after the other, except for handles: every profile being imported releases its
 * old handles first, so a swap of handles between profiles of one import works, and the first record to
 * claim a handle wins. A claim on a handle that another profile holds may only be decided once that
 * profile's record has (or has not) come, so it waits for finish(), and so does every later claim on the
 * same handle, to keep the file's order. Records need not be held: only such claims and the ids of the
 * profiles touched are kept, which is what lets a large file stream through.
 */
export class SqliteImport {
  private readonly stmt;
  private readonly touched = new Set<number>();
  /** Profiles whose old handles this import has released (once, before the first record of it claims). */
  private readonly released = new Set<number>();
  private readonly waiting: Claim[] = [];
  private readonly contested = new Set<string>();
  private profiles = 0;
  private articles = 0;
  /** Every imported article is proven by the operator's import: one proof, serialised once. */
  private readonly articleProof: string;

  /** `now`: the import's time, on every proof and release it writes. */
  constructor(
    private readonly db: Database.Database,
    private readonly now: string,
  ) {
    this.stmt = statements(db);
    this.articleProof = JSON.stringify(operatorImportProof(now));
  }

  /** Writes these records (the next ones of the import, in order). */
  add(records: ProfileInput[]): void {
    for (const record of records) this.addRecord(record, this.profiles++);
  }

  private addRecord(given: ProfileInput, index: number): void {
    const social = normalizeSocialProfiles(given.profile_social_profiles, `profile ${given.profile_slug}`);
    const record = { ...given, profile_social_profiles: social };
    const doc = profileDoc(record);
    const verified = record.verified ? 1 : 0;
    let profileId = this.stmt.profileIdBySlug.get(record.profile_slug);
    if (profileId === undefined) {
      profileId = Number(this.stmt.insertProfile.run(record.profile_slug, verified, doc).lastInsertRowid);
    } else {
      this.stmt.updateProfile.run(verified, doc, profileId);
    }
    if (!this.released.has(profileId)) {
      this.stmt.deleteHandles.run(profileId);
      this.released.add(profileId);
    }
    this.touched.add(profileId);

    for (const type of SOCIAL_TYPES) {
      const value = record.profile_social_profiles[type];
      if (value) this.claim({ index, type, key: handleKey(type, value), value, profileId });
    }
    for (const article of record.articles) {
      const canonical = canonicalizeUrl(article.link);
      const active = article.active ? 1 : 0;
      const articleDoc = JSON.stringify(article);
      const proof = this.articleProof;
      // Insert first: in a bulk import nearly every article is new, and then one statement is enough.
      if (this.stmt.insertNewArticle.run(profileId, canonical, active, article.published_at, articleDoc, proof).changes === 0) {
        // The profile's own unproven claim of the address gives way to the imported, proven article; a proven one
        // on any profile moves here (the operator's import decides, as it always has).
        this.stmt.dropOwnClaim.run(profileId, canonical);
        const previous = this.stmt.provenArticleOwner.get(canonical);
        if (previous === undefined)
          this.stmt.insertNewArticle.run(profileId, canonical, active, article.published_at, articleDoc, proof);
        else {
          this.touched.add(previous);
          this.stmt.moveProvenArticle.run(profileId, active, article.published_at, articleDoc, proof, canonical);
        }
      }
      this.articles++;
    }
  }

  /** Takes a free handle now; a claim on a held or contested one waits for finish(). */
  private claim(claim: Claim): void {
    const holder = this.stmt.handleOwner.get(claim.type, claim.key);
    if (holder === claim.profileId) return;
    const id = `${claim.type}\u0000${claim.key}`;
    if (holder === undefined && !this.contested.has(id)) {
      this.stmt.insertHandle.run(claim.type, claim.key, claim.profileId);
      return;
    }
    this.contested.add(id);
    this.waiting.push(claim);
  }

  /** A waiting claim, once every record has released its handles: taken if free, a problem if held by another. */
  private decide(claim: Claim, problems: ImportProblem[]): void {
    const holder = this.stmt.handleOwner.get(claim.type, claim.key);
    if (holder === undefined) this.stmt.insertHandle.run(claim.type, claim.key, claim.profileId);
    else if (holder !== claim.profileId) {
      problems.push({ index: claim.index, reason: `${claim.type} handle "${claim.value}" is already held by another profile` });
    }
  }

  /** Decides the waiting claims, then re-derives every touched profile; throws ImportConflictError on any conflict. */
  finish(): ImportSummary {
    const problems: ImportProblem[] = [];
    for (const claim of this.waiting) this.decide(claim, problems);
    if (problems.length) throw new ImportConflictError(problems.sort((a, b) => a.index - b.index));
    const now = this.now;
    const othersMayClaim = unprovenClaimsExist(this.db);
    for (const id of this.released) proveImportedHandles(this.db, id, now, { othersMayClaim });
    // Other profiles' unproven claims of the addresses now proven are released, with the reason their owners read.
    const reason = `Proven on another profile by the operator's import on ${now.slice(0, 10)}.`;
    this.stmt.releaseHistory.run(reason, now);
    this.stmt.releaseClaims.run(reason);
    rerenderNow(this.db, this.touched);
    return { profiles: this.profiles, articles: this.articles };
  }
}
