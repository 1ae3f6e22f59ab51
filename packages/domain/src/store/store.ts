import type { AuthorView, SocialType } from '../domain/types';
import type { TaggedAnswer } from '../domain/rendered-answers';
import type { StoreDatabase } from './store-database';
import type { LookupType } from '../social/account-lookup';

/** A handle to look up: its network, and its key (see handleKey); or an account and its key (see accountLookupKey). */
export interface HandleLookup {
  type: LookupType;
  key: string;
}

/**
 * Everything the services and the CLI ask of storage. Implementations: embedded SQLite (default) and
 * MongoDB. No SQL, driver types or storage ids beyond the integer ids of the contract leak through.
 */
export interface Store {
  readonly kind: string;
  /** The database this store opened, for the repositories of every resource (see repositoriesOf). */
  readonly database: StoreDatabase;
  /** Resolves when the store answers; rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
  /**
   * A number that moves on whenever a write that may change an answer or a credential has been committed since it was
   * last read, by any process: what served answers are kept in memory by (see AnswerCache). Read at most once per
   * event-loop turn, so a write committed in one turn is seen by the lookups of the next, as the lookups themselves
   * see it. SQLite: its data_version, read at once (a number, no promise: every lookup reads it); MongoDB: the store's
   * change counter, moved on after every write. A store that cannot read it throws (or rejects) as a lookup would.
   */
  answersGeneration(): number | Promise<number>;
  close(): Promise<void>;

  /**
   * The author of the active article at this canonical address, or null when there is none: of a co-written
   * article's authors, the one v1 answers for (the first verified in credit order), or the first when none is verified.
   */
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
  /**
   * taggedArticleAnswer for each address, in their order, read together: a batch's lookups in one read instead of
   * one per address, whose own overhead (a promise, the file's check, the snapshot) was a third of an item's cost.
   */
  taggedArticleAnswers(canonicalUrls: readonly string[]): Promise<(TaggedAnswer | null)[]>;
  /**
   * The v2 `article_verified` answer of the article's verified author, without `domain_info` (see RenderedAnswers'
   * articleV2): rendered when the author, its proofs, articles or affiliations last changed. Null where v1 is null.
   */
  taggedArticleV2Answer(canonicalUrl: string): Promise<TaggedAnswer | null>;
  /**
   * journalistAnswer with its strong ETag (one per network looked up; see journalistTagFor). For a Bluesky or
   * fediverse account (see accountLookupKey): the verified profile whose live claim of it is proven (the oldest,
   * should two be), its `profile_social_profiles` the claim's value (a Bluesky account's current handle), its tag
   * a hash of its text; read from stored data only.
   */
  taggedJournalistAnswer(type: LookupType, handleKey: string): Promise<TaggedAnswer | null>;
  /** taggedJournalistAnswer for each handle, in their order, read together (see taggedArticleAnswers). */
  taggedJournalistAnswers(handles: readonly HandleLookup[]): Promise<(TaggedAnswer | null)[]>;
}
