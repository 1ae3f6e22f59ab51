import { UNVERIFIED_JOURNALIST_ANSWER, type Store, type VerifyJournalistInput } from '@byline/shared';

/** Does this handle on this network belong to a verified journalist? (JSON text) */
export async function verifyJournalist(store: Store, { socialType, handleKey }: VerifyJournalistInput): Promise<string> {
  if (handleKey === null) return UNVERIFIED_JOURNALIST_ANSWER;
  return (await store.journalistAnswer(socialType, handleKey)) ?? UNVERIFIED_JOURNALIST_ANSWER;
}
