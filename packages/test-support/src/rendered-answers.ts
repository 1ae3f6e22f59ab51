import { SOCIAL_TYPES } from '@byline/domain/domain/types';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { handleKey } from '@byline/domain/social/social-handle';
import { toAuthorProfileResponse, toJournalistResponse } from '@byline/domain/domain/mappers';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';

const parsed = (answer: string | null) => (answer === null ? null : (JSON.parse(answer) as unknown));

/**
 * Every stored answer in step with the records: for each article address and handle in the store, the
 * rendered answer a verifier serves equals the one mapped from the profile and its articles as read now
 * (null when the author is not verified). Stale answers after any write fail here. Checks the first
 * `maxProfiles` profiles only: a bulk test would otherwise spend minutes on lookups.
 */
export async function expectAnswersInStep(store: Store, { maxProfiles = 10 } = {}): Promise<void> {
  let checked = 0;
  for await (const record of repositoriesOf(store).profileTransfers.export()) {
    if (checked++ === maxProfiles) break;
    for (const { link } of record.articles) {
      const url = canonicalizeUrl(link);
      const view = await store.findAuthorOfArticle(url);
      const expected = view?.profile.verified ? toAuthorProfileResponse(view) : null;
      expect({ url, answer: parsed(await store.articleAnswer(url)) }).toEqual({ url, answer: expected });
    }
    for (const type of SOCIAL_TYPES) {
      const value = record.profile_social_profiles[type];
      if (!value) continue;
      const key = handleKey(type, value);
      const view = await store.findAuthorBySocialHandle(type, key);
      const expected = view?.profile.verified ? toJournalistResponse(view, type) : null;
      expect({ type, key, answer: parsed(await store.journalistAnswer(type, key)) }).toEqual({ type, key, answer: expected });
    }
  }
}
