/**
 * The answers' types, taken from the types openapi-typescript generates from the documents the services serve
 * (./generated; test/openapi-types.test.ts fails when they drift from what is served). The batch shapes are
 * written here from the product description until the services' documents describe them.
 */
import type { components as ArticleComponents } from './generated/article-verifier';
import type { components as JournalistComponents } from './generated/journalist-verifier';

type ArticleSchemas = ArticleComponents['schemas'];
type JournalistSchemas = JournalistComponents['schemas'];

/** v1 verify_article: discriminated by `verified`. */
export type ArticleAnswer = ArticleSchemas['ArticleAnswer'];
export type AuthorProfile = ArticleSchemas['AuthorProfile'];
export type ArticleOfAuthor = ArticleSchemas['ArticleOfAuthor'];

/** v2 verify_article: discriminated by `type`. */
export type ArticleAnswerV2 = ArticleSchemas['ArticleAnswerV2'];
export type ArticleVerified = ArticleSchemas['ArticleVerified'];
/** One author of a co-written article (ArticleVerified's `authors`): v1's Author profile fields and their evidence. */
export type ArticleAuthor = NonNullable<ArticleVerified['authors']>[number];
export type DomainVerifiedPlus = ArticleSchemas['DomainVerifiedPlus'];
export type DomainVerified = ArticleSchemas['DomainVerified'];
export type UnverifiedV2 = ArticleSchemas['UnverifiedV2'];
export type DomainInfo = ArticleSchemas['DomainInfo'];
export type VerifiedIdentity = ArticleSchemas['VerifiedIdentity'];
export type ArticleOfOutlet = ArticleSchemas['ArticleOfOutlet'];

/** v1 verify_journalist: discriminated by `verified`. */
export type JournalistAnswer = JournalistSchemas['JournalistAnswer'];
export type JournalistResult = JournalistSchemas['JournalistResult'];
export type ArticleOfJournalist = JournalistSchemas['ArticleOfJournalist'];

/** `{"verified": false, "message"}` of the v1 operations. */
export type Unverified = ArticleSchemas['Unverified'];

/** RFC 9457 problem details as the services send them. */
export type Problem = ArticleSchemas['Problem'];
/** One bad field of a 422 (`url`, `social_type`, or an item of a batch such as `urls[3]`). */
export type FieldError = NonNullable<Problem['errors']>[number];

/**
 * What verify_journalist looks up; any letter case is accepted, `x` is `twitter`. `bluesky` takes a handle or a DID,
 * `fediverse` an account `@user@host`.
 */
export type SocialType = 'twitter' | 'x' | 'linkedin' | 'facebook' | 'instagram' | 'bluesky' | 'fediverse';

export interface JournalistLookup {
  social_username: string;
  // Any string is sent as it is (the service accepts any letter case); the literals are what it knows.
  social_type: SocialType | (string & {});
}

/** One item of a batch answer: the item as it was sent, and exactly the single operation's answer to it. */
export interface BatchResult<Input, Answer> {
  input: Input;
  result: Answer;
}

/** A batch answer: one result per item, in the order sent. */
export interface BatchAnswer<Input, Answer> {
  results: Array<BatchResult<Input, Answer>>;
}

export type ArticleBatchAnswer = BatchAnswer<string, ArticleAnswer>;
export type ArticleBatchAnswerV2 = BatchAnswer<string, ArticleAnswerV2>;
export type JournalistBatchAnswer = BatchAnswer<JournalistLookup, JournalistAnswer>;

/** The fewest and most items a batch takes. */
export const BATCH_MIN_ITEMS = 1;
export const BATCH_MAX_ITEMS = 100;
