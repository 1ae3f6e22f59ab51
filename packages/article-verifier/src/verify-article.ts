import { UNVERIFIED_ARTICLE, type Store, type TaggedAnswer, type VerifyArticleInput } from '@byline/shared';

/** Who wrote the article at this address? Only an active article of a verified author gives a profile (JSON text and its ETag). */
export async function verifyArticle(store: Store, input: VerifyArticleInput): Promise<TaggedAnswer> {
  return (await store.taggedArticleAnswer(input.canonicalUrl)) ?? UNVERIFIED_ARTICLE;
}
