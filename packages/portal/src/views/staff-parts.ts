import type { AffiliationState } from '@byline/domain/staff/staff-repository';
import type { Publisher } from '@byline/domain/publishers/publishers-repository';
import { isOpen, UNVERIFIED_PUBLISHER, type StaffRow } from '../use-cases/staff';
import { csrfField, field, postButton, type FieldErrors } from './forms';
import { html, sitePath, type SafeHtml } from './html';
import { listTable } from './list-table';

const STATES: Record<AffiliationState, string> = {
  invited: 'Invited',
  active: 'Active',
  declined: 'Declined',
  ended: 'Ended',
};

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const fullName = (row: StaffRow) =>
  row.profile ? `${row.profile.profile_first_name} ${row.profile.profile_last_name}`.trim() : '';
const publisherName = (row: StaffRow) => row.publisher?.name ?? 'A publisher that no longer exists';

export const staffEndPath = (publisher: Pick<Publisher, 'slug'>, id: number) => `/publishers/${publisher.slug}/staff/${id}/end`;
export const ownEndPath = (id: number) => `/profile/staff/${id}/end`;

/** Who an affiliation is with: the profile (linked to its public page), or the address invited. */
function who(row: StaffRow): SafeHtml {
  if (row.profile)
    return html`<a href="${sitePath(`/j/${row.profile.profile_slug}`)}">${fullName(row) || row.profile.profile_slug}</a>
      <span class="hint">${row.profile.profile_slug}</span>`;
  return html`${row.affiliation.invitedEmail ?? ''}`;
}

/** Since when: accepted for an affiliation that was active, invited for one that never was. */
function since({ affiliation }: StaffRow): string {
  return affiliation.acceptedAt ? day(affiliation.acceptedAt) : `invited ${day(affiliation.invitedAt)}`;
}

/** The operator's name in records (the CLI's OPERATOR_ACTOR). */
const OPERATOR_ACTOR = 'operator (command line)';

/**
 * Who ended it. Editors see the record as kept; the publisher's admin sees sides, not addresses: the journalist's
 * sign-in address is theirs, and an invitation by profile never told it to the publisher.
 */
function endedByLabel(endedBy: string | null, adminEmail: string | null): string {
  if (endedBy === null) return '';
  if (adminEmail === null) return endedBy;
  if (endedBy === adminEmail) return 'you';
  if (endedBy === OPERATOR_ACTOR) return 'the operator';
  return 'the journalist';
}

function endedLine({ affiliation }: StaffRow, adminEmail: string | null = null): SafeHtml {
  if (!affiliation.endedAt) return html``;
  return html`${day(affiliation.endedAt)} by
  ${endedByLabel(affiliation.endedBy, adminEmail)}${affiliation.endedReason ? html`: <span class="reason">${affiliation.endedReason}</span>` : ''}`;
}

export interface StaffSectionState {
  csrf: string;
  publisher: Publisher;
  rows: StaffRow[];
  /** The viewer administers the publisher: the invite form and the End links. */
  admin: boolean;
  /** The viewer's address, when they administer it: who ended what is then told as sides (you, the journalist). */
  viewerEmail: string;
  form?: { invitee?: string };
  errors?: FieldErrors;
}

/** The publisher page's "Staff": every affiliation and, for its admin, the invite form. */
export function staffSection({ csrf, publisher, rows, admin, viewerEmail, form = {}, errors = {} }: StaffSectionState): SafeHtml {
  return html`<section class="card" aria-labelledby="staff-heading" id="staff">
    <h2 id="staff-heading">Staff</h2>
    <p class="hint">
      Journalists who accept the publisher’s invitation show it on their profile, and article lookups list it as evidence while
      the publisher is verified. Either side may end it; it stays listed, marked ended.
    </p>
    ${listTable(rows, {
      class: 'staff',
      headings: ['Who', 'State', 'Since', 'Ended', ...(admin ? ['Actions'] : [])],
      empty: html`<p>No staff yet.</p>`,
      row: (row) =>
        html`<tr data-affiliation="${row.affiliation.id}">
          <td data-label="Who">${who(row)}</td>
          <td data-label="State" class="state-${row.affiliation.state}">${STATES[row.affiliation.state]}</td>
          <td data-label="Since">${since(row)}</td>
          <td data-label="Ended">${endedLine(row, admin ? viewerEmail : null)}</td>
          ${
            admin
              ? html`<td>
                  ${
                    isOpen(row.affiliation)
                      ? html`<a href="${sitePath(staffEndPath(publisher, row.affiliation.id))}" class="danger">End…</a>`
                      : ''
                  }
                </td>`
              : ''
          }
        </tr>`,
    })}
    ${admin ? inviteForm(csrf, publisher, form, errors) : ''}
  </section>`;
}

function inviteForm(csrf: string, publisher: Publisher, form: { invitee?: string }, errors: FieldErrors): SafeHtml {
  if (publisher.verifiedAt === null) return html`<p class="notice" role="status">${UNVERIFIED_PUBLISHER}</p>`;
  return html`<form method="post" action="${sitePath(`/publishers/${publisher.slug}/staff`)}" novalidate>
    ${csrfField(csrf)}
    ${field({
      name: 'invitee',
      label: 'Invite a journalist',
      value: form.invitee,
      errors,
      required: true,
      hint: 'Their email address, or their profile’s slug (the end of its public address /j/…). They accept on their profile page.',
    })}
    <button type="submit" class="secondary">Invite</button>
  </form>`;
}

