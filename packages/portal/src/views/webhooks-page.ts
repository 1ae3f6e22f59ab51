import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
} from '@byline/domain/webhook-events/webhook-event';
import { type WebhookEndpoint, type WebhookMessage } from '@byline/domain/webhooks/webhooks-repository';
import { HELD_BY_SUSPENSION } from '@byline/editorial/webhooks/account-hold';
import { html, sitePath, type SafeHtml } from './html';
import { listTable } from './list-table';
import { confirmButtons, csrfField, field, postButton, type FieldErrors } from './forms';

/** What the page shows once after an endpoint is added or its secret rotated. */
export interface SecretToShow {
  webhookSecret: string;
  endpointId: number;
  url: string;
}

export interface WebhooksPageState {
  csrf: string;
  endpoints: WebhookEndpoint[];
  /** The account is suspended: its messages are held, unattempted, until it is reinstated. */
  held?: boolean;
  created?: SecretToShow;
  form?: { url?: string; events?: string[] };
  errors?: FieldErrors;
  notice?: string;
}

const endpointPath = (endpoint: Pick<WebhookEndpoint, 'id'>) => sitePath(`/settings/api/webhooks/${endpoint.id}`);

const when = (iso: string) => html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 19)} UTC</time>`;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Enabled, failing since when, held while the account is suspended, or disabled and why. */
function statusOf(endpoint: WebhookEndpoint, held: boolean): SafeHtml {
  if (!endpoint.enabled) return html`Disabled${endpoint.disabledReason ? html` (${endpoint.disabledReason})` : ''}`;
  if (held) return html`${capitalised(HELD_BY_SUSPENSION)}`;
  return endpoint.failingSince ? html`Failing since ${when(endpoint.failingSince)}` : html`Enabled`;
}

/** Said above the endpoints while the account is suspended. */
const heldNotice = html`<p class="notice" role="status">
  Your API account is suspended: messages to your endpoints are held, not sent and not counted as failures. They are sent, in
  order, once the account is reinstated.
