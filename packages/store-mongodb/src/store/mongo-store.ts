import { randomUUID } from 'node:crypto';
import type { MongoStoreDatabase } from './mongo-database';
import type { Db } from 'mongodb';
import type { AuthorView, SocialType } from '@byline/domain/domain/types';
import type { Logger } from '@byline/domain/logging/logger';
import { isAccountLookupType, type AccountLookupType, type LookupType } from '@byline/domain/social/account-lookup';
import {
  accountAnswerFor,
  journalistAnswerFor,
  journalistTagFor,
  renderAnswers,
  articleV2OfAuthors,
  renderArticleV2,
  type RenderedAnswers,
  type V1Answers,
  type TaggedAnswer,
} from '@byline/domain/domain/rendered-answers';
import type { HandleLookup, Store } from '@byline/domain/store/store';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { databaseName } from './mongo-client-options';
import { MongoConnection } from './mongo-connection';
import { cannotWriteProblem, unavailableOr } from './mongo-errors';
import { WriteHealth } from '@byline/domain/store/write-health';
import { migrate } from './mongo-migrations';
import { collectionOf, type ProfileDoc } from './mongo-schema';
import { readAuthorView } from './profile-derived-fields';
import { readEvidenceOf } from '../evidence/mongo-author-evidence';
import { RetryingInit } from './retrying-init';
import { systemClock } from '@byline/domain/runtime/system-clock';

export interface MongoStoreOptions {
  /** Overrides the database named in the URI (tests use one fresh database per store). */
  dbName?: string;
  logger?: Logger;
  /** The time of record, which the migrations at open write (default: the system clock). */
  clock?: () => Date;
}

/** The tags that show a profile's answers were rendered with them (see hasTags): every lookup reads them. */
const TAGS = { 'answers.articleTag': 1, 'answers.journalistTag': 1 } as const;

/**
 * What each lookup reads of a profile: the answer it serves and the tags; the journalist answer also the handles.
 * Each reads only its own (v2's author answer holds v1's and the evidence: a v1 lookup has no use for it).
 */
const PROJECTIONS = {
  article: { ...TAGS, 'answers.article': 1 },
  articleV2: { ...TAGS, 'answers.article': 1, 'answers.articleV2': 1, 'answers.articleV2Tag': 1 },
  journalist: { ...TAGS, 'answers.journalist': 1, 'profile.profile_social_profiles': 1 },
} as const;
type Projected = keyof typeof PROJECTIONS;

/** One handle's key among a batch's: a network never has a NUL in its name. */
const handleOwnerKey = (type: string, key: string) => `${type}\0${key}`;

/** An address's authors, first credited first (see creditOrderOf), as the address index keeps them. */
const IN_CREDIT_ORDER = { credit_order: 1, _id: 1 } as const;

/** The answers of the first of these profiles (in their order) that has some: the first verified author. */
function firstOf<T>(profileIds: readonly number[], answers: ReadonlyMap<number, T>): T | null {
  for (const profileId of profileIds) {
    const found = answers.get(profileId);
    if (found) return found;
  }
  return null;
}

/** Stored answers rendered with their tags (not by a writer from before them). */
const hasTags = (answers: RenderedAnswers | undefined): answers is Required<RenderedAnswers> =>
  answers?.articleTag !== undefined && answers.journalistTag !== undefined;

/**
 * The MongoDB store (also runs on FerretDB 1.x). Opening never waits for the server: the client
 * connects lazily and the schema step (indexes) is retried in the background with back-off, so a
 * service started during an outage answers /readyz 503 and becomes ready when the database returns.
 * Every operation first needs that step done; outages surface as StoreUnavailableError within the
 * server-selection timeout, never as a hang.
 */
export class MongoStore implements Store {
  readonly kind = 'mongodb';
  readonly database: MongoStoreDatabase = { kind: 'mongodb', mongo: this };
  private readonly schema: RetryingInit;
  /** This turn's read of the change counter (see answersGeneration). */
  private turnGeneration: Promise<number> | undefined;
  /** Remembers an operation refused for a full disk, for readiness (cleared by its probe write, see ping). */
  private readonly writes: WriteHealth;

