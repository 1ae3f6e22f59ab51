import type { Article, AuditRecord, Profile, VerificationRequest } from '@byline/shared';
import { html, safeUrl, type SafeHtml } from './html';
import { csrfField, field } from './forms';
import { socialLinks } from './social-links';
import { avatar, profileDetails } from './profile-details';
import { auditHistory, verifiedBadge } from './verification-parts';

export interface QueueItem {
  request: VerificationRequest;
  profile: Profile;
}

export function queuePage(items: QueueItem[], notice?: string): SafeHtml {
  return html`<h1>Verification queue</h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    ${
      items.length
        ? html`<table>
            <thead>
              <tr>
                <th>Journalist</th>
                <th>Employer</th>
                <th>Requested</th>
                <th></th>
              </tr>
            </thead>
            <tbody>
              ${items.map(
                ({ request, profile }) =>
                  html`<tr>
                    <td>${profile.profile_first_name} ${profile.profile_last_name}</td>
                    <td>${profile.profile_employer}</td>
                    <td>${request.requestedAt.slice(0, 10)} by ${request.requestedBy}</td>
                    <td><a href="/editor/profiles/${profile.id}">Review</a></td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p>No profile is waiting for verification.</p>`
    }`;
}

export interface ReviewState {
  csrf: string;
  profile: Profile;
  articles: Article[];
  history: AuditRecord[];
  pending: VerificationRequest | null;
}

/** What each decision does, said to the editor next to its button. */
const DECISIONS = {
  verify: {
    label: 'Approve and verify',
    effect:
      'The profile gets the “Verified journalist” badge on its public page, and the verification API answers “verified” for its social accounts and articles.',
  },
  reject: { label: 'Reject', effect: 'The request is closed and the profile stays unverified; the journalist can ask again.' },
  unverify: {
    label: 'Withdraw verification',
    effect: 'The badge comes off its public page and the verification API stops answering “verified” for it.',
  },
};

function requestSummary(pending: VerificationRequest | null, profile: Profile): SafeHtml {
  if (pending) {
    return html`<p class="notice" role="status">
      This journalist asked to be verified on ${pending.requestedAt.slice(0, 10)} (${pending.requestedBy}). Check that the social
      accounts and articles below are theirs, then approve or reject the request.
    </p>`;
  }
  return profile.verified
    ? html`<p class="hint">This profile is verified; no request is waiting.</p>`
    : html`<p class="hint">This journalist has not asked to be verified.</p>`;
}

function decisionButton(decision: keyof typeof DECISIONS): SafeHtml {
  const { label, effect } = DECISIONS[decision];
  return html`<li>
    <button
      type="submit"
      name="decision"
      value="${decision}"
      aria-describedby="effect-${decision}"
      ${decision === 'verify' ? '' : html`class="danger"`}
    >
      ${label}
    </button>
    <p class="hint" id="effect-${decision}">${effect}</p>
  </li>`;
}

export function reviewPage({ csrf, profile, articles, history, pending }: ReviewState): SafeHtml {
  const name = `${profile.profile_first_name} ${profile.profile_last_name}`.trim();
  return html`<h1>Review ${name}</h1>
    <section class="card">
      <div class="profile-head">
        ${avatar(profile)}
        <div>
          <p>${verifiedBadge(profile)} Public page: <a href="/j/${profile.profile_slug}">/j/${profile.profile_slug}</a></p>
          ${requestSummary(pending, profile)}
        </div>
      </div>
      ${profileDetails(profile)}
      <h2>Social accounts</h2>
      ${socialLinks(profile.profile_social_profiles)}
      <h2>Articles</h2>
      ${
        articles.length
          ? html`<ul>
              ${articles.map(
                (a) =>
                  html`<li>
                    <a href="${safeUrl(a.link) ?? '#'}" rel="noopener noreferrer">${a.title}</a>
                    (${a.published_at.slice(0, 10)}${a.active ? '' : ', deactivated'})
                  </li>`,
              )}
            </ul>`
          : html`<p>No articles.</p>`
      }
    </section>
    <form method="post" action="/editor/profiles/${profile.id}/decision" class="card" novalidate>
      <h2>Your decision</h2>
      ${csrfField(csrf)}
      ${field({
        name: 'note',
        label: 'Note for the record',
        multiline: true,
        hint: 'Why you decided so. Kept in the profile’s history; the journalist sees it.',
      })}
      <ul class="plain decisions">
        ${profile.verified ? decisionButton('unverify') : [decisionButton('verify'), decisionButton('reject')]}
      </ul>
    </form>
    <h2>History</h2>
    ${auditHistory(history)}`;
}