</p>`;

function newSecret(created: SecretToShow): SafeHtml {
  return html`<section class="card" aria-labelledby="new-secret-heading">
    <h2 id="new-secret-heading">Signing secret for ${created.url}</h2>
    <p>
      <strong>Copy this secret now; it is never shown again.</strong> Verify each delivery's <code>webhook-signature</code> with
      it (any Standard Webhooks library does).
    </p>
    <p class="secret" id="new-webhook-secret">${created.webhookSecret}</p>
    <button type="button" class="secondary" data-copy="new-webhook-secret">Copy</button>
  </section>`;
}

/** An endpoint's first cells in every table of endpoints: where it is and what it is sent. */
export function endpointCells(endpoint: { url: string; events: readonly string[] }): SafeHtml {
  return html`<td data-label="Address"><code>${endpoint.url}</code></td>
    <td data-label="Events">${endpoint.events.map((type, i) => html`${i ? ', ' : ''}<code>${type}</code>`)}</td>`;
}

function endpointTable(csrf: string, endpoints: WebhookEndpoint[], held: boolean): SafeHtml {
  return listTable(endpoints, {
    class: 'keys',
    headings: ['Address', 'Events', 'Status', 'Actions'],
    empty: html`<p>No endpoints yet.</p>`,
    row: (endpoint) =>
      html`<tr>
        ${endpointCells(endpoint)}
        <td data-label="Status">${statusOf(endpoint, held)}</td>
        <td>
          <a href="${endpointPath(endpoint)}">Deliveries</a>
          ${postButton(`${endpointPath(endpoint)}/${endpoint.enabled ? 'disable' : 'enable'}`, endpoint.enabled ? 'Disable' : 'Enable', csrf)}
          ${postButton(`${endpointPath(endpoint)}/rotate`, 'Rotate secret', csrf)}
          ${postButton(`${endpointPath(endpoint)}/test`, 'Send a test event', csrf)}
          <a href="${endpointPath(endpoint)}/remove">Remove…</a>
        </td>
      </tr>`,
  });
}

function newEndpointForm(csrf: string, form: WebhooksPageState['form'] = {}, errors: FieldErrors = {}): SafeHtml {
  const chosen = new Set(form.events ?? []);
  return html`<form method="post" action="/settings/api/webhooks" class="card" novalidate>
    ${csrfField(csrf)}
    ${field({
      name: 'url',
      label: 'Address',
      value: form.url,
      errors,
      hint: 'An https address on the public internet; each event is POSTed to it as JSON, signed.',
    })}
    <fieldset${errors.events ? html` aria-describedby="f-events-error"` : ''}>
      <legend>Events</legend>
      ${WEBHOOK_EVENT_TYPES.map(
        (type) =>
          html`<div class="field checkbox">
            <input
              type="checkbox"
              id="f-event-${type}"
              name="events"
              value="${type}"
              aria-describedby="f-event-${type}-hint"
              ${chosen.has(type) ? html`checked` : ''}
            />
            <label for="f-event-${type}"><code>${type}</code></label>
            <span class="hint" id="f-event-${type}-hint">${WEBHOOK_EVENT_DESCRIPTIONS[type]}</span>
          </div>`,
      )}
      <p class="hint">
        <code>${WEBHOOK_TEST_EVENT_TYPE}</code>: ${WEBHOOK_EVENT_DESCRIPTIONS[WEBHOOK_TEST_EVENT_TYPE]}
      </p>
      ${errors.events ? html`<p class="error" id="f-events-error" role="alert">${errors.events}</p>` : ''}
    </fieldset>
    <button type="submit">Add endpoint</button>
  </form>`;
}

export function webhooksPage({ csrf, endpoints, held = false, created, form, errors, notice }: WebhooksPageState): SafeHtml {
  return html`<h1>Webhooks</h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''} ${created ? newSecret(created) : ''}
    <p>
      Byline POSTs a signed JSON message to your endpoints when something they subscribe to changes, retrying for about three days
      while they fail. <a href="/settings/api">Back to API settings</a>
    </p>
    <h2>Endpoints</h2>
    ${held ? heldNotice : ''} ${endpointTable(csrf, endpoints, held)}
    <h2>Add an endpoint</h2>
    ${newEndpointForm(csrf, form, errors)}`;
}

/** An endpoint's latest messages, each attempt's status, time and the start of the answer, and redelivery. */
export function deliveriesPage({
  csrf,
  endpoint,
  messages,
  held = false,
  notice,
}: {
  csrf: string;
  endpoint: WebhookEndpoint;
  messages: WebhookMessage[];
  held?: boolean;
  notice?: string;
}): SafeHtml {
  const stateOf = (message: WebhookMessage) => (held && message.state === 'pending' ? HELD_BY_SUSPENSION : message.state);
  const attempts = (message: WebhookMessage) =>
    message.attempts.length
      ? html`<ol>
          ${message.attempts.map(
            (a) =>
              html`<li>
                ${when(a.at)} · ${a.status === null ? html`no answer: ${a.error ?? ''}` : html`HTTP ${a.status}`}
                ${a.excerpt ? html`<pre>${a.excerpt}</pre>` : ''}
              </li>`,
          )}
        </ol>`
      : html`<p class="hint">Not attempted yet.</p>`;
  return html`<h1>Deliveries to <code>${endpoint.url}</code></h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    <p>Status: ${statusOf(endpoint, held)} · <a href="/settings/api/webhooks">Back to webhooks</a></p>
    ${postButton(`${endpointPath(endpoint)}/test`, 'Send a test event', csrf)} ${held ? heldNotice : ''}
    ${
      messages.length
        ? messages.map(
            (message) =>
              html`<section class="card">
                <h2><code>${message.type}</code> · ${stateOf(message)}</h2>
                <p><code>${message.eventId}</code> · made ${when(message.createdAt)}</p>
                ${attempts(message)}
                ${postButton(`${endpointPath(endpoint)}/messages/${message.id}/redeliver`, 'Redeliver', csrf)}
              </section>`,
          )
        : html`<p>No messages yet.</p>`
    }`;
}

/** Removing cannot be undone, so the table leads here first. */
export function removeEndpointPage({ csrf, endpoint }: { csrf: string; endpoint: WebhookEndpoint }): SafeHtml {
  return html`<h1>Remove the endpoint <code>${endpoint.url}</code>?</h1>
    <div class="card">
      <p>No more events are sent to it, and its messages and their attempts are deleted. To pause it instead, disable it.</p>
      ${confirmButtons({
        csrf,
        action: sitePath(`${endpointPath(endpoint)}/remove`),
        confirm: 'remove',
        button: 'Remove the endpoint',
        keep: sitePath('/settings/api/webhooks'),
      })}
    </div>`;
}
