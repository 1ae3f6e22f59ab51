import { extractUsername, SOCIAL_TYPES, type SocialProfiles } from '@byline/shared';
import { SOCIAL_LABELS } from '../routes/profile-schema';
import { html, type SafeHtml } from './html';

const PROFILE_URL: Record<keyof SocialProfiles, (username: string) => string> = {
  twitter: (u) => `https://x.com/${u}`,
  facebook: (u) => `https://www.facebook.com/${u}`,
  linkedin: (u) => `https://www.linkedin.com/in/${u}`,
  instagram: (u) => `https://www.instagram.com/${u}`,
};

/** Links to the networks' own profile pages, built from the username alone (never a stored address). */
export function socialLinks(social: SocialProfiles): SafeHtml {
  const items = SOCIAL_TYPES.filter((type) => social[type]).map((type) => {
    let username: string;
    try {
      username = extractUsername(type, social[type]);
    } catch {
      return html``;
    }
    return html`<li>
      ${SOCIAL_LABELS[type]}:
      <a href="${PROFILE_URL[type](encodeURIComponent(username))}" rel="noopener noreferrer">${social[type]}</a>
    </li>`;
  });
  return items.length
    ? html`<ul class="plain social">
        ${items}
      </ul>`
    : html`<p class="hint">No social accounts listed.</p>`;
}
