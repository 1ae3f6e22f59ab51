import type { AuthorView, ProfileInput, SocialType } from '../domain/types';
import type { TaggedAnswer } from '../domain/rendered-answers';
import type { StoreDatabase } from '../database/store-database';

export interface ImportProgress {
  done: number;
  total: number;
}

/** A record of an import that cannot be stored, with its position in the input (0-based). */
export interface ImportProblem {
  index: number;
  reason: string;
}

export interface ImportSummary {
  profiles: number;
  articles: number;
}

/**
 * Everything the services and the CLI ask of storage. Implementations: embedded SQLite (default) and
 * MongoDB. No SQL, driver types or storage ids beyond the integer ids of the contract leak through.
 */
export interface Store {
  readonly kind: string;
  /** The database this store opened, for the repositories of every resource (see backendOf). */
  readonly database: StoreDatabase;
  /** Resolves when the store answers; rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;

  /** The author of the active article at this canonical address, or null when there is none. */
  findAuthorOfArticle(canonicalUrl: string): Promise<AuthorView | null>;
  /** The profile holding this handle (see handleKey), or null. */
  findAuthorBySocialHandle(type: SocialType, handleKey: string): Promise<AuthorView | null>;
  /**
   * The verify_article answer (JSON text, see RenderedAnswers) when the active article at this canonical
   * address has a verified author; null otherwise. The verifiers' hot path: no mapping per request.
   */
  articleAnswer(canonicalUrl: string): Promise<string | null>;
  /** The verify_journalist answer (JSON text) when a verified profile holds this handle; null otherwise. */
  journalistAnswer(type: SocialType, handleKey: string): Promise<string | null>;
  /**
   * articleAnswer with its strong ETag, stored beside the text when it was rendered: what the verifier serves.
   * The tag changes whenever the text does, so a matching If-None-Match never hides a change.
   */
  taggedArticleAnswer(canonicalUrl: string): Promise<TaggedAnswer | null>;
  /** journalistAnswer with its strong ETag (one per network looked up; see journalistTagFor). */
  taggedJournalistAnswer(type: SocialType, handleKey: string): Promise<TaggedAnswer | null>;

  /**
   * Upserts profiles by slug and articles by canonical address, all or nothing. Records must already be
   * valid; conflicts with stored data (a handle held by another profile) reject with ImportConflictError.
   */
  importProfiles(records: ProfileInput[], onProgress?: (progress: ImportProgress) => void): Promise<ImportSummary>;
  /**
   * importProfiles for records that arrive in batches (a file being read and checked), all or nothing as
   * well: when `batches` throws, nothing is stored and the error passes through. The embedded store
   * writes each batch as it comes, in one transaction, so a file is never held whole; MongoDB, which has
   * no transactions to undo with, collects every batch first and reports `onProgress` as it then writes.
   */
  importProfileBatches(
    batches: AsyncIterable<ProfileInput[]>,
    onProgress?: (progress: ImportProgress) => void,
  ): Promise<ImportSummary>;
  /** Every profile in the import format, ordered by id, articles ordered by id. */
  exportProfiles(): AsyncIterable<ProfileInput>;
  /** Sets the verified flag; false when no profile has that slug. */
  setProfileVerified(slug: string, verified: boolean): Promise<boolean>;
  countProfiles(): Promise<number>;
}

/** The store cannot be reached or answered with a transient failure; callers answer 503. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export class ImportConflictError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`${problems.length} record(s) conflict with stored data`);
    this.name = 'ImportConflictError';
  }
}