  private constructor(
    private readonly connection: MongoConnection,
    logger?: Logger,
    clock: () => Date = systemClock,
  ) {
    this.writes = new WriteHealth(logger);
    // An explicit connect per attempt: after a failed first connection the driver closes its topology,
    // and only connect() builds a new one (operations alone would keep failing with "Topology is closed").
    this.schema = new RetryingInit(async () => migrate(await connection.connect(), clock()), {
      onRetry: (error, delayMs) =>
        logger?.warn('database not ready, retrying', { store: 'mongodb', retry_in_ms: delayMs, error: String(error) }),
      onReady: () => logger?.info('database ready', { store: 'mongodb', database: connection.db.databaseName }),
    });
  }

  /** Returns at once; see the class comment. */
  static open(uri: string, options: MongoStoreOptions = {}): MongoStore {
    const dbName = options.dbName ?? databaseName(uri);
    return new MongoStore(new MongoConnection(uri, dbName, options.logger), options.logger, options.clock);
  }

  /** The database of the current client (see MongoConnection: a stuck client is replaced). */
  get db(): Db {
    return this.connection.db;
  }

  private get profiles() {
    return collectionOf(this.db, 'profiles');
  }
  private get articles() {
    return collectionOf(this.db, 'articles');
  }
  private get handles() {
    return collectionOf(this.db, 'handles');
  }

  /**
   * The schema step done, then the work; driver outages become StoreUnavailableError and count toward
   * replacing a stuck client. The portal's MongoDB store runs its work through this too.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const changesBefore = this.connection.changesStarted;
    try {
      await this.schema.whenReady();
      const result = await work();
      this.connection.noteSuccess();
      return result;
    } catch (error) {
      // Reads and writes share this path, so only the readiness probe clears it (a read succeeding says nothing).
      const problem = cannotWriteProblem(error);
      if (problem) this.writes.failed(problem);
      const mapped = unavailableOr(error);
      if (mapped instanceof StoreUnavailableError) this.connection.noteOutage();
      throw mapped;
    } finally {
      // A write started meanwhile (this work's, or another's running beside it): the counter moves on after it.
      if (this.connection.changesStarted !== changesBefore) await this.noteChange();
    }
  }

  /**
   * The change counter, read at most once per event-loop turn (the turn's lookups share the read). Every write that
   * may change an answer is followed by a move of the counter (see run), so answers kept at the count read here are
   * what the store says until it moves. Residual risk: a process that stops between its write and the move leaves
   * the kept answers of other processes as they were until the next write anywhere.
   */
  answersGeneration(): Promise<number> {
    if (!this.turnGeneration) {
      this.turnGeneration = this.run(async () => (await this.changes.findOne({ _id: 'answers' }))?.n ?? 0);
      setImmediate(() => {
        this.turnGeneration = undefined;
      });
    }
    return this.turnGeneration;
  }

  /** Moves the change counter on; a failure is left to the next write's move (the write itself has succeeded). */
  private async noteChange(): Promise<void> {
    await this.changes.updateOne({ _id: 'answers' }, { $inc: { n: 1 } }, { upsert: true }).catch(() => undefined);
  }

  private get changes() {
    return collectionOf(this.db, 'storeChanges');
  }

  /** The server answers, and after a write refused for a full disk, a small write succeeds again (see WriteHealth). */
  async ping(): Promise<void> {
    await this.run(async () => {
      const answer = await this.db.command({ ping: 1 });
      if (answer.ok !== 1) throw new StoreUnavailableError('mongodb: ping was not acknowledged');
    });
    await this.writes.check(() =>
      this.run(async () => {
        // An id of its own: replicas probing at once must not refuse each other's.
        const probes = this.db.collection<{ _id: string; filler: string }>('write_probe');
        const _id = randomUUID();
        await probes.insertOne({ _id, filler: 'x'.repeat(65_536) });
        await probes.deleteOne({ _id });
      }),
    );
  }

  async close(): Promise<void> {
    this.schema.close();
    await this.connection.close();
  }

  findAuthorOfArticle(canonicalUrl: string): Promise<AuthorView | null> {
    return this.run(async () => {
      const authors = await this.authorsOfArticle(canonicalUrl);
      if (authors.length === 0) return null;
      const verified = new Set<number>();
      const found = this.profiles.find({ _id: { $in: authors }, verified: true }, { projection: { _id: 1 } });
      for await (const doc of found) verified.add(doc._id);
      return readAuthorView(this.db, authors.find((id) => verified.has(id)) ?? authors[0]!);
    });
  }

  findAuthorBySocialHandle(type: SocialType, key: string): Promise<AuthorView | null> {
    return this.run(async () => {
      const profileId = await this.ownerOfHandle(type, key);
      return profileId === null ? null : readAuthorView(this.db, profileId);
    });
  }

