/**
 * Realistic import records for tests. Each call makes a fresh profile whose slug, handles and article
 * addresses are unique, so tests can arrange their own data without clashing.
 */
import type { ProfileFields } from '@byline/domain/profiles/profile-fields';
import type { Profile } from '@byline/domain/domain/types';
import type { NewEvidence } from '@byline/domain/proofs/claims';
import type { StoreRepositories } from '@byline/shared/store';

let sequence = 0;
const next = () => ++sequence;

export interface RawArticle {
  [field: string]: unknown;
  link: string;
  title: string;
  published_at: string;
}

export interface RawProfile {
  [field: string]: unknown;
  profile_slug: string;
  profile_social_profiles: Record<string, string>;
  articles: RawArticle[];
}

export function anArticle(overrides: Partial<RawArticle> = {}): RawArticle {
  const n = next();
  return {
    title: `Harbour towns brace for a wetter winter (${n})`,
    description: 'Councils along the coast say flood defences\nwill not be ready before the storms…',
    link: `https://www.example-news.ie/news/harbour-towns-${n}`,
    created_at: '2023-01-10T08:00:00.000Z',
    updated_at: '2023-01-11T09:30:00.000Z',
    og_image: `https://cdn.example-news.ie/img/${n}.jpg`,
    icon_path: 'https://cdn.example-news.ie/favicon.png',
    published_at: `2023-01-${String((n % 28) + 1).padStart(2, '0')}T07:00:00.000Z`,
    post_id: null,
    feature: false,
    lg_index: null,
    tag_list: ['climate', 'ireland'],
    active: true,
    search_visible: true,
    author_name: null,
    ...overrides,
  };
}

export function aProfile(overrides: Partial<RawProfile> = {}): RawProfile {
  const n = next();
  return {
    verified: true,
    profile_first_name: 'Niamh',
    profile_last_name: 'Cassidy',
    profile_title: 'Climate correspondent',
    profile_created_at: '2021-03-04T10:15:30.123Z',
    profile_bio: 'Reports on climate and coastal communities.',
    profile_employer: 'The Western Courier ',
    profile_residing: 'Galway',
    profile_slug: `niamh-cassidy-${n}`,
    profile_image: `https://cdn.byline.example/profiles/${n}.jpg`,
    profile_social_profiles: {
      twitter: `@NiamhCass${n}`,
      facebook: `niamh.cassidy.${n}`,
      linkedin: `niamh-cassidy-${n}`,
      instagram: `niamhcass${n}`,
    },
    user_location: 'IE',
    user_city: 'Galway',
    follower_count: 1520,
    articles: [anArticle()],
    ...overrides,
  };
}

/** The fields a journalist edits in the portal (saveProfile): a fresh name, no handles unless given. */
export function profileFields(overrides: Partial<ProfileFields> = {}): ProfileFields {
  return {
    profile_first_name: 'Aoife',
    profile_last_name: `Journalist${next()}`,
    profile_title: '',
    profile_bio: '',
    profile_employer: '',
    profile_residing: '',
    profile_image: '',
    profile_social_profiles: { twitter: '', facebook: '', linkedin: '', instagram: '' },
    user_location: '',
    user_city: '',
    ...overrides,
  };
}

/**
 * A journalist's account and saved profile, as sign-up and the profile form leave them: the profile's slug made from
 * `slug`, the account's email `SLUG@example.org`.
 */
export async function savedJournalist(
  repositories: Pick<StoreRepositories, 'users' | 'profiles'>,
  slug: string,
  fields: Partial<ProfileFields> = {},
): Promise<Profile> {
  const user = await repositories.users.create(
    { email: `${slug}@example.org`, passwordHash: 'x', role: 'journalist' },
    new Date(),
  );
  return repositories.profiles.save(user.id, profileFields(fields), slug);
}

/**
 * A proof as a network sign-in with X records it: the account `username` proven by its subject (by default one
 * made from the username; a test of one account signed in under two subjects gives its own).
 */
export const signedInAs = (username: string, subject = `x-${username.toLowerCase()}`): NewEvidence => ({
  method: 'network-sign-in',
  provider: { id: 'https://x.example', name: 'X' },
  provenValue: username,
  subject,
  by: 'network:https://x.example',
});
