import { UNVERIFIED_ARTICLE, type Store, type TaggedAnswer, type VerifyArticleInput } from '@byline/shared';
import { cachedAnswer, type AnswerCache } from '@byline/shared';

/** Who wrote the article at this address? Only an active article of a verified author gives a profile (JSON text and its ETag). */
export async function verifyArticle(store: Store, input: VerifyArticleInput): Promise<TaggedAnswer> {
  return (await store.taggedArticleAnswer(input.canonicalUrl)) ?? UNVERIFIED_ARTICLE;
}

/** verifyArticle, kept in memory while the store says nothing changed (see AnswerCache). */
export function servedArticle(store: Store, cache: AnswerCache<TaggedAnswer> | undefined, input: VerifyArticleInput) {
  return cachedAnswer(cache, store, input.canonicalUrl, () => verifyArticle(store, input));
}

/** verifyArticle for each address, in their order, from one read of the store (a batch's). */
export async function verifyArticles(store: Store, inputs: readonly VerifyArticleInput[]): Promise<TaggedAnswer[]> {
  const answers = await store.taggedArticleAnswers(inputs.map((input) => input.canonicalUrl));
  return answers.map((answer) => answer ?? UNVERIFIED_ARTICLE);
}