  async articleAnswer(canonicalUrl: string): Promise<string | null> {
    return (await this.taggedArticleAnswer(canonicalUrl))?.json ?? null;
  }

  async journalistAnswer(type: SocialType, key: string): Promise<string | null> {
    return (await this.taggedJournalistAnswer(type, key))?.json ?? null;
  }

  /** Of a co-written article's verified authors, the first credited (see creditOrderOf). */
  taggedArticleAnswer(canonicalUrl: string): Promise<TaggedAnswer | null> {
    return this.run(async () => {
      const authors = await this.authorsOfArticle(canonicalUrl);
      if (authors.length === 0) return null;
      // Nearly every article has one author: its profile read alone, as the single lookup always did.
      const answers =
        authors.length === 1
          ? await this.verifiedAnswers(authors[0]!, 'article')
          : firstOf(authors, await this.verifiedAnswersOf(authors, 'article'));
      return answers ? { json: answers.rendered.article, etag: answers.rendered.articleTag } : null;
    });
  }

  /** Two queries for them all: the addresses' active articles, then their verified profiles' answers. */
  taggedArticleAnswers(canonicalUrls: readonly string[]): Promise<(TaggedAnswer | null)[]> {
    return this.run(async () => {
      const authors = new Map<string, number[]>();
      const articles = this.articles
        .find(
          { canonical_url: { $in: [...new Set(canonicalUrls)] }, active: true },
          { projection: { canonical_url: 1, profile_id: 1 } },
        )
        .sort(IN_CREDIT_ORDER);
      for await (const article of articles) {
        const ofAddress = authors.get(article.canonical_url) ?? [];
        authors.set(article.canonical_url, [...ofAddress, article.profile_id]);
      }
      const answers = await this.verifiedAnswersOf([...new Set([...authors.values()].flat())], 'article');
      return canonicalUrls.map((url) => {
        const rendered = firstOf(authors.get(url) ?? [], answers)?.rendered;
        return rendered ? { json: rendered.article, etag: rendered.articleTag } : null;
      });
    });
  }

  /** Every verified author's v2 answer, in credit order (see articleV2OfAuthors). */
  taggedArticleV2Answer(canonicalUrl: string): Promise<TaggedAnswer | null> {
    return this.run(async () => {
      const authors = await this.authorsOfArticle(canonicalUrl);
      if (authors.length === 0) return null;
      const answers = await this.verifiedAnswersOf(authors, 'articleV2');
      const tagged: TaggedAnswer[] = [];
      for (const profileId of authors) {
        const rendered = answers.get(profileId)?.rendered;
        if (!rendered) continue;
        const { articleV2, articleV2Tag } = rendered;
        if (articleV2 && articleV2Tag) tagged.push({ json: articleV2, etag: articleV2Tag });
        else {
          // Not rendered yet (a document an import wrote whole, or from before v2): rendered here from what is stored.
          const made = renderArticleV2(rendered.article, await readEvidenceOf(this.db, profileId));
          tagged.push({ json: made.articleV2, etag: made.articleV2Tag });
        }
      }
      return articleV2OfAuthors(tagged);
    });
  }

  taggedJournalistAnswer(type: LookupType, key: string): Promise<TaggedAnswer | null> {
    return this.run(async () => {
      if (isAccountLookupType(type)) return this.accountAnswer(type, key);
      const profileId = await this.ownerOfHandle(type, key);
      const answers = profileId === null ? null : await this.verifiedAnswers(profileId, 'journalist');
      if (!answers) return null;
      return {
        json: journalistAnswerFor(answers.rendered.journalist, type, answers.socialProfiles[type] ?? ''),
        etag: journalistTagFor(answers.rendered.journalistTag, type),
      };
    });
  }

  /** Two queries for them all: the handles' profiles, then those profiles' answers. */
  taggedJournalistAnswers(lookups: readonly HandleLookup[]): Promise<(TaggedAnswer | null)[]> {
    return this.run(async () => {
      // Accounts (Bluesky, fediverse) are found by their claims, one by one; the networks' handles together.
      const accounts = new Map<number, TaggedAnswer | null>();
      for (const [i, { type, key }] of lookups.entries())
        if (isAccountLookupType(type)) accounts.set(i, await this.accountAnswer(type, key));
      const handles = lookups.filter((_, i) => !accounts.has(i)) as { type: SocialType; key: string }[];
      const answered = await this.networkAnswers(handles);
      let next = 0;
      return lookups.map((_, i) => (accounts.has(i) ? accounts.get(i)! : answered[next++]!));
    });
  }

