import type { StoreRepositories } from '@byline/shared/store';
import { signedInAs } from '@byline/test-support';
import { recordProof } from '@byline/domain/claims/record-proof';
import type { ArticleInput } from '@byline/domain/domain/types';
import { EDITOR_PROVIDER, type ClaimKind } from '@byline/domain/proofs/claims';
import { proveArticle } from '@byline/domain/articles/prove-article';
import type { ProfileFields } from '@byline/domain/profiles/profile-fields';

/** What the contracts of profiles, articles and verification arrange: a journalist's profile, its articles, its proofs. */

export const journalistFields = (twitter: string): ProfileFields => ({
  profile_first_name: 'Aoife',
  profile_last_name: 'Brennan',
  profile_title: 'Courts reporter',
  profile_bio: '',
  profile_employer: 'The Ledger',
  profile_residing: 'Dublin',
  profile_image: '',
  profile_social_profiles: { twitter, facebook: '', linkedin: '', instagram: '' },
  user_location: 'ie',
  user_city: 'Dublin',
});

let n = 0;
export const contractArticle = (path: string, active = true): ArticleInput => ({
  title: `Story ${path}`,
  description: '',
  link: `https://news.example.org/${path}`,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  og_image: '',
  icon_path: '',
  published_at: `2024-01-0${(++n % 9) + 1}T00:00:00.000Z`,
  post_id: null,
  feature: false,
  lg_index: null,
  tag_list: [],
  active,
  search_visible: true,
  author_name: null,
});

/** A journalist user with a saved profile claiming this X handle. */
export async function newJournalist(repositories: StoreRepositories, twitter = `@reporter${++n}`) {
  const user = await repositories.users.create(
    { email: `r${++n}-${Date.now()}@example.org`, passwordHash: 'x', role: 'journalist' },
    new Date(),
  );
  const profile = await repositories.profiles.save(user.id, journalistFields(twitter), 'aoife-brennan');
  return { user, profile };
}

/** A proven claim as a completed sign-in leaves it; fails the test when the store refuses the proof. */
export async function proveClaim(
  repositories: StoreRepositories,
  profileId: number,
  kind: ClaimKind,
  value: string,
): Promise<void> {
  const result = await recordProof(repositories.claims, { profileId, kind, value, evidence: signedInAs(value) });
  if (!result.ok) throw new Error(`${kind} ${value} was not proven: ${result.reason}`);
}

/** An article that counts: added, then vouched for by an editor (fails the test when the store refuses the proof). */
export async function addProvenArticle(repositories: StoreRepositories, profileId: number, article: ArticleInput) {
  const added = await repositories.articles.add(profileId, article);
  const evidence = {
    method: 'editor-attestation' as const,
    provider: EDITOR_PROVIDER,
    by: 'editor:ed@example.org',
    note: 'checked',
  };
  const proven = await proveArticle(repositories.articles, { profileId, articleId: added.article.id, evidence });
  if (!proven.ok) throw new Error(`article not proven: ${proven.reason}`);
  return added;
}
