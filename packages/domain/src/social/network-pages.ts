import type { SocialType } from '../domain/types';

/**
 * The first path segments of each network's own pages: `x.com/home`, `instagram.com/p/…` and
 * `facebook.com/groups/…` show a timeline, a post or a group, not an account, so an address under one of them
 * is never a handle (no account can have such a name: its profile address would be that page). Taken from the
 * addresses the networks' own web apps link to and that people copy from them — their navigation, share and
 * sign-in links, and the paths their robots.txt names — as they were in 2025. Only segments that are pages on
 * the network's main host are listed; a name missing here is taken as a username, as before.
 *
 * LinkedIn is not listed: only `linkedin.com/in/NAME` is a profile there, and every other address is refused
 * (see usernameInPath).
 */
export const NETWORK_PAGES: Record<SocialType, readonly string[]> = {
  twitter: [
    'home',
    'explore',
    'notifications',
    'messages',
    'search',
    'search-advanced',
    'settings',
    'compose',
    'hashtag',
    'i', // i/user/ID, i/lists/…, i/bookmarks, i/flow/login, i/web/status/…
    'intent', // intent/post, intent/like…; intent/user and intent/follow name the account (below)
    'share',
    'login',
    'logout',
    'signup',
    'account',
    'oauth',
    'tos',
    'privacy',
  ],
  instagram: ['p', 'reel', 'reels', 'tv', 'explore', 'stories', 'direct', 'accounts', 'challenge', 'about', 'legal', 'developer'],
  facebook: [
    'groups',
    'watch',
    'pages',
    'events',
    'marketplace',
    'gaming',
    'reel',
    'reels',
    'stories',
    'hashtag',
    'search',
    'friends',
    'notifications',
    'messages',
    'bookmarks',
    'saved',
    'settings',
    'help',
    'privacy',
    'policies',
    'legal',
    'business',
    'ads',
    'login',
    'login.php',
    'recover',
    'checkpoint',
    'dialog',
    'share',
    'sharer',
    'sharer.php',
    'share.php',
    'photo',
    'photo.php',
    'photos',
    'video.php',
    'story.php',
    'permalink.php',
    'home.php',
    'l.php',
    'plugins',
  ],
  linkedin: [],
};

/**
 * Pages whose address carries the account's username in a query parameter, e.g. X's "follow" button
 * `twitter.com/intent/user?screen_name=NAME` (developer.x.com, web intents): the page, then the parameter.
 */
export const USERNAME_PARAMETERS: Partial<Record<SocialType, Readonly<Record<string, string>>>> = {
  twitter: { 'intent/user': 'screen_name', 'intent/follow': 'screen_name' },
};

/**
 * Pages whose address carries only the account's number, never its username: `x.com/i/user/ID` and
 * `intent/user?user_id=ID`. A handle is the username, so these are refused with a message asking for it.
 */
export const ACCOUNT_NUMBER_PAGES: Partial<Record<SocialType, readonly string[]>> = {
  twitter: ['i/user', 'intent/user', 'intent/follow'],
};
