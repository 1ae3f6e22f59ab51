import { extractUsername, isPossibleUsername } from '@byline/domain/social/social-handle';
import { SOCIAL_TYPES, type SocialProfiles, type SocialType } from '@byline/domain/domain/types';
import { profileAddressOf } from '@byline/domain/claims/verified-identity';
import { SOCIAL_LABELS } from '../routes/profile-schema';
import { checkedUrl, html, type SafeHtml, type SafeUrl } from './html';

const PROFILE_URL: Record<keyof SocialProfiles, (username: string) => string> = {
  twitter: (u) => `https://x.com/${u}`,
  facebook: (u) => `https://www.facebook.com/${u}`,
  linkedin: (u) => `https://www.linkedin.com/in/${u}`,
  instagram: (u) => `https://www.instagram.com/${u}`,
};

/** The username when the stored value names one the network allows; null for a value stored before the rules. */
function linkableUsername(type: keyof SocialProfiles, value: string): string | null {
  try {
    const username = extractUsername(type, value);
    return isPossibleUsername(type, username) ? username : null;
  } catch {
    return null;
  }
}

/** The network's own https page of a stored handle; null for a value no account can have (stored before the rules). */
export function networkAddress(type: SocialType, value: string): SafeUrl | null {
  const username = linkableUsername(type, value);
  return (username === null ? null : checkedUrl(profileAddressOf(type, username))) ?? null;
}

/**
 * Links to the networks' own https profile pages, built from a username the network allows (never a stored
 * address). A value stored before the handle rules that no account can have is shown as text, unlinked.
 */
export function socialLinks(social: SocialProfiles): SafeHtml {
  const items = SOCIAL_TYPES.filter((type) => social[type]).map((type) => {
    const username = linkableUsername(type, social[type]);
    const address = username === null ? undefined : checkedUrl(PROFILE_URL[type](encodeURIComponent(username)));
    const shown = address ? html`<a href="${address}" rel="noopener noreferrer">${social[type]}</a>` : social[type];
    return html`<li>${SOCIAL_LABELS[type]}: ${shown}</li>`;
  });
  return items.length
    ? html`<ul class="plain social">
        ${items}
      </ul>`
    : html`<p class="hint">No social accounts listed.</p>`;
}
