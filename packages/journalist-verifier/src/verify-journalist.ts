import { UNVERIFIED_JOURNALIST, type Store, type TaggedAnswer, type VerifyJournalistInput } from '@byline/shared';

/** Does this handle on this network belong to a verified journalist? (JSON text and its ETag) */
export async function verifyJournalist(store: Store, { socialType, handleKey }: VerifyJournalistInput): Promise<TaggedAnswer> {
  if (handleKey === null) return UNVERIFIED_JOURNALIST;
  return (await store.taggedJournalistAnswer(socialType, handleKey)) ?? UNVERIFIED_JOURNALIST;
}