  /**
   * The answer for a proven claim of a Bluesky or fediverse account (see Store.taggedJournalistAnswer): by the
   * claim's key, or a Bluesky handle by the value its claim shows; the oldest such claim of a verified profile.
   */
  private async accountAnswer(type: AccountLookupType, key: string): Promise<TaggedAnswer | null> {
    const byValue = type === 'bluesky' && !key.startsWith('did:');
    const claims = collectionOf(this.db, 'claims')
      .find(
        { kind: type, ...(byValue ? { value: key } : { key }), state: 'proven', released_at: null },
        { projection: { profile_id: 1, value: 1 } },
      )
      .sort({ _id: 1 });
    for await (const claim of claims) {
      const answers = await this.verifiedAnswers(claim.profile_id, 'journalist');
      if (answers) return accountAnswerFor(answers.rendered.journalist, answers.rendered.journalistTag, type, claim.value);
    }
    return null;
  }

  /** Two queries for them all: the handles' profiles, then those profiles' answers. */
  private async networkAnswers(handles: readonly { type: SocialType; key: string }[]): Promise<(TaggedAnswer | null)[]> {
    if (handles.length === 0) return [];
    const owners = new Map<string, number>();
    const found = this.handles.find(
      { $or: handles.map(({ type, key }) => ({ social_type: type, handle_key: key })) },
      { projection: { social_type: 1, handle_key: 1, profile_id: 1 } },
    );
    for await (const handle of found) owners.set(handleOwnerKey(handle.social_type, handle.handle_key), handle.profile_id);
    const answers = await this.verifiedAnswersOf([...new Set(owners.values())], 'journalist');
    return handles.map(({ type, key }) => {
      const profile = answers.get(owners.get(handleOwnerKey(type, key))!);
      if (!profile) return null;
      return {
        json: journalistAnswerFor(profile.rendered.journalist, type, profile.socialProfiles[type] ?? ''),
        etag: journalistTagFor(profile.rendered.journalistTag, type),
      };
    });
  }

  /** The profiles whose article at this canonical address counts, in credit order. */
  private async authorsOfArticle(canonicalUrl: string): Promise<number[]> {
    const articles = this.articles
      .find({ canonical_url: canonicalUrl, active: true }, { projection: { profile_id: 1 } })
      .sort(IN_CREDIT_ORDER);
    return (await articles.toArray()).map((article) => article.profile_id);
  }

  /** The profile id holding this handle, or null. */
  private async ownerOfHandle(type: SocialType, key: string): Promise<number | null> {
    const handle = await this.handles.findOne({ social_type: type, handle_key: key }, { projection: { profile_id: 1 } });
    return handle?.profile_id ?? null;
  }

  /**
   * The rendered answers of a verified profile; rendered here for a document written before they (or their
   * tags) were stored, or rewritten without tags by a writer from before them.
   */
  private async verifiedAnswers(profileId: number, lookup: Projected) {
    const doc = await this.profiles.findOne({ _id: profileId, verified: true }, { projection: PROJECTIONS[lookup] });
    return doc ? this.answersOf(doc) : null;
  }

  /** verifiedAnswers of each of these profiles in one query, by profile id; the unverified are left out. */
  private async verifiedAnswersOf(profileIds: number[], lookup: Projected) {
    const answers = new Map<number, Awaited<ReturnType<MongoStore['answersOf']>>>();
    if (profileIds.length === 0) return answers;
    const docs = this.profiles.find({ _id: { $in: profileIds }, verified: true }, { projection: PROJECTIONS[lookup] });
    for await (const doc of docs) answers.set(doc._id, await this.answersOf(doc));
    return answers;
  }

  /** A profile's answers as projected (the handles only where the journalist lookup read them). */
  private async answersOf(
    doc: Pick<ProfileDoc, '_id' | 'answers'> & { profile?: Pick<ProfileDoc['profile'], 'profile_social_profiles'> },
  ) {
    const rendered: RenderedAnswers & V1Answers = hasTags(doc.answers)
      ? doc.answers
      : renderAnswers((await readAuthorView(this.db, doc._id))!);
    // Absent where the lookup did not read them (the article answers, which never show them).
    const socialProfiles: Partial<Record<SocialType, string>> = doc.profile?.profile_social_profiles ?? {};
    return { rendered, socialProfiles };
  }
}
