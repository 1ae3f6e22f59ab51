import type { Article, AuditRecord, Profile, VerificationRequest } from '@byline/shared';
import { html, safeUrl, type SafeHtml } from './html';
import { csrfField, field } from './forms';
import { socialLinks } from './social-links';
import { auditHistory, pendingNotice, verifiedBadge } from './verification-parts';

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

export function reviewPage({ csrf, profile, articles, history, pending }: ReviewState): SafeHtml {
  return html`<h1>Review: ${profile.profile_first_name} ${profile.profile_last_name}</h1>
    <section class="card">
      <p>${verifiedBadge(profile)}</p>
      ${pendingNotice(pending)}
      <dl>
        <dt>Title</dt>
        <dd>${profile.profile_title || '—'}</dd>
        <dt>Employer</dt>
        <dd>${profile.profile_employer || '—'}</dd>
        <dt>Residing</dt>
        <dd>${profile.profile_residing || '—'} ${profile.user_city} ${profile.user_location}</dd>
        <dt>Biography</dt>
        <dd>${profile.profile_bio || '—'}</dd>
      </dl>
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
      ${csrfField(csrf)}
      ${field({ name: 'note', label: 'Note for the record', multiline: true, hint: 'Why you decided so; kept in the profile’s history.' })}
      ${
        profile.verified
          ? html`<button type="submit" name="decision" value="unverify" class="danger">Withdraw verification</button>`
          : html`<button type="submit" name="decision" value="verify">Approve and verify</button>
              <button type="submit" name="decision" value="reject" class="danger">Reject</button>`
      }
    </form>
    <h2>History</h2>
    ${auditHistory(history)}`;
}
