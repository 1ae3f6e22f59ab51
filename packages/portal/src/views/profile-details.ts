import type { Profile } from '@byline/domain/domain/types';
import { html, webUrl, type SafeHtml } from './html';

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** "IE" or "ie" → "Ireland"; anything that is not a known two-letter code is shown as stored. */
export function countryName(code: string): string {
  const trimmed = code.trim();
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return trimmed;
  const name = REGIONS.of(trimmed.toUpperCase());
  return name && name !== 'Unknown Region' ? name : trimmed.toUpperCase();
}

/** The profile's location fields as "City, Country". */
export function locationOf(profile: Pick<Profile, 'user_city' | 'user_location'>): string {
  return [profile.user_city.trim(), countryName(profile.user_location)].filter(Boolean).join(', ');
}

const places = (text: string) =>
  text
    .split(',')
    .map((place) => place.trim().toLocaleLowerCase('en'))
    .filter(Boolean);

/** The place of residence when it says more than the location does ("Ireland" beside "Cork, Ireland" does not). */
export function residenceBeyondLocation(profile: Pick<Profile, 'profile_residing' | 'user_city' | 'user_location'>): string {
  const located = new Set(places(locationOf(profile)));
  const residing = profile.profile_residing.trim();
  return places(residing).every((place) => located.has(place)) ? '' : residing;
}

/**
 * Residence, city and country on one line, each place once: "Galway" + Galway, IE → "Galway, Ireland";
 * "Ireland" + Cork, IE → "Cork, Ireland"; "Baile Átha Cliath" + Dublin, IE → "Baile Átha Cliath, Dublin, Ireland".
 */
export function placeLine(profile: Pick<Profile, 'profile_residing' | 'user_city' | 'user_location'>): string {
  const residing = residenceBeyondLocation(profile);
  const named = new Set(places(residing));
  const location = [profile.user_city.trim(), countryName(profile.user_location)].filter(
    (place) => place && !named.has(place.toLocaleLowerCase('en')),
  );
  return [residing, ...location].filter(Boolean).join(', ');
}

/** First letter of the first and last names, by code point so "Ó" or "Ž" stays whole. */
export function initialsOf(profile: Pick<Profile, 'profile_first_name' | 'profile_last_name'>): string {
  return [profile.profile_first_name, profile.profile_last_name]
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('')
    .toLocaleUpperCase('en');
}

/**
 * The photo over the initials. A photo that cannot be shown is removed by /assets/portal.js, which
 * uncovers the initials; without the photo, the initials alone. Decorative: the name is on the page.
 */
export function avatar(profile: Profile): SafeHtml {
  const image = webUrl(profile.profile_image);
  return html`<div class="avatar" aria-hidden="true">
    <span class="initials">${initialsOf(profile)}</span>${image ? html`<img src="${image}" alt="" />` : ''}
  </div>`;
}

/** Labelled profile fields for a reader checking the profile; empty fields are left out. */
export function profileDetails(profile: Profile): SafeHtml {
  const rows: [string, string][] = [
    ['Title', profile.profile_title.trim()],
    ['Employer', profile.profile_employer.trim()],
    ['Residing in', residenceBeyondLocation(profile)],
    ['Location', locationOf(profile)],
    ['Biography', profile.profile_bio.trim()],
  ];
  const filled = rows.filter(([, value]) => value);
  if (!filled.length) return html``;
  return html`<dl class="details">
    ${filled.map(
      ([label, value]) =>
        html`<dt>${label}</dt>
          <dd>${value}</dd>`,
    )}
  </dl>`;
}
