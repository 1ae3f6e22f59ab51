import type { AuthorView, SocialType } from './types';
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
}

export const UNVERIFIED_ARTICLE_ANSWER = JSON.stringify(unverified(NO_VERIFIED_AUTHOR_MESSAGE));
export const UNVERIFIED_JOURNALIST_ANSWER = JSON.stringify(unverified(NOT_A_JOURNALIST_MESSAGE));

export function renderAnswers(view: AuthorView): RenderedAnswers {
  const asVerified = { ...view, profile: { ...view.profile, verified: true } };
  const { profile_social_profiles: _perNetwork, ...journalist } = toJournalistResponse(asVerified, 'twitter');
  return { article: JSON.stringify(toAuthorProfileResponse(asVerified)), journalist: JSON.stringify(journalist) };
}

/**
 * Completes a rendered journalist answer with the handle of the network looked up, as its last field
 * (where toJournalistResponse puts it). `handle` is the handle as the profile stores it.
 */
export function journalistAnswerFor(rendered: string, lookedUp: SocialType, handle: string): string {
  return `${rendered.slice(0, -1)},"profile_social_profiles":${JSON.stringify({ [lookedUp]: handle })}}`;
}
