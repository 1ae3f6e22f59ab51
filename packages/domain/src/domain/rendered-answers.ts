import { createHash, hash } from 'node:crypto';
import type { AuthorView, SocialType } from './types';
import type { VerifiedIdentity } from '../claims/verified-identity';
import { publicProfileUrl } from '../profiles/public-profile-url';
import type { AccountLookupType } from '../social/account-lookup';
import {
  NO_VERIFIED_AUTHOR_MESSAGE,
  NOT_A_JOURNALIST_MESSAGE,
  toAuthorProfileResponse,
  toJournalistResponse,
  unverified,
} from './mappers';

/**
 * The two verification answers of a profile as JSON text, rendered by the stores whenever the profile
 * or its articles change, so a lookup serves stored text instead of mapping and serialising per request.
 * Rendered as the profile answers once verified: stores serve them only while it is.
 */
export interface RenderedAnswers {
  /** The whole verify_article answer. */
  article: string;
  /** The verify_journalist answer without `profile_social_profiles`, which depends on the network looked up. */
  journalist: string;
  /** The strong ETag of `article`. Absent on answers rendered before tags were stored (re-rendered by migration). */
  articleTag?: string;
  /** The strong ETag of `journalist` and the profile's handles; see journalistTagFor. */
  journalistTag?: string;
  /**
   * The v2 `article_verified` answer without the outlet's `domain_info` (added per lookup, see withDomainInfo): `type`,
   * the v1 fields, then the author's live `evidence`. Absent where no evidence was read when rendering (a document
   * an import wrote whole, a writer from before v2): the lookup then renders it from what is stored.
   */
  articleV2?: string;
  /** The strong ETag of `articleV2`. */
  articleV2Tag?: string;
}

/** The answers renderAnswers gives: v1's, always with their tags. */
export type V1Answers = Required<Omit<RenderedAnswers, 'articleV2' | 'articleV2Tag'>>;

/** An answer as the verifiers send it: the JSON text and its strong ETag (quoted). */
export interface TaggedAnswer {
  json: string;
  etag: string;
}

