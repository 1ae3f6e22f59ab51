import type { ArticleDocument } from '../articles/article-documents';
import type { ArticleState } from '../articles/article-proof';
import type { ClaimDocument } from '../claims/claim-documents';
import type { Documents } from '../documents/documents';
import type { ProfileDocument } from '../profiles/profile-documents';
import type { DatabaseDirectory, DirectoryCard, SharedArticle, SharedClaim, StoredDirectory } from './stored-directory';

/** The profiles, claims and articles the look-alike check reads over the generic documents. */
export interface DirectoryDocuments {
  profiles: Pick<Documents<ProfileDocument>, 'all'>;
  claims: Pick<Documents<ClaimDocument>, 'all'>;
  articles: Pick<Documents<ArticleDocument>, 'all'>;
}

/** A profile as the directory shows it. */
const cardOf = ({ id, slug, verified, profile }: ProfileDocument): DirectoryCard => ({
  profileId: id,
  slug,
  firstName: profile.profile_first_name,
  lastName: profile.profile_last_name,
  employer: profile.profile_employer,
  verified: verified === true,
});

const byProfileThenId = (a: { profileId: number; id: number }, b: { profileId: number; id: number }) =>
  a.profileId - b.profileId || a.id - b.id;

/**
 * Other profiles' live claims of the same kind and key as one of the profile's live claims; by profile, then claim
 * id. Each key is read by itself, by the index on live claims' kind and key (a profile has a handful of claims).
 */
export async function sharedClaimsOf({ claims }: DirectoryDocuments, profileId: number): Promise<SharedClaim[]> {
  const others: ClaimDocument[] = [];
  for (const { kind, key } of await claims.all({ profileId, releasedAt: null })) {
    others.push(...(await claims.all({ kind, key, releasedAt: null })).filter((claim) => claim.profileId !== profileId));
  }
  return others.sort(byProfileThenId).map(({ profileId: other, kind, value }) => ({ profileId: other, kind, value }));
}

/**
 * Other profiles' articles at an address the profile lists, neither's proof in state `except` (an article without a
 * proof, from before articles were claims, is in none); by profile, then article id.
 */
export async function sharedArticlesOf(
  { articles }: DirectoryDocuments,
  profileId: number,
  except: ArticleState,
): Promise<SharedArticle[]> {
  const counted = (article: ArticleDocument) => article.proof?.state !== except;
  const listed = (await articles.all({ profileId })).filter(counted);
  if (!listed.length) return [];
  const provenHere = new Map(listed.map((article) => [article.canonicalUrl, article.proven === true]));
  const others = await articles.all({ canonicalUrl: { in: [...provenHere.keys()] } });
  return others
    .filter((article) => article.profileId !== profileId && counted(article))
    .sort(byProfileThenId)
    .map((article) => ({
      profileId: article.profileId,
      canonicalUrl: article.canonicalUrl,
      provenHere: provenHere.get(article.canonicalUrl)!,
      provenThere: article.proven === true,
    }));
}

/** The cards of these profiles (those that exist), by id. */
async function cardsOf({ profiles }: DirectoryDocuments, profileIds: readonly number[]): Promise<Map<number, DirectoryCard>> {
  if (!profileIds.length) return new Map();
  return new Map((await profiles.all({ id: { in: profileIds } })).map((profile) => [profile.id, cardOf(profile)]));
}

/** The cards of these profiles in the order given (one erased since its id was read is left out). */
async function cardsInOrder(documents: DirectoryDocuments, profileIds: readonly number[]): Promise<DirectoryCard[]> {
  const cards = await cardsOf(documents, profileIds);
  return profileIds.flatMap((id) => cards.get(id) ?? []);
}

/**
 * The directory's reads: the database's own (which profiles, their facts), and the cards, shared claims and articles
 * over the documents.
 */
export function storedDirectoryOver(database: DatabaseDirectory, documents: DirectoryDocuments): StoredDirectory {
  return {
    async page(query) {
      const { rows, total } = await database.page(query);
      const cards = await cardsOf(
        documents,
        rows.map((row) => row.profileId),
      );
      // A profile erased since the page was read is left out.
      return { rows: rows.flatMap((row) => (cards.has(row.profileId) ? [{ ...cards.get(row.profileId)!, ...row }] : [])), total };
    },
    cards: async (profileIds) => [...(await cardsOf(documents, profileIds)).values()],
    sameNames: async (profileId, folded, limit) => cardsInOrder(documents, await database.sameNames(profileId, folded, limit)),
    sharedClaims: (profileId) => sharedClaimsOf(documents, profileId),
    sharedArticles: (profileId, except) => sharedArticlesOf(documents, profileId, except),
  };
}
