import { UNVERIFIED_ARTICLE_ANSWER, type Store, type VerifyArticleInput } from '@byline/shared';

/** Who wrote the article at this address? Only an active article of a verified author gives a profile (JSON text). */
export async function verifyArticle(store: Store, input: VerifyArticleInput): Promise<string> {
  return (await store.articleAnswer(input.canonicalUrl)) ?? UNVERIFIED_ARTICLE_ANSWER;
}
