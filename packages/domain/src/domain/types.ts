/** Social networks a profile can list. Lookups accept twitter, linkedin, facebook and instagram. */
export const SOCIAL_TYPES = ['twitter', 'facebook', 'linkedin', 'instagram'] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];

export type SocialProfiles = Record<SocialType, string>;

/** A journalist profile as the store keeps it (field names follow the wire format). */
export interface Profile {
  id: number;
  verified: boolean;
  profile_first_name: string;
  profile_last_name: string;
  profile_title: string;
  profile_created_at: string;
  profile_bio: string;
  profile_employer: string;
  profile_residing: string;
  profile_slug: string;
  profile_image: string;
  profile_social_profiles: SocialProfiles;
  user_location: string;
  user_city: string;
  follower_count: number;
}

/** An article as the store keeps it. `link` is the address as given; lookups use its canonical form. */
export interface Article {
  id: number;
  profile_id: number;
  title: string;
  description: string;
  link: string;
  created_at: string;
  updated_at: string;
  og_image: string;
  icon_path: string;
  published_at: string;
  post_id: string | number | null;
  feature: boolean;
  lg_index: string | null;
  tag_list: string[];
  active: boolean;
  search_visible: boolean;
  author_name: string | null;
}

/** What both verification operations need about one author: the profile, its three latest active articles and the active count. */
export interface AuthorView {
  profile: Profile;
  latestArticles: Article[];
  activeArticleCount: number;
}

/** A profile in the import/export format: the Author profile shape whose `articles` holds all articles. */
export type ProfileInput = Omit<Profile, 'id'> & { articles: ArticleInput[] };
export type ArticleInput = Omit<Article, 'id' | 'profile_id'>;

export type AccountStatus = 'active' | 'suspended';

/**
 * A server key is kept on a server: its account's settings apply (limit, web origins). A browser key is made to
 * sit in a web page, where anyone can copy it: it answers only requests from its own web origins, within its
 * own, lower limit (see browser-keys.ts).
 */
export type ApiKeyKind = 'server' | 'browser';

/** A browser key's own settings: its web origins (normalised, in the order given) and its requests per minute. */
export interface BrowserKeySettings {
  origins: string[];
  rateLimitPerMinute: number;
}

export interface ApiKeySummary {
  key: string;
  name: string;
  email: string;
  created_at: string;
  revoked_at: string | null;
  /**
   * A rotated key's end: it keeps working until then, beside its successor, so the caller has time to swap the
   * secret (the overlap its owner chose); null for a key not rotated away (or cut at once: then revoked_at).
   */
  retires_at: string | null;
  last_used_at: string | null;
  kind: ApiKeyKind;
  /** A browser key's own web origins; [] for a server key (its account's list applies). */
  origins: string[];
  /** A browser key's own requests per minute; null for a server key (its account's limit applies). */
  rate_limit_per_minute: number | null;
}

/** What a credential check needs to know about a key. Never carries the secret itself. */
export interface StoredCredential {
  key: string;
  /** The API account the key belongs to: what bounds its callers together, however many keys they make. */
  accountId: number;
  secretHash: string;
  revoked: boolean;
  /** When a rotated key stops working (see ApiKeySummary.retires_at); null when it was not rotated away. */
  retiresAt: string | null;
  /** Null when the key's account no longer exists: the key then counts as unknown (see CredentialChecker). */
  accountStatus: AccountStatus | null;
  /** The account's own limit; null means the service default (RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute: number | null;
  /** A browser key's own origins and limit; null for a server key. */
  browser: BrowserKeySettings | null;
}

/** Requests one API key made on one UTC day (YYYY-MM-DD). */
export interface UsageEntry {
  key: string;
  day: string;
  count: number;
  /** When the latest of these requests came (ISO); recordUsage moves the key's last_used_at forward to it. */
  lastUsedAt?: string;
}
