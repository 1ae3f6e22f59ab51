import type { Article, Profile } from '@byline/domain/domain/types';
import { claimedSitesList, personJsonLd, provenAccountsList, type PublicProofs } from '../proofs/public-proofs';
import { html, sitePath, webUrl, type SafeHtml } from './html';
import { avatar, placeLine } from './profile-details';
import { publicAffiliations } from './staff-parts';
import type { StaffRow } from '../use-cases/staff';
import { fullName } from '../use-cases/public-profiles';
import { embedSection } from '../badge/embed-snippet';
import { blueskyVerificationLine } from './bluesky-verification';

/** "Title at Employer", or whichever of the two the profile has. */
function roleLine({ profile_title: title, profile_employer: employer }: Profile): SafeHtml {
  const strongEmployer = html`<strong class="employer">${employer}</strong>`;
  if (title && employer) return html`<p class="role">${title} at ${strongEmployer}</p>`;
  if (title || employer) return html`<p class="role">${title || strongEmployer}</p>`;
  return html``;
}

/**
 * A verified journalist: badge, employer, proven accounts with their evidence, latest articles, rel="me" links
 * to every claimed website, the badge to embed elsewhere, and the schema.org Person (JSON-LD) with the proven
 * accounts as `sameAs`.
 */
export function verifiedProfilePage(
  profile: Profile,
  articles: Article[],
  proofs: PublicProofs,
  publicAddress: string,
  affiliations: StaffRow[] = [],
  hasCredential = false,
  blueskyVerification: string | null = null,
): SafeHtml {
  const place = placeLine(profile);
  return html`<article class="card public-profile">
      <div class="profile-head">
        ${avatar(profile)}
        <div>
          <h1>${fullName(profile)}</h1>
          <p><span class="badge verified">Verified journalist</span></p>
          ${roleLine(profile)} ${place ? html`<p class="hint place">${place}</p>` : ''}
        </div>
      </div>
      ${profile.profile_bio ? html`<p>${profile.profile_bio}</p>` : ''}
      <h2>Proven accounts</h2>
      ${provenAccountsList(proofs)} ${blueskyVerificationLine(blueskyVerification)} ${claimedSitesList(proofs)}
      ${publicAffiliations(affiliations)}
      <h2>Latest articles</h2>
      ${
        articles.length
          ? html`<ul class="articles">
              ${articles.map(
                (a) =>
                  html`<li>
                    <a href="${webUrl(a.link) ?? sitePath('#')}" rel="noopener noreferrer">${a.title}</a>
                    <span class="hint">${a.published_at.slice(0, 10)}</span>
                  </li>`,
              )}
            </ul>`
          : html`<p>No articles yet.</p>`
      }
      ${hasCredential ? credentialSection(profile.profile_slug) : ''}
      ${embedSection(fullName(profile), profile.profile_slug, publicAddress)}
    </article>
    ${personJsonLd(profile, publicAddress, proofs)}`;
}

/** The journalist's signed credential: what a relying party or a newsroom's C2PA tooling takes away and checks itself. */
function credentialSection(slug: string): SafeHtml {
  const base = sitePath(`/j/${encodeURIComponent(slug)}/credential`);
  return html`<h2>Signed credential</h2>
    <p>
      These proofs as a signed credential, checkable without Byline:
      <a href="${base}.jwt" type="application/vc+jwt" download>JWT</a> or
      <a href="${base}.cose" type="application/vc+cose" download>COSE</a>.
    </p>`;
}

/**
 * Not verified: nothing that could pass for an endorsement — no proofs, no rel="me" links (a fediverse server
 * would show them as verified links), no structured data.
 */
export const UNVERIFIED_NOTICE = 'Byline has not verified this profile.';

export function unverifiedProfilePage(profile: Profile): SafeHtml {
  return html`<article class="card public-profile">
    <h1>${fullName(profile)}</h1>
    <p>${UNVERIFIED_NOTICE}</p>
  </article>`;
}

/** "Title at Employer. Verified journalist on Byline." — what a shared link to a verified profile previews. */
export function verifiedDescription({ profile_title: title, profile_employer: employer }: Profile): string {
  const role = title && employer ? `${title.trim()} at ${employer.trim()}` : (title || employer || '').trim();
  return [role, 'Verified journalist on Byline.'].filter(Boolean).join('. ');
}
