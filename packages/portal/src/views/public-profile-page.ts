import type { Article, Profile } from '@byline/shared';
import { claimedSitesList, personJsonLd, provenAccountsList, type PublicProofs } from '../proofs/public-proofs';
import { html, sitePath, webUrl, type SafeHtml } from './html';
import { avatar, placeLine } from './profile-details';
import { publicAffiliations } from './staff-parts';
import type { StaffRow } from '../use-cases/staff';

const fullName = (profile: Profile) => `${profile.profile_first_name} ${profile.profile_last_name}`.trim();

/** "Title at Employer", or whichever of the two the profile has. */
function roleLine({ profile_title: title, profile_employer: employer }: Profile): SafeHtml {
  const strongEmployer = html`<strong class="employer">${employer}</strong>`;
  if (title && employer) return html`<p class="role">${title} at ${strongEmployer}</p>`;
  if (title || employer) return html`<p class="role">${title || strongEmployer}</p>`;
  return html``;
}

/**
 * A verified journalist: badge, employer, proven accounts with their evidence, latest articles, rel="me" links
 * to every claimed website, and the schema.org Person (JSON-LD) with the proven accounts as `sameAs`.
 */
export function verifiedProfilePage(
  profile: Profile,
  articles: Article[],
  proofs: PublicProofs,
  publicAddress: string,
  affiliations: StaffRow[] = [],
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
      ${provenAccountsList(proofs)} ${claimedSitesList(proofs)} ${publicAffiliations(affiliations)}
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
    </article>
    ${personJsonLd(profile, publicAddress, proofs)}`;
}

/**
 * Not verified: nothing that could pass for an endorsement — no proofs, no rel="me" links (a fediverse server
 * would show them as verified links), no structured data.
 */
export function unverifiedProfilePage(profile: Profile): SafeHtml {
  return html`<article class="card public-profile">
    <h1>${fullName(profile)}</h1>
    <p>Byline has not verified this profile.</p>
  </article>`;
}
