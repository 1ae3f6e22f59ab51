import type { AuthorView } from '../domain/types';
import type { RenderedAnswers } from '../domain/rendered-answers';
import type { VerifiedIdentity } from '../claims/verified-identity';
import type { OutletsUnit } from '../outlets/outlets-unit';
import type { Step } from '../store/steps';
import type { DocumentSteps } from '../documents/documents';
import type { JournalistCredentialDocument } from '../credentials/credential-documents';
import type { BlueskyVerificationDocument } from '../bluesky-verification/bluesky-verification-documents';
import type { ProvenBlueskyAccount } from '../bluesky-verification/note-bluesky-verifications';

/** A profile's answers as rendered from its current fields and articles, with the count they were rendered from. */
export interface ProfileAnswers {
  profileId: number;
  activeArticleCount: number;
  answers: Required<RenderedAnswers>;
  /** The render revision the view was read at (see EvidencedView): the save applies only while it is unchanged. */
  revision: number;
}

/** A profile as its answers are rendered from: its fields and articles, and its live evidence (v2). */
export interface EvidencedView extends AuthorView {
  evidence: VerifiedIdentity[];
  /**
   * The profile's render revision, read before anything else the view holds (always 0 on SQLite, where nothing
   * else writes inside the transaction): every save of its answers and every forgetting of them moves it on.
   */
  revision: number;
}

/**
 * The writes that take rendered answers out of service before a change that removes something they show (see
 * takeOutOfService, which decides what goes and in which order): each one update of many documents.
 */
export interface OutOfServiceWrites {
  /** How many profiles one round of writes names: the database's bound on the ids one update may list. */
  readonly profilesPerWrite: number;
  /** Unsets these profiles' rendered v2 answers (the article's and its entity tag), moving their render revision on. */
  forgetV2Answers(profileIds: number[]): Step<void>;
  /** Unsets the rendered answers of every domain of these publishers, moving each one's render revision on. */
  forgetOutletsOf(publisherIds: number[]): Step<void>;
}

/**
 * What re-rendering asks of a database, inside the write that changed a profile or its articles (each method
 * returns a value on SQLite, inside the caller's transaction, and a promise on MongoDB; see database/steps.ts).
 */
export interface AnswersUnit extends OutletsUnit {
  /**
   * Each profile's fields, its latest active articles and its active-article count, counted now from the stored
   * articles (never incremented, so repeated or concurrent writers converge); ids with no profile are left out.
   */
  authorViews(profileIds: number[]): Step<EvidencedView[]>;
  /**
   * Stores each profile's count and answers (with their entity tags) if its revision is still the one they were
   * rendered at, moving it on; returns the profiles whose revision had moved (another save or a forgetting came
   * between), left as they were (never any on SQLite).
   */
  saveAnswers(rendered: ProfileAnswers[]): Step<number[]>;
  /**
   * What these profiles' credentials are noted from, without their articles: each one's fields, live evidence and
   * render revision (ids with no profile left out). For profiles whose answers were written without a re-render
   * (MongoDB's bulk import of new profiles).
   */
  credentialViews(profileIds: number[]): Step<Omit<EvidencedView, 'latestArticles' | 'activeArticleCount'>[]>;
  /** Takes these profiles' rendered answers (all of them) out of service, moving the revision on: lookups render them. */
  forgetAnswers(profileIds: number[]): Step<void>;
  /**
   * Where a change and its re-render cannot commit together (MongoDB, no transactions), the writes that take what the
   * change removes out of service before it (see takeOutOfService); null where they commit together (SQLite's
   * transaction): nothing is served between them, so nothing needs taking out of service.
   */
  readonly outOfService: OutOfServiceWrites | null;
  /** The journalists' credentials, told what to claim by each re-render; null in a store that has none yet (a migration's). */
  readonly credentials: DocumentSteps<JournalistCredentialDocument> | null;
  /**
   * What Byline's Bluesky account must assert about each journalist, told by each re-render; null in a store that has
   * none yet (a migration's).
   */
  readonly blueskyVerifications: DocumentSteps<BlueskyVerificationDocument> | null;
  /**
   * These profiles' proven, unreleased Bluesky claims with a live proof (DID and shown value), read after their
   * views: whom their verification records name.
   */
  provenBlueskyAccounts(profileIds: number[]): Step<ProvenBlueskyAccount[]>;
  /**
   * The render revision a gone (erased) profile's claims are noted at: above any read on MongoDB, whose profile ids
   * are never given again, so that no note read before the erasure brings its claims back; 0 on SQLite, where notes
   * are written in order and an erased profile's id may be given to a new profile, whose notes must apply.
   */
  readonly goneRevision: number;
}
