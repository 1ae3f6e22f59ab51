import { AUDIT_ACTIONS } from '@byline/domain/audit/audit-repository';
import {
  DIRECTORY_STATES,
  type DirectoryRow,
  type DirectoryState,
  type Lookalike,
} from '@byline/domain/directory/directory-repository';
import { claimsInBrief } from '../editor/claim-views';
import type { ComparedProfile, Comparison, LogEntry, Paging } from '../use-cases/editors-desk';
import { html, webUrl, sitePath, type SafeHtml } from './html';
import { listTable, type ListTableOptions } from './list-table';
import { field, formError, type FieldErrors } from './forms';
import { ACTION_LABELS, verifiedBadge } from './verification-parts';

/** What each state means, as the directory's filter and rows say it. */
export const STATE_LABELS: Record<DirectoryState, string> = {
  verified: 'Verified',
  pending: 'Waiting for review',
  lapsed: 'Lapsed: verified once, not now',
  refused: 'Refused: asked, never verified',
  'never-asked': 'Never asked',
};

const REASON_LABELS: Record<Lookalike['reasons'][number], string> = {
  'name-and-employer': 'same name and employer',
  'same-claim': 'same handle or site claimed',
  'same-article': 'same article listed',
};

function select(name: string, label: string, chosen: string, options: [string, string][], errors: FieldErrors): SafeHtml {
  const error = errors[name];
  return html`<div class="field${error ? ' has-error' : ''}">
    <label for="f-${name}">${label}</label>
    <select id="f-${name}" name="${name}" ${error ? html`aria-invalid="true" aria-describedby="f-${name}-error"` : ''}>
      ${options.map(([value, text]) => html`<option value="${value}" ${value === chosen ? html`selected` : ''}>${text}</option>`)}
    </select>
    ${error ? html`<p class="error" id="f-${name}-error" role="alert">${error}</p>` : ''}
  </div>`;
}

/** Every problem said above the form too, naming its field: the page number has no field of its own to show it at. */
function problems(errors: FieldErrors, lead: string): SafeHtml {
  const messages = Object.values(errors);
  return messages.length ? formError(`${lead} ${messages.join(' ')}`) : html``;
}

/** Previous and next links keeping the filters (`query` is already URL-encoded). */
function pager(path: '/editor/directory' | '/editor/log', query: string, { page, pages, total }: Paging): SafeHtml {
  const to = (n: number) => `${query}${query ? '&' : ''}page=${n}`;
  return html`<p class="pager">
    ${total} found · page ${page} of ${pages}
    ${page > 1 ? html`<a href="${sitePath(path)}?${to(page - 1)}" rel="prev">Previous</a>` : ''}
    ${page < pages ? html`<a href="${sitePath(path)}?${to(page + 1)}" rel="next">Next</a>` : ''}
  </p>`;
}

/**
 * A search's answer: nothing before a search is made; what `table` says when empty if no row matches; else the rows
 * as a table with the pager under it.
 */
function searchAnswer<T>(
  rows: readonly T[] | undefined,
  table: ListTableOptions<T> & { empty: SafeHtml },
  pagerLine: () => SafeHtml,
): SafeHtml {
  if (rows === undefined) return html``;
  return rows.length ? html`${listTable(rows, table)} ${pagerLine()}` : table.empty;
}

const encoded = (fields: Record<string, string>) =>
  Object.entries(fields)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

function directoryRow(row: DirectoryRow): SafeHtml {
  return html`<tr>
    <td data-label="Journalist">${fullName(row)}</td>
    <td data-label="Slug"><a href="/j/${row.slug}">${row.slug}</a></td>
    <td data-label="Employer">${row.employer}</td>
    <td data-label="State" class="state-${row.state}">${STATE_LABELS[row.state]}</td>
    <td data-label="Last decision">${row.lastDecisionAt ? row.lastDecisionAt.slice(0, 10) : '—'}</td>
    <td>
      <a href="/editor/profiles/${row.profileId}">Review</a>
      ${row.verified ? html`<a href="/editor/profiles/${row.profileId}#decision" class="danger">Withdraw…</a>` : ''}
    </td>
  </tr>`;
}

export interface DirectoryView {
  text: string;
  state: string;
  result?: { rows: DirectoryRow[] } & Paging;
  errors: FieldErrors;
}

export function directoryPage({ text, state, result, errors }: DirectoryView): SafeHtml {
  const states: [string, string][] = [['', 'Any state'], ...DIRECTORY_STATES.map((s): [string, string] => [s, STATE_LABELS[s]])];
  return html`<h1>Directory of profiles</h1>
    <form method="get" action="/editor/directory" class="card" role="search" novalidate>
      ${problems(errors, 'Check the search: nothing was looked up.')}
      ${field({
        name: 'text',
        label: 'Name, handle, slug, employer or article address',
        value: text,
        errors,
        hint: 'Any part of it, in any case.',
      })}
      ${select('state', 'State', state, states, errors)}
      <button type="submit">Search</button>
    </form>
    ${searchAnswer(
      result?.rows,
      {
        class: 'directory',
        headings: ['Journalist', 'Slug', 'Employer', 'State', 'Last decision', ''],
        row: directoryRow,
        empty: html`<p>No profile matches.</p>`,
      },
      () => pager('/editor/directory', encoded({ text, state }), result!),
    )}`;
}

