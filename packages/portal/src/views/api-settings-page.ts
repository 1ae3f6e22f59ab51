import type { ApiAccount, ApiKeySummary, UsageEntry } from '@byline/shared';
import type { NewKey } from '../use-cases/api-keys';
import { html, type SafeHtml } from './html';
import { csrfField, field, postButton, type FieldErrors } from './forms';

export interface ApiSettingsState {
  csrf: string;
  account: ApiAccount | null;
  keys: ApiKeySummary[];
  /** Requests per key per day (UTC), oldest first. */
  usage?: Record<string, UsageEntry[]>;
  created?: NewKey;
  errors?: FieldErrors;
  notice?: string;
}

const when = (iso: string | null) =>
  iso ? html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 16)} UTC</time>` : html`never`;

function newSecret(created: NewKey): SafeHtml {
  return html`<section class="card" aria-labelledby="new-key-heading">
    <h2 id="new-key-heading">New key “${created.summary.name}”</h2>
    <p>
      <strong>Copy this token now; its secret is never shown again.</strong> Send it as
      <code>Authorization: Bearer KEY:SECRET</code>.
    </p>
    <p class="secret" id="new-token">${created.token}</p>
    <button type="button" class="secondary" data-copy="new-token">Copy</button>
  </section>`;
}

function keyTable(csrf: string, keys: ApiKeySummary[]): SafeHtml {
  if (!keys.length) return html`<p>No keys yet.</p>`;
  return html`<table class="keys">
    <thead>
      <tr>
        <th>Name</th>
        <th>Key</th>
        <th>Created</th>
        <th>Last used</th>
        <th>Status</th>
        <th>Actions</th>
      </tr>
    </thead>
    <tbody>
      ${keys.map(
        (key) =>
          html`<tr>
            <td data-label="Name">${key.name}</td>
            <td data-label="Key"><code>${key.key}</code></td>
            <td data-label="Created">${when(key.created_at)}</td>
            <td data-label="Last used">${when(key.last_used_at)}</td>
            <td>${key.revoked_at ? html`Revoked ${when(key.revoked_at)}` : 'Active'}</td>
            <td>
              ${
                key.revoked_at
                  ? ''
                  : html`${postButton(`/settings/api/keys/${encodeURIComponent(key.key)}/rotate`, 'Rotate', csrf)}
                    ${postButton(`/settings/api/keys/${encodeURIComponent(key.key)}/revoke`, 'Revoke', csrf, 'danger')}`
              }
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** A small bar chart per key: <progress> bars need no inline style, which the CSP forbids. */
function usageCharts(keys: ApiKeySummary[], usage: Record<string, UsageEntry[]>): SafeHtml {
  const used = keys.filter((key) => usage[key.key]?.length);
  if (!used.length) return html`<p class="hint">No requests recorded yet.</p>`;
  return html`${used.map((key) => {
    const days = usage[key.key]!;
    const max = Math.max(...days.map((d) => d.count));
    return html`<figure class="usage">
      <figcaption>${key.name} (<code>${key.key}</code>)</figcaption>
      <table>
        <thead>
          <tr>
            <th>Day (UTC)</th>
            <th>Requests</th>
            <th></th>
          </tr>
        </thead>
        <tbody>
          ${days.map(
            (d) =>
              html`<tr>
                <td>${d.day}</td>
                <td>${d.count}</td>
                <td><progress max="${max}" value="${d.count}">${d.count}</progress></td>
              </tr>`,
          )}
        </tbody>
      </table>
    </figure>`;
  })}`;
}

export function apiSettingsPage({ csrf, account, keys, usage = {}, created, errors = {}, notice }: ApiSettingsState): SafeHtml {
  if (!account) {
    return html`<h1>API settings</h1>
      <div class="card">
        <p>
          An API account lets your newsroom or tool ask Byline who wrote an article and whether a social account is a verified
          journalist.
        </p>
        ${postButton('/settings/api/account', 'Open an API account', csrf, '')}
      </div>`;
  }
  return html`<h1>API settings</h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    <p>Account: ${account.email} · status ${account.status}</p>
    ${created ? newSecret(created) : ''}
    <form method="post" action="/settings/api/keys" class="card" novalidate>
      ${csrfField(csrf)}
      ${field({ name: 'name', label: 'Key name', errors, hint: 'Where you will use it, such as “newsroom CMS”.' })}
      <button type="submit">Create key</button>
    </form>
    <h2>Keys</h2>
    ${keyTable(csrf, keys)}
    <h2>Usage per day</h2>
    ${usageCharts(keys, usage)}`;
}
