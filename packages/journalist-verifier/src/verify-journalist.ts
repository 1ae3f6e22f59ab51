import {
  NOT_A_JOURNALIST_MESSAGE,
  toJournalistResponse,
  unverified,
  type Store,
  type VerifyJournalistInput,
} from '@byline/shared';

/** Does this handle on this network belong to a verified journalist? */
export async function verifyJournalist(store: Store, { socialType, handleKey }: VerifyJournalistInput) {
  const author = await store.findAuthorBySocialHandle(socialType, handleKey);
  if (!author || !author.profile.verified) return unverified(NOT_A_JOURNALIST_MESSAGE);
  return toJournalistResponse(author, socialType);
}