export interface LogView {
  actor: string;
  action: string;
  result?: { entries: LogEntry[] } & Paging;
  errors: FieldErrors;
}

function logRow({ record, profile }: LogEntry): SafeHtml {
  return html`<tr>
    <td data-label="When (UTC)"><time datetime="${record.at}">${record.at.replace('T', ' ').slice(0, 16)}</time></td>
    <td data-label="Profile">
      ${profile ? html`<a href="/editor/profiles/${profile.id}">${profile.name || profile.slug}</a>` : `#${record.profileId}`}
    </td>
    <td data-label="What" class="action-${record.action}">${ACTION_LABELS[record.action]}</td>
    <td data-label="Who">${record.actor}</td>
    <td data-label="Note">${record.note}</td>
  </tr>`;
}

export function logPage({ actor, action, result, errors }: LogView): SafeHtml {
  const actions: [string, string][] = [['', 'Any kind'], ...AUDIT_ACTIONS.map((a): [string, string] => [a, ACTION_LABELS[a]])];
  return html`<h1>Editors’ log</h1>
    <p class="hint">Every decision and proof event on every profile, newest first.</p>
    <form method="get" action="/editor/log" class="card" novalidate>
      ${problems(errors, 'Check the filters: nothing was looked up.')}
      ${field({ name: 'actor', label: 'By (an editor’s email, exactly)', value: actor, errors })}
      ${select('action', 'Kind', action, actions, errors)}
      <button type="submit">Filter</button>
    </form>
    ${searchAnswer(
      result?.entries,
      {
        class: 'history',
        headings: ['When (UTC)', 'Profile', 'What', 'Who', 'Note'],
        row: logRow,
        empty: html`<p>Nothing in the log matches.</p>`,
      },
      () => pager('/editor/log', encoded({ actor, action }), result!),
    )}`;
}

/** The queue's flag: the profiles that look like the same person, each linked to the side-by-side page. */
export function duplicateFlag(profileId: number, lookalikes: Lookalike[]): SafeHtml {
  if (!lookalikes.length) return html``;
  return html`<p class="flag duplicate">
    <strong>Possible duplicate:</strong>
    ${lookalikes.map(
      (l, i) =>
        html`${i ? ', ' : ''}<a href="/editor/profiles/${profileId}/compare/${l.profileId}"
            >${fullName(l)} (${l.reasons.map((reason) => REASON_LABELS[reason]).join('; ')})</a
          >`,
    )}
  </p>`;
}

function column({ profile, claims, articles }: ComparedProfile): SafeHtml {
  return html`<section class="card compared">
    <h2>${profile.profile_first_name} ${profile.profile_last_name}</h2>
    <p>${verifiedBadge(profile)} <a href="/j/${profile.profile_slug}">/j/${profile.profile_slug}</a></p>
    <dl class="details">
      <dt>Employer</dt>
      <dd>${profile.profile_employer}</dd>
      <dt>Title</dt>
      <dd>${profile.profile_title}</dd>
      <dt>Handles and sites</dt>
      <dd>${claimsInBrief(claims)}</dd>
    </dl>
    <h3>Articles</h3>
    ${
      articles.length
        ? html`<ul>
            ${articles.map((a) => html`<li><a href="${webUrl(a.link) ?? sitePath('#')}" rel="noopener noreferrer">${a.title}</a></li>`)}
          </ul>`
        : html`<p>No articles.</p>`
    }
    <p><a href="/editor/profiles/${profile.id}">Review this profile</a></p>
  </section>`;
}

export function comparePage({ left, right, lookalike }: Comparison): SafeHtml {
  // One sentence, built as text: the template's line breaks would leave a space before its full stop.
  const shared = [
    lookalike?.sharedClaims.length ? ` (${lookalike.sharedClaims.map((c) => `${c.kind} ${c.value}`).join(', ')})` : '',
    lookalike?.sharedArticles.length ? ` (${lookalike.sharedArticles.join(', ')})` : '',
  ].join('');
  const why = lookalike
    ? html`<p class="notice" role="status">
        ${`Why they look alike: ${lookalike.reasons.map((reason) => REASON_LABELS[reason]).join('; ')}${shared}.`}
      </p>`
    : html`<p class="hint">These two profiles share no name and employer, handle or site.</p>`;
  return html`<h1>Side by side</h1>
    ${why}
    <div class="side-by-side">${column(left)} ${column(right)}</div>`;
}
