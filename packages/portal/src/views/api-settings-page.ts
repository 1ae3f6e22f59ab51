import { DEFAULT_BROWSER_KEY_LIMIT } from '@byline/shared';
import { DEMO_ARTICLE_URL, DEMO_TWITTER_HANDLE } from '@byline/domain/domain/demo-examples';
import { MAX_ACCOUNT_ORIGINS } from '@byline/domain/cors/origin-list';
import { type ApiAccount } from '@byline/domain/api-accounts/api-accounts-repository';
import { type ApiKeySummary, type SocialType, type UsageEntry } from '@byline/domain/domain/types';
import type { PublicUrls } from '../deps';
import type { NewKeyForm } from '../routes/api-key-schema';
import type { KeyToShow } from '../use-cases/api-keys';
import { checkedUrl, html, sitePath, type SafeHtml } from './html';
import { docsOf } from './account-pages';
import { confirmButtons, csrfField, field, postButton, type FieldErrors } from './forms';
import { listTable } from './list-table';

export interface ApiSettingsState {
  csrf: string;
  /** The portal's clock: a rotated key's overlap has passed or not. */
  now?: Date;
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
  /** The new-key form as submitted, when it had a mistake. */
  newKey?: Partial<NewKeyForm>;
  /** The account's requests per minute (its own, or the services' default): a browser key's at most. */
  accountLimit?: number;
  errors?: FieldErrors;
  notice?: string;
}

export interface CurlExamples {
  articleUrl: string;
  socialType: SocialType;
  socialUsername: string;
  /** The demo data's questions: whether this Byline holds that data (then they answer verified: true). */
  demo?: 'loaded' | 'missing';
}

/** For someone without a profile of their own: the demo data's verified article and handle (see demo-examples.ts). */
export const DEMO_QUESTIONS: CurlExamples = {
  articleUrl: DEMO_ARTICLE_URL,
  socialType: 'twitter',
  socialUsername: DEMO_TWITTER_HANDLE,
};

const articlePath = '/api/verify_article';
const journalistPath = '/api/v1/verify_journalist';

/** One shell word, whatever it holds. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A curl line per operation with the new token, ready to paste into a shell. A browser key's lines send its first
 * origin, as a page there would: the key answers nothing else.
 */
