import type { Profile } from '@byline/domain/domain/types';
import { OWN_PROFILE_REFUSAL } from '@byline/editorial/use-cases/verification';
import {
  identityFieldLabel,
  REVIEWED_IDENTITY_FIELDS,
  type PendingIdentityChange,
} from '@byline/domain/profiles/identity-review';
import { html, type SafeHtml } from './html';
import { listTable } from './list-table';
import { csrfField, errorSummary, field, postButton } from './forms';

/** A pending change of a verified profile's identity, as the owner, the queue and the review page show it. */
export interface PendingIdentityItem {
  profile: Profile;
  change: PendingIdentityChange;
  /** The profile of the editor looking: another editor decides on it. */
  own: boolean;
}

function changeTable(profile: Profile, change: PendingIdentityChange): SafeHtml {
  const fields = REVIEWED_IDENTITY_FIELDS.filter((name) => change.fields[name] !== undefined);
  return listTable(fields, {
    class: 'identity-change',
    headings: ['Field', 'Approved (answered now)', 'Asked for'],
    row: (name) =>
      html`<tr>
        <td>${identityFieldLabel(name)}</td>
        <td>${profile[name] || '(none)'}</td>
        <td>${change.fields[name] || '(none)'}</td>
      </tr>`,
  });
}

/** A change of first or last name moves a verified profile's public address when approved (see profile-slugs.ts). */
const renamesAddress = (change: PendingIdentityChange): boolean =>
  change.fields.profile_first_name !== undefined || change.fields.profile_last_name !== undefined;

const ADDRESS_MOVES =
  'Approving this change of name moves the public address (/j/…) to one made from the new name: the old address ' +
  'redirects to it, and subscribers get journalist.slug_changed.';

/** On the owner's page: what waits for an editor, and the way to withdraw it. */
export function ownerPendingIdentity(csrf: string, profile: Profile, change: PendingIdentityChange | null): SafeHtml {
  if (!change) return html``;
  return html`<section class="card" aria-labelledby="identity-change-heading">
    <h2 id="identity-change-heading">Identity change waiting for an editor</h2>
    <p class="notice" role="status">
      Asked on ${change.requested_at.slice(0, 10)}. Your profile is verified, so a change of your name, title, employer or photo
      is checked by an editor first; until then the verification API and your public page show the approved values.
    </p>
    ${changeTable(profile, change)} ${postButton('/profile/identity-change/cancel', 'Cancel this change', csrf)}
  </section>`;
}

/** The queue's list of identity changes waiting for a decision. */
export function identityQueue(items: PendingIdentityItem[]): SafeHtml {
  return html`<h2>Identity changes</h2>
    ${
      items.length
        ? html`<ul class="identity-queue">
            ${items.map(
              ({ profile, change, own }) =>
                html`<li>
                  ${profile.profile_first_name} ${profile.profile_last_name}: ${changeSummary(change)} (asked
                  ${change.requested_at.slice(0, 10)})
                  ${
                    own
                      ? html`<a href="/editor/profiles/${profile.id}">View</a>
                          <span class="hint">Your own profile: another editor reviews it</span>`
                      : html`<a href="/editor/profiles/${profile.id}">Review the identity change</a>`
                  }
                </li>`,
            )}
          </ul>`
        : html`<p>No identity change is waiting.</p>`
    }`;
}

const changeSummary = (change: PendingIdentityChange): string =>
  REVIEWED_IDENTITY_FIELDS.filter((name) => change.fields[name] !== undefined)
    .map(identityFieldLabel)
    .join(', ');

/** A refused identity decision: what is wrong with the note, and the note as typed. */
export interface IdentityProblem {
  message: string;
  note: string;
}

/** On the review page: the change, and the editor's approve / decline form (not on their own profile). */
export function identityReviewSection(csrf: string, item: PendingIdentityItem | null, problem?: IdentityProblem): SafeHtml {
  if (!item) return html``;
  const { profile, change, own } = item;
  return html`<section class="card" aria-labelledby="identity-review-heading">
    <h2 id="identity-review-heading">Identity change</h2>
    <p>
      Asked by ${change.requested_by} on ${change.requested_at.slice(0, 10)}. Answers show the approved values until you approve.
    </p>
    ${changeTable(profile, change)} ${renamesAddress(change) ? html`<p class="notice">${ADDRESS_MOVES}</p>` : ''}
    ${
      own
        ? html`<p class="notice" role="status">${OWN_PROFILE_REFUSAL}</p>`
        : html`<form method="post" action="/editor/profiles/${profile.id}/identity-change" id="identity-decision" novalidate>
            ${csrfField(csrf)} ${problem ? errorSummary([{ field: 'f-identity_note', message: problem.message }]) : ''}
            <input type="hidden" name="requested_at" value="${change.requested_at}" />
            ${field({
              name: 'identity_note',
              label: 'Note for the record',
              multiline: true,
              value: problem?.note,
              errors: problem ? { identity_note: problem.message } : {},
              hint: 'Required to decline: the journalist sees it in the history.',
            })}
            <button type="submit" name="decision" value="approve">Approve the change</button>
            <button type="submit" name="decision" value="decline" class="danger">Decline the change</button>
          </form>`
    }
  </section>`;
}
