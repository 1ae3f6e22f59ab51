import { UNVERIFIED_JOURNALIST, type Store, type TaggedAnswer, type VerifyJournalistInput } from '@byline/shared';
import { cachedAnswer, type AnswerCache } from '@byline/shared';

/** Does this handle on this network belong to a verified journalist? (JSON text and its ETag) */
export async function verifyJournalist(store: Store, { socialType, handleKey }: VerifyJournalistInput): Promise<TaggedAnswer> {
  if (handleKey === null) return UNVERIFIED_JOURNALIST;
  return (await store.taggedJournalistAnswer(socialType, handleKey)) ?? UNVERIFIED_JOURNALIST;
}

/** verifyJournalist, kept in memory while the store says nothing changed (see AnswerCache). */
export function servedJournalist(store: Store, cache: AnswerCache<TaggedAnswer> | undefined, input: VerifyJournalistInput) {
  // A network's name never holds a NUL: the key names one handle of one network.
  return cachedAnswer(cache, store, `${input.socialType}\0${input.handleKey}`, () => verifyJournalist(store, input));
}

/** verifyJournalist for each handle, in their order, from one read of the store (a batch's). */
export async function verifyJournalists(store: Store, inputs: readonly VerifyJournalistInput[]): Promise<TaggedAnswer[]> {
  const looked = inputs.flatMap(({ socialType: type, handleKey: key }) => (key === null ? [] : [{ type, key }]));
  const answers = await store.taggedJournalistAnswers(looked);
  let next = 0;
  // A handle no account can have is answered without a lookup, as verifyJournalist answers it.
  return inputs.map(({ handleKey }) => (handleKey === null ? UNVERIFIED_JOURNALIST : (answers[next++] ?? UNVERIFIED_JOURNALIST)));
}