export function curlLines(services: ApiSettingsState['services'], token: string, examples: CurlExamples, origin?: string) {
  const auth = `-H ${shellQuote(`Authorization: Bearer ${token}`)}${origin ? ` -H ${shellQuote(`Origin: ${origin}`)}` : ''}`;
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

/** Each operation's address, with its service's browsable documentation (where Try it out runs) and OpenAPI document. */
function serviceAddresses(services: ApiSettingsState['services']): SafeHtml {
  const service = (label: string, base: string, path: string) =>
    html`<p>
      ${label}: <code>POST ${base}${path}</code><br />
      <a href="${docsOf(base)}">${label}: documentation and Try it out</a> ·
      <a href="${checkedUrl(`${base}/openapi.json`) ?? sitePath('#')}">${label}: OpenAPI document</a>
    </p>`;
  return html`<section class="card" aria-labelledby="services-heading">
    <h2 id="services-heading">Service addresses</h2>
    ${service('Verify article', services.articleVerifier, articlePath)}
    ${service('Verify journalist', services.journalistVerifier, journalistPath)}
    <p class="hint">
      In the documentation, choose Authorize, paste a key as <code>KEY:SECRET</code>, open an operation and choose Try it out.
    </p>
  </section>`;
}

/** Whom the curl lines ask about, and what they will answer. */
function aboutTheQuestions(examples: CurlExamples): SafeHtml {
  if (examples.demo === 'loaded')
    return html`<p class="hint">
      Without an article and a handle of your own here, these ask about Niamh Cassidy from the demo data, which this Byline holds:
      they answer <code>verified: true</code>.
    </p>`;
  if (examples.demo === 'missing')
    return html`<p class="hint">
      Without an article and a handle of your own here, these ask about Niamh Cassidy from the demo data (<code
        >npx byline demo</code
      >). This Byline does not hold that data, so they answer <code>verified: false</code>: ask about an article or handle you
      know instead.
    </p>`;
  return html`<p class="hint">
    These ask about your own latest article and handle: they answer <code>verified: true</code> once your profile is verified.
  </p>`;
}

export const when = (iso: string | null) =>
  iso ? html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 16)} UTC</time>` : html`never`;

/** After a rotation: what happens to the secret it replaced, and when. */
function replacedLine({ key, stopsAt }: NonNullable<KeyToShow['replaced']>): SafeHtml {
  return html`<p class="notice" role="status">
    It replaces key <code>${key}</code>, whose secret works until ${when(stopsAt)}: put the new token in place before then.
  </p>`;
}

function newSecret(created: KeyToShow, services: ApiSettingsState['services'], examples: CurlExamples): SafeHtml {
  const curl = curlLines(services, created.token, examples, created.origin);
  return html`<section class="card" aria-labelledby="new-key-heading">
    <h2 id="new-key-heading">New key “${created.name}”</h2>
    ${created.replaced ? replacedLine(created.replaced) : ''}
    <p>
      <strong>Copy this token now; its secret is never shown again.</strong> Send it as
      <code>Authorization: Bearer KEY:SECRET</code>.
    </p>
    <p class="secret" id="new-token">${created.token}</p>
    <button type="button" class="secondary" data-copy="new-token">Copy</button>
    <h3>Try it</h3>
    ${aboutTheQuestions(examples)}
    ${
      created.origin
        ? html`<p class="hint">
            A browser key answers only requests from its web origins: the <code>Origin</code> header stands in for your page.
          </p>`
        : ''
    }
    <p>Who wrote an article:</p>
    <p class="secret" id="curl-article">${curl.article}</p>
    <button type="button" class="secondary" data-copy="curl-article">Copy</button>
    <p>Whether a social account is a verified journalist:</p>
    <p class="secret" id="curl-journalist">${curl.journalist}</p>
    <button type="button" class="secondary" data-copy="curl-journalist">Copy</button>
  </section>`;
}

export const keyPath = (key: ApiKeySummary) => sitePath(`/settings/api/keys/${encodeURIComponent(key.key)}`);

/** "Server", or a browser key's limit and origins. */
export function kindOf(key: ApiKeySummary): SafeHtml {
  if (key.kind === 'server') return html`Server`;
  return html`Browser, ${key.rate_limit_per_minute} a minute, from
  ${key.origins.map((origin, index) => html`${index ? ', ' : ''}<code>${origin}</code>`)}`;
}

/** Active, revoked, or rotated away: still working until its overlap ends, or stopped since. */
function keyStatus(key: ApiKeySummary, now: Date): SafeHtml | string {
  if (key.revoked_at) return html`Revoked ${when(key.revoked_at)}`;
  if (key.retires_at && Date.parse(key.retires_at) <= now.getTime()) return html`Rotated: stopped ${when(key.retires_at)}`;
  if (key.retires_at) return html`Rotated: the old secret works until ${when(key.retires_at)}`;
  return 'Active';
}

/** A rotated key whose overlap has passed is as good as revoked: nothing is offered on it. */
const stopped = (key: ApiKeySummary, now: Date) =>
  key.revoked_at !== null || (key.retires_at !== null && Date.parse(key.retires_at) <= now.getTime());

function keyTable(now: Date, keys: ApiKeySummary[]): SafeHtml {
  return listTable(keys, {
    class: 'keys',
    headings: ['Name', 'Key', 'Kind', 'Created', 'Last used', 'Status', 'Actions'],
    empty: html`<p>No keys yet.</p>`,
    row: (key) =>
      html`<tr>
        <td data-label="Name">${key.name}</td>
        <td data-label="Key"><code>${key.key}</code></td>
        <td data-label="Kind">${kindOf(key)}</td>
        <td data-label="Created">${when(key.created_at)}</td>
        <td data-label="Last used">${when(key.last_used_at)}</td>
        <td>${keyStatus(key, now)}</td>
        <td>
          ${
            stopped(key, now)
              ? ''
              : html`${key.retires_at ? '' : html`<a href="${keyPath(key)}/rotate">Rotate…</a>`}
                  ${key.kind === 'browser' ? html`<a href="${keyPath(key)}/browser">Edit origins and limit</a>` : ''}
                  <a href="${keyPath(key)}/revoke">${key.retires_at ? 'Stop it now…' : 'Revoke…'}</a>`
          }
        </td>
      </tr>`,
  });
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
      ${listTable(days, {
        headings: ['Day (UTC)', 'Requests', ''],
        row: (d) =>
          html`<tr>
            <td>${d.day}</td>
            <td>${d.count}</td>
            <td><progress max="${max}" value="${d.count}">${d.count}</progress></td>
          </tr>`,
      })}
    </figure>`;
  })}`;
}

/** The origins form: which web pages may call with this account's keys, and why that needs care. */
function originsForm(csrf: string, origins: string, errors: FieldErrors): SafeHtml {
  return html`<section class="card" aria-labelledby="origins-heading">
    <h2 id="origins-heading">The account’s web origins</h2>
    <p>
      Calls from your servers need nothing here. To call from a web page, create a <strong>browser key</strong> above: a secret in
      a web page is public, and a browser key answers only its own origins, within its own low limit. The origins below let this
      account’s server keys be called from web pages too, with the account’s full limit: prefer a browser key.
    </p>
    <form method="post" action="/settings/api/origins" novalidate>
      ${csrfField(csrf)}
      ${field({
        name: 'origins',
        label: 'Web origins allowed for server keys',
        value: origins,
        errors,
        multiline: true,
        hint: 'One per line, as scheme://host[:port], such as https://news.example. No paths or wildcards; at most 20.',
      })}
      <button type="submit">Save origins</button>
    </form>
  </section>`;
}

/** A browser key's origins and limit, in the new-key form and on the key's own page. */
function browserFields(form: Partial<NewKeyForm>, errors: FieldErrors, accountLimit: number): SafeHtml {
  return html`${field({
    name: 'key_origins',
    label: 'Web origins whose pages may use this key',
    value: form.key_origins,
    errors,
    multiline: true,
    hint: `One per line, as scheme://host[:port], such as https://news.example; at most ${MAX_ACCOUNT_ORIGINS}. Requests from anywhere else are refused before they count.`,
  })}
  ${field({
    name: 'key_limit',
    label: 'Requests per minute',
    value: form.key_limit,
    type: 'number',
    errors,
    hint: `At most ${accountLimit} (the account’s limit); empty: ${Math.min(DEFAULT_BROWSER_KEY_LIMIT, accountLimit)}.`,
  })}`;
}

function newKeyForm(csrf: string, form: Partial<NewKeyForm>, errors: FieldErrors, accountLimit: number): SafeHtml {
  const option = (value: string, label: string) =>
    html`<option value="${value}" ${(form.kind ?? 'server') === value ? html`selected` : ''}>${label}</option>`;
  return html`<form method="post" action="/settings/api/keys" class="card" novalidate>
    ${csrfField(csrf)}
    ${field({ name: 'name', label: 'Key name', value: form.name, errors, hint: 'Where you will use it, such as “newsroom CMS”.' })}
    <div class="field">
      <label for="f-kind">Where will it be used?</label>
      <select id="f-kind" name="kind" aria-describedby="f-kind-hint">
        ${option('server', 'On a server (server key)')} ${option('browser', 'In a web page (browser key)')}
      </select>
      <p class="hint" id="f-kind-hint">
        A secret in a web page is public: a browser key answers only the origins you list below, within its own low limit.
      </p>
    </div>
    <fieldset>
      <legend>For a browser key</legend>
      ${browserFields(form, errors, accountLimit)}
    </fieldset>
    <button type="submit">Create key</button>
  </form>`;
}

export function apiSettingsPage({
  csrf,
  account,
  keys,
  origins = '',
  usage = {},
  created,
  services,
  examples = DEMO_QUESTIONS,
  newKey = {},
  accountLimit = DEFAULT_BROWSER_KEY_LIMIT,
  errors = {},
  notice,
  now = new Date(),
}: ApiSettingsState): SafeHtml {
  if (!account) {
    return html`<h1>API settings</h1>
      <div class="card">
        <p>
          An API account lets your newsroom or tool ask Byline who wrote an article and whether a social account is a verified
          journalist.
        </p>
        ${postButton('/settings/api/account', 'Open an API account', csrf, '')}
      </div>
      ${serviceAddresses(services)}`;
  }
  return html`<h1>API settings</h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    <p>Account: ${account.email} · status ${account.status} · ${accountLimit} requests a minute per key</p>
    ${created ? newSecret(created, services, examples) : ''} ${serviceAddresses(services)}
    ${newKeyForm(csrf, newKey, errors, accountLimit)}
    <h2>Keys</h2>
    ${keyTable(now, keys)}
    <section class="card" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p>
        Be told when a journalist, an article, a publisher or one of your keys changes:
        <a href="/settings/api/webhooks">webhook endpoints</a>.
      </p>
    </section>
    ${originsForm(csrf, origins, errors)}
    <h2>Usage per day</h2>
    ${usageCharts(keys, usage)}`;
}

/** Revoking cannot be undone, so the keys table leads here first. */
export function revokeKeyPage({ csrf, key }: { csrf: string; key: ApiKeySummary }): SafeHtml {
  return html`<h1>Revoke the key “${key.name}”?</h1>
    <div class="card">
      <p>Key <code>${key.key}</code> (${kindOf(key)}) stops working everywhere within 5 seconds, and cannot be used again.</p>
      ${
        key.retires_at
          ? html`<p>It was rotated and would otherwise keep working until ${when(key.retires_at)}.</p>`
          : html`<p>
              To give it a new secret without cutting off what uses it, <a href="${keyPath(key)}/rotate">rotate it</a> instead:
              the old secret keeps working for the time you choose (a day by default).
            </p>`
      }
      ${confirmButtons({
        csrf,
        action: sitePath(`${keyPath(key)}/revoke`),
        confirm: 'revoke',
        button: 'Revoke the key',
        keep: sitePath('/settings/api'),
      })}
    </div>`;
}

export interface BrowserKeyPageState {
  csrf: string;
  key: ApiKeySummary;
  accountLimit: number;
  /** The form as submitted, when it had a mistake. */
  form?: Partial<NewKeyForm>;
  errors?: FieldErrors;
}

/** A browser key's origins and limit, to change. */
export function browserKeyPage({ csrf, key, accountLimit, form, errors = {} }: BrowserKeyPageState): SafeHtml {
  const shown = form ?? { key_origins: key.origins.join('\n'), key_limit: String(key.rate_limit_per_minute) };
  return html`<h1>Browser key “${key.name}”</h1>
    <form method="post" action="${keyPath(key)}/browser" class="card" novalidate>
      ${csrfField(csrf)}
      <p>Key <code>${key.key}</code>. Changes apply within 5 seconds; the secret stays the same.</p>
      ${browserFields(shown, errors, accountLimit)}
      <button type="submit">Save</button>
    </form>
    <p><a href="/settings/api">Back to API settings</a></p>`;
}
