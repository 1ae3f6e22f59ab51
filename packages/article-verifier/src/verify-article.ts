import {
  NO_VERIFIED_AUTHOR_MESSAGE,
  toAuthorProfileResponse,
  unverified,
  type Store,
  type VerifyArticleInput,
} from '@byline/shared';

/** Who wrote the article at this address? Only an active article of a verified author gives a profile. */
export async function verifyArticle(store: Store, input: VerifyArticleInput) {
  const author = await store.findAuthorOfArticle(input.canonicalUrl);
  if (!author || !author.profile.verified) return unverified(NO_VERIFIED_AUTHOR_MESSAGE);
  return toAuthorProfileResponse(author);
}
