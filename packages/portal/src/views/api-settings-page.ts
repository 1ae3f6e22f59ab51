import type { ApiAccount, ApiKeySummary, SocialType, UsageEntry } from '@byline/shared';
import type { PublicUrls } from '../deps';
import type { KeyToShow } from '../use-cases/api-keys';
import { html, type SafeHtml } from './html';
import { csrfField, field, postButton, type FieldErrors } from './forms';

export interface ApiSettingsState {
  csrf: string;
  account: ApiAccount | null;
  keys: ApiKeySummary[];
  /** The account's web origins, one per line (or the text just submitted, when it had a mistake). */
  origins?: string;
  /** Requests per key per day (UTC), oldest first. */
  usage?: Record<string, UsageEntry[]>;
  created?: KeyToShow;
  /** Where the two services answer (PUBLIC_*_URL). */
  services: Pick<PublicUrls, 'articleVerifier' | 'journalistVerifier'>;
  /** What the curl lines ask: the user's own article and handle when they have them. */
  examples?: CurlExamples;
  errors?: FieldErrors;
  notice?: string;
}

export interface CurlExamples {
  articleUrl: string;
  socialType: SocialType;
  socialUsername: string;
}

const SAMPLE_QUESTIONS: CurlExamples = {
  articleUrl: 'https://example.org/news/2024/a-story',
  socialType: 'twitter',
  socialUsername: 'example',
};

const articlePath = '/api/verify_article';
const journalistPath = '/api/v1/verify_journalist';

/** One shell word, whatever it holds. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl line per operation with the new token, ready to paste into a shell. */
export function curlLines(services: ApiSettingsState['services'], token: string, examples: CurlExamples) {
  const auth = `-H ${shellQuote(`Authorization: Bearer ${token}`)}`;
  const body = JSON.stringify({ social_type: examples.socialType, social_username: examples.socialUsername });
  return {
    article: `curl -s -X POST ${auth} ${shellQuote(
      `${services.articleVerifier}${articlePath}?url=${encodeURIComponent(examples.articleUrl)}`,
    )}`,
    journalist: `curl -s -X POST ${auth} -H 'Content-Type: application/json' -d ${shellQuote(body)} ${shellQuote(
      `${services.journalistVerifier}${journalistPath}`,
    )}`,
  };
}

function serviceAddresses(services: ApiSettingsState['services']): SafeHtml {
  return html`<section class="card" aria-labelledby="services-heading">
    <h2 id="services-heading">Service addresses</h2>
    <p>Verify article: <code>POST ${services.articleVerifier}${articlePath}</code></p>
    <p>Verify journalist: <code>POST ${services.journalistVerifier}${journalistPath}</code></p>
  </section>`;
}

const when = (iso: string | null) =>
  iso ? html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 16)} UTC</time>` : html`never`;

function newSecret(created: KeyToShow, services: ApiSettingsState['services'], examples: CurlExamples): SafeHtml {
  const curl = curlLines(services, created.token, examples);
  return html`<section class="card" aria-labelledby="new-key-heading">
    <h2 id="new-key-heading">New key “${created.name}”</h2>
    <p>
      <strong>Copy this token now; its secret is never shown again.</strong> Send it as
      <code>Authorization: Bearer KEY:SECRET</code>.
    </p>
    <p class="secret" id="new-token">${created.token}</p>
    <button type="button" class="secondary" data-copy="new-token">Copy</button>
    <h3>Try it</h3>
    <p>Who wrote an article:</p>
    <p class="secret" id="curl-article">${curl.article}</p>
    <button type="button" class="secondary" data-copy="curl-article">Copy</button>
    <p>Whether a social account is a verified journalist:</p>
    <p class="secret" id="curl-journalist">${curl.journalist}</p>
    <button type="button" class="secondary" data-copy="curl-journalist">Copy</button>
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

/** The origins form: which web pages may call with this account's keys, and why that needs care. */
function originsForm(csrf: string, origins: string, errors: FieldErrors): SafeHtml {
  return html`<section class="card" aria-labelledby="origins-heading">
    <h2 id="origins-heading">Browser access</h2>
    <p>
      Calls from your servers need nothing here. To call from a web page, list the page’s origin. A secret in a web page is
      public: anyone can copy it. Use a key made only for the page, with a low rate limit.
    </p>
    <form method="post" action="/settings/api/origins" novalidate>
      ${csrfField(csrf)}
      ${field({
        name: 'origins',
        label: 'Allowed web origins',
        value: origins,
        errors,
        multiline: true,
        hint: 'One per line, as scheme://host[:port], such as https://news.example. No paths or wildcards; at most 20.',
      })}
      <button type="submit">Save origins</button>
    </form>
  </section>`;
}

export function apiSettingsPage({
  csrf,
  account,
  keys,
  origins = '',
  usage = {},
  created,
  services,
  examples = SAMPLE_QUESTIONS,
  errors = {},
  notice,
}: ApiSettingsState): SafeHtml {
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
    ${created ? newSecret(created, services, examples) : ''} ${serviceAddresses(services)}
    <form method="post" action="/settings/api/keys" class="card" novalidate>
      ${csrfField(csrf)}
      ${field({ name: 'name', label: 'Key name', errors, hint: 'Where you will use it, such as “newsroom CMS”.' })}
      <button type="submit">Create key</button>
    </form>
    <h2>Keys</h2>
    ${keyTable(csrf, keys)} ${originsForm(csrf, origins, errors)}
    <h2>Usage per day</h2>
    ${usageCharts(keys, usage)}`;
}
