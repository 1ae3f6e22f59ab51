import type { Article, AuthorView, SocialType } from './types';

export const NOT_A_JOURNALIST_MESSAGE = 'Not a Byline journalist';
export const NO_VERIFIED_AUTHOR_MESSAGE = 'No verified Byline author is known for this address';

export interface UnverifiedResult {
  verified: false;
  message: string;
}

function articleFields(article: Article) {
  return {
    id: article.id,
    title: article.title,
    description: article.description,
    link: article.link,
    profile_id: article.profile_id,
    created_at: article.created_at,
    updated_at: article.updated_at,
    og_image: article.og_image,
    icon_path: article.icon_path,
    published_at: article.published_at,
    post_id: article.post_id,
    feature: article.feature,
  };
}

/** An article as the article verification operation shows it: `lg_index` null when unset, no journalist-only fields. */
export function toVerifyArticleArticle(article: Article) {
  return { ...articleFields(article), lg_index: article.lg_index ?? null, tag_list: article.tag_list };
}

/** An article as the journalist verification operation shows it: `lg_index` "" when unset, plus active, search_visible, author_name. */
export function toVerifyJournalistArticle(article: Article) {
  return {
    ...articleFields(article),
    lg_index: article.lg_index ?? '',
    tag_list: article.tag_list,
    active: article.active,
    search_visible: article.search_visible,
    author_name: article.author_name,
  };
}

/** The Author profile answer of verify_article. */
export function toAuthorProfileResponse({ profile, latestArticles, activeArticleCount }: AuthorView) {
  return {
    verified: profile.verified,
    profile_first_name: profile.profile_first_name,
    profile_last_name: profile.profile_last_name,
    profile_title: profile.profile_title,
    profile_created_at: profile.profile_created_at,
    profile_bio: profile.profile_bio,
    profile_employer: profile.profile_employer,
    profile_residing: profile.profile_residing,
    profile_slug: profile.profile_slug,
    profile_image: profile.profile_image,
    profile_social_profiles: { ...profile.profile_social_profiles },
    user_location: profile.user_location,
    user_city: profile.user_city,
    follower_count: profile.follower_count,
    article_count: activeArticleCount,
    articles: latestArticles.map(toVerifyArticleArticle),
  };
}

/** The verified Journalist result of verify_journalist; `profile_social_profiles` holds only the network looked up. */
export function toJournalistResponse({ profile, latestArticles, activeArticleCount }: AuthorView, lookedUp: SocialType) {
  return {
    verified: true as const,
    first_name: profile.profile_first_name,
    last_name: profile.profile_last_name,
    slug: profile.profile_slug,
    profile_bio: profile.profile_bio,
    article_count: activeArticleCount,
    articles: latestArticles.map(toVerifyJournalistArticle),
    profile_image: profile.profile_image,
    profile_social_profiles: { [lookedUp]: profile.profile_social_profiles[lookedUp] },
  };
}

export function unverified(message: string): UnverifiedResult {
  return { verified: false, message };
}