/** A strong entity tag (RFC 9110 §8.8.3) for these bytes: the same text always gets the same tag. */
export function entityTagOf(...texts: string[]): string {
  const hash = createHash('sha256');
  for (const text of texts) hash.update(text).update('\0');
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

export const UNVERIFIED_ARTICLE_ANSWER = JSON.stringify(unverified(NO_VERIFIED_AUTHOR_MESSAGE));
export const UNVERIFIED_JOURNALIST_ANSWER = JSON.stringify(unverified(NOT_A_JOURNALIST_MESSAGE));
/** The unverified answers with their tags, computed once at start-up. */
export const UNVERIFIED_ARTICLE: TaggedAnswer = { json: UNVERIFIED_ARTICLE_ANSWER, etag: entityTagOf(UNVERIFIED_ARTICLE_ANSWER) };
export const UNVERIFIED_JOURNALIST: TaggedAnswer = {
  json: UNVERIFIED_JOURNALIST_ANSWER,
  etag: entityTagOf(UNVERIFIED_JOURNALIST_ANSWER),
};

export function renderAnswers(view: AuthorView): V1Answers {
  const asVerified = { ...view, profile: { ...view.profile, verified: true } };
  const { profile_social_profiles: _perNetwork, ...fields } = toJournalistResponse(asVerified, 'twitter');
  const article = JSON.stringify(toAuthorProfileResponse(asVerified));
  const journalist = JSON.stringify(fields);
  return {
    article,
    journalist,
    articleTag: entityTagOf(article),
    // The handles complete the answer per request (journalistAnswerFor): a handle edited alone changes the tag too.
    journalistTag: entityTagOf(journalist, JSON.stringify(view.profile.profile_social_profiles)),
  };
}

/**
 * Completes a rendered journalist answer with the handle of the network looked up, as its last field
 * (where toJournalistResponse puts it). `handle` is the handle as the profile stores it.
 */
export function journalistAnswerFor(rendered: string, lookedUp: SocialType, handle: string): string {
  return `${rendered.slice(0, -1)},"profile_social_profiles":${JSON.stringify({ [lookedUp]: handle })}}`;
}

/**
 * The answer of a lookup by a Bluesky or fediverse account: the rendered answer completed with the account as its
 * claim shows it (`{"bluesky": HANDLE}`). Its tag joins the rendered answer's tag (which stands for the rest of the
 * body) with a hash of the account shown, as that is no part of the rendered tag: a few bytes hashed per lookup, not
 * the whole answer. An answer rendered before tags were stored is tagged by its own text.
 */
export function accountAnswerFor(
  rendered: string,
  renderedTag: string | null | undefined,
  lookedUp: AccountLookupType,
  value: string,
): TaggedAnswer {
  const json = `${rendered.slice(0, -1)},"profile_social_profiles":${JSON.stringify({ [lookedUp]: value })}}`;
  // One-shot hash: a lookup pays for a few bytes, not for a hash object.
  const etag = renderedTag
    ? `${renderedTag.slice(0, -1)}-${lookedUp}.${hash('sha256', value, 'base64url').slice(0, 27)}"`
    : entityTagOf(json);
  return { json, etag };
}

/** The tag of the answer journalistAnswerFor completes: one per network looked up, as each is a different body. */
export function journalistTagFor(renderedTag: string, lookedUp: SocialType): string {
  return `${renderedTag.slice(0, -1)}-${lookedUp}"`;
}

/**
 * The v2 author answer of a profile from its rendered v1 article answer and its live evidence: `type` first, the v1
 * fields byte for byte, then `evidence`.
 */
export function renderArticleV2(article: string, evidence: VerifiedIdentity[]): { articleV2: string; articleV2Tag: string } {
  const articleV2 = `{"type":"article_verified",${article.slice(1, -1)},"evidence":${JSON.stringify(evidence)}}`;
  return { articleV2, articleV2Tag: entityTagOf(articleV2) };
}

/**
 * A v2 author answer with the outlet's rendered `domain_info` as its last field. Its tag joins the two parts' tags
 * (each a hash of its own bytes): no hashing per lookup, and the same body always gets the same tag.
 */
export function withDomainInfo(author: TaggedAnswer, domainInfo: TaggedAnswer): TaggedAnswer {
  return {
    json: `${author.json.slice(0, -1)},"domain_info":${domainInfo.json}}`,
    etag: `${author.etag.slice(0, -1)}.${domainInfo.etag.slice(1)}`,
  };
}

/** Where a v1 author answer names its profile: the first author's, in a v2 answer. */
const SLUG_FIELD = '"profile_slug":"';

/**
 * A v2 author answer with the address of its (first) author's signed credential as its last field (`credential`,
 * the `.jwt`; `.cose` beside it), where the portal at `portalUrl` issues credentials. Its tag joins the answer's and
 * `portalTag` (a tag of `portalUrl`): the address is a function of the two, so no hashing per lookup.
 */
export function withCredential(author: TaggedAnswer, portalUrl: string, portalTag: string): TaggedAnswer {
  const start = author.json.indexOf(SLUG_FIELD);
  if (start === -1) return author;
  const from = start + SLUG_FIELD.length;
  const slug = JSON.parse(`"${author.json.slice(from, author.json.indexOf('"', from))}"`) as string;
  const address = `${publicProfileUrl(portalUrl, slug)}/credential.jwt`;
  return {
    json: `${author.json.slice(0, -1)},"credential":${JSON.stringify(address)}}`,
    etag: `${author.etag.slice(0, -1)}.${portalTag.slice(1)}`,
  };
}

/** How renderArticleV2 begins: what an author's entry in `authors` leaves out. */
const ARTICLE_V2_OPENING = '{"type":"article_verified",';

/**
 * The v2 answer of an article from its verified authors' rendered v2 answers (see renderArticleV2), in credit order
 * (see creditOrderOf): one author's answer as it is; for a co-written article, the first author's answer (v1's
 * fields, as v1 answers, and their evidence) followed by `authors`, each author's v1 fields and evidence in that
 * order, the first included. Its tag is a hash of the parts' tags: the same authors' answers always get the same one.
 */
export function articleV2OfAuthors(authors: readonly TaggedAnswer[]): TaggedAnswer | null {
  if (authors.length <= 1) return authors[0] ?? null;
  const entries = authors.map((author) => `{${author.json.slice(ARTICLE_V2_OPENING.length)}`);
  return {
    json: `${authors[0]!.json.slice(0, -1)},"authors":[${entries.join(',')}]}`,
    etag: entityTagOf(...authors.map((author) => author.etag)),
  };
}