/** Ending asks first, with an optional reason kept with the affiliation. */
export function endAffiliationPage({
  csrf,
  row,
  action,
  back,
  side,
}: {
  csrf: string;
  row: StaffRow;
  action: string;
  back: string;
  side: 'publisher' | 'journalist';
}): SafeHtml {
  const active = row.affiliation.state === 'active';
  const subject = side === 'publisher' ? html`${who(row)}’s ${active ? 'affiliation' : 'invitation'}` : html`your affiliation`;
  return html`<h1>End ${subject} with ${publisherName(row)}?</h1>
    <div class="card">
      <p>
        ${
          active
            ? 'It stays on the profile, marked ended, and article lookups stop listing it at once.'
            : 'The invitation can no longer be accepted.'
        }
        To start again, the publisher invites again.
      </p>
      <form method="post" action="${sitePath(action)}" novalidate>
        ${csrfField(csrf)}<input type="hidden" name="confirm" value="end" />
        ${field({ name: 'reason', label: 'Why (optional)', hint: 'Kept with the affiliation, shown to both sides.' })}
        <button type="submit" class="danger">End it</button>
      </form>
      <a href="${sitePath(back)}">Keep it</a>
    </div>`;
}

/** The journalist's own: invitations to answer, and their affiliations with End for an active one. */
export function ownStaffSection({
  csrf,
  invitations,
  affiliations,
  hasProfile,
}: {
  csrf: string;
  invitations: StaffRow[];
  affiliations: StaffRow[];
  hasProfile: boolean;
}): SafeHtml {
  const listed = affiliations.filter(({ affiliation }) => affiliation.acceptedAt !== null);
  if (!invitations.length && !listed.length) return html``;
  return html`<section class="card" aria-labelledby="invitations-heading" id="publishers">
    <h2 id="invitations-heading">Invitations from publishers</h2>
    ${
      invitations.length
        ? html`<ul class="plain invitations">
            ${invitations.map(
              (row) =>
                html`<li data-invitation="${row.affiliation.id}">
                  <strong>${publisherName(row)}</strong>
                  <span class="hint">invited you on ${day(row.affiliation.invitedAt)}</span>
                  ${
                    hasProfile
                      ? postButton(`/profile/staff/${row.affiliation.id}/accept`, 'Accept', csrf, '')
                      : html`<span class="hint">Create your profile below to accept it.</span>`
                  }
                  ${postButton(`/profile/staff/${row.affiliation.id}/decline`, 'Decline', csrf)}
                </li>`,
            )}
          </ul>`
        : html`<p>No open invitation.</p>`
    }
    ${
      listed.length
        ? html`<h3>Your publishers</h3>
            <ul class="plain affiliations">
              ${listed.map(
                (row) =>
                  html`<li data-affiliation="${row.affiliation.id}">
                    ${affiliationLine(row)}
                    ${
                      row.affiliation.state === 'active'
                        ? html`<a href="${sitePath(ownEndPath(row.affiliation.id))}" class="danger">End…</a>`
                        : ''
                    }
                  </li>`,
              )}
            </ul>`
        : ''
    }
  </section>`;
}

/** "Staff at X since D", or "… from D to E (ended)". */
function affiliationLine(row: StaffRow): SafeHtml {
  const { affiliation } = row;
  const name = html`<strong class="publisher">${publisherName(row)}</strong>`;
  return affiliation.state === 'active'
    ? html`<span class="affiliation state-active">Staff at ${name} since ${day(affiliation.acceptedAt)}</span>`
    : html`<span class="affiliation state-ended"
        >Staff at ${name} from ${day(affiliation.acceptedAt)} to ${day(affiliation.endedAt)} (ended)</span
      >`;
}

/**
 * The public page's affiliations: only those that were accepted, with a publisher that is verified now (an
 * unverified one vouches for nothing); an ended one stays, marked ended.
 */
export function publicAffiliations(rows: StaffRow[]): SafeHtml {
  const shown = rows.filter(
    ({ affiliation, publisher }) =>
      affiliation.acceptedAt !== null &&
      publisher?.verifiedAt &&
      (affiliation.state === 'active' || affiliation.state === 'ended'),
  );
  if (!shown.length) return html``;
  return html`<h2>Publishers</h2>
    <ul class="affiliations">
      ${shown.map((row) => html`<li>${affiliationLine(row)}</li>`)}
    </ul>`;
}

/** The editors' review page: every affiliation of the profile, whatever its state. */
export function reviewAffiliations(rows: StaffRow[]): SafeHtml {
  return html`<h2>Publisher affiliations</h2>
    ${listTable(rows, {
      class: 'staff',
      headings: ['Publisher', 'State', 'Since', 'Ended'],
      empty: html`<p class="hint">No publisher affiliation.</p>`,
      row: (row) =>
        html`<tr data-affiliation="${row.affiliation.id}">
          <td data-label="Publisher">
            ${
              row.publisher
                ? html`<a href="${sitePath(`/publishers/${row.publisher.slug}`)}">${row.publisher.name}</a>
                    ${row.publisher.verifiedAt ? '' : html`<span class="hint">(not verified)</span>`}`
                : publisherName(row)
            }
          </td>
          <td data-label="State" class="state-${row.affiliation.state}">${STATES[row.affiliation.state]}</td>
          <td data-label="Since">${since(row)}</td>
          <td data-label="Ended">${endedLine(row)}</td>
        </tr>`,
    })}`;
}
