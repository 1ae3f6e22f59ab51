import type { Documents } from '../documents/documents';
import type { ArticleDocument } from '../articles/article-documents';
import type { ProfileInput } from '../domain/types';
import type { ProfileDocument } from './profile-documents';

/** How many profiles one read of an export takes. */
const PAGE = 200;

/**
 * Every profile in the import format (ProfileTransfers.export), oldest first, each with its articles, written once over
 * the generic documents: read a page at a time after the last id read, so a long export holds no read open.
 */
export async function* exportedProfiles(
  profiles: Pick<Documents<ProfileDocument>, 'all'>,
  articles: Pick<Documents<ArticleDocument>, 'all'>,
): AsyncIterable<ProfileInput> {
  for (let after = 0; ;) {
    const page = await profiles.all({ id: { gt: after } }, { limit: PAGE });
    for (const { id, verified, profile } of page) {
      // A profile's document may name its id (SQLite's, as imported): the import format does not.
      const { id: _id, ...fields } = profile as typeof profile & { id?: number };
      const own = await articles.all({ profileId: id });
      yield { ...fields, verified, articles: own.map(({ article }) => article) };
    }
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}
