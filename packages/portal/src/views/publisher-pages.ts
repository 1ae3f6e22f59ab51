import { askForVerificationSection } from './publisher-lifecycle-parts';
import {
  DOMAIN_PROOF_METHOD_NAMES,
  proofValueOf,
  txtRecordNameOf,
  wellKnownUrlOf,
} from '@byline/editorial/publisher-domains/domain-token';
import {
  type Publisher,
  type PublisherDomain,
  type PublisherDomainState,
  type PublisherEventAction,
  type PublisherEvent,
} from '@byline/domain/publishers/publishers-repository';
import { noteField, type FormProblem } from '../editor/claim-views';
import { everyInterval } from '../proofs/proof-wording';
import { OWN_PUBLISHER_REFUSAL } from '../use-cases/publishers';
import type { StaffRow } from '../use-cases/staff';
import { confirmButtons, csrfField, field, formError, postButton, type FieldErrors } from './forms';
import { copyable } from './copyable';
import { html, sitePath, webUrl, type SafeHtml } from './html';
import { listTable } from './list-table';
import { confirmedMemberships, trustSection } from './publisher-trust';
import { staffSection } from './staff-parts';

/** A notice after a post/redirect/get: good news as a status, a failure as an alert. */
export interface PublisherNotice {
  text: string;
  tone: 'ok' | 'error';
}

export function noticeLine(notice: PublisherNotice | undefined): SafeHtml {
  if (!notice) return html``;
  return notice.tone === 'ok'
    ? html`<p class="notice" role="status">${notice.text}</p>`
    : html`<p class="form-error" role="alert">${notice.text}</p>`;
}

const DOMAIN_STATES: Record<PublisherDomainState, string> = {
  pending: 'Pending: not proven yet',
  proven: 'Proven',
  lapsed: 'Lapsed: its proof stopped holding; prove it again',
};

const METHODS = DOMAIN_PROOF_METHOD_NAMES;

const EVENT_LABELS: Record<PublisherEventAction, string> = {
  created: 'Created',
  'domain-added': 'Domain added',
  'domain-proven': 'Domain proven',
  'domain-failing': 'Domain proof failing',
  'domain-lapsed': 'Domain lapsed',
  'domain-removed': 'Domain removed',
  verified: 'Verified',
  unverified: 'Verification withdrawn',
  'verification-requested': 'Verification asked for',
};

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);
export const publisherPath = (publisher: Pick<Publisher, 'slug'>) => `/publishers/${publisher.slug}`;
const domainPath = (publisher: Publisher, domain: string) => `${publisherPath(publisher)}/domains/${domain}`;

function verifiedState(publisher: Publisher): SafeHtml {
  return publisher.verifiedAt
    ? html`<span class="badge verified">Verified</span>
        <span class="hint">since ${publisher.verifiedAt.slice(0, 10)} by ${publisher.verifiedBy ?? 'the operator'}</span>`
    : html`<span class="badge">Not verified</span>`;
}

export interface PublishersPageState {
  csrf: string;
  publishers: Publisher[];
  form?: { name?: string; logo_url?: string };
  errors?: FieldErrors;
  problem?: string;
  /** What an action just did (a deletion). */
  notice?: string;
}

/** The publishers a person administers, and the form to create one. */
export function publishersPage({ csrf, publishers, form = {}, errors = {}, problem, notice }: PublishersPageState): SafeHtml {
  return html`<h1>Publishers</h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    <p class="hint">
      A publisher is an outlet that proves its domains to Byline. Once an editor verifies it, lookups of its articles name it.
    </p>
    ${
      publishers.length
        ? html`<ul class="plain publishers">
            ${publishers.map(
              (publisher) =>
                html`<li><a href="${sitePath(publisherPath(publisher))}">${publisher.name}</a> ${verifiedState(publisher)}</li>`,
            )}
          </ul>`
        : html`<p>You administer no publisher yet.</p>`
    }
    <form method="post" action="/publishers" class="card" novalidate>
      <h2>Add a publisher</h2>
      ${csrfField(csrf)} ${formError(problem)}
      ${field({ name: 'name', label: 'Name', value: form.name, errors, required: true, hint: 'As readers know the outlet.' })}
      ${field({
        name: 'logo_url',
        label: 'Logo address (optional)',
        value: form.logo_url,
        errors,
        type: 'url',
        hint: 'An https:// address of the outlet’s logo.',
      })}
      <button type="submit">Add the publisher</button>
    </form>`;
}

/** The two ways to prove a domain, with its token, for the admin to put in place. */
function howToProve(domain: PublisherDomain): SafeHtml {
  const lead =
    domain.state === 'proven'
      ? 'Keep its proof in place, either way (Byline reads it again):'
      : 'Prove it either way, then check:';
  const value = proofValueOf(domain.token);
  return html`<p>${lead}</p>
    <ul class="proof-ways">
      <li>
        a DNS TXT record named ${copyable(`dns-name-${domain.domain}`, txtRecordNameOf(domain.domain), 'the record name')} with
        the value ${copyable(`dns-value-${domain.domain}`, value, 'the record value')} or
      </li>
      <li>
        the file ${copyable(`file-url-${domain.domain}`, wellKnownUrlOf(domain.domain), 'the file address')} holding
        ${copyable(`file-value-${domain.domain}`, value, 'the token')} (served over https, no redirect).
      </li>
    </ul>`;
}

function domainItem(publisher: Publisher, domain: PublisherDomain, csrf: string, admin: boolean): SafeHtml {
  const facts: SafeHtml[] = [];
  if (domain.method && domain.provenAt)
    facts.push(html`<li>Proven by its ${METHODS[domain.method]} on ${domain.provenAt.slice(0, 10)}</li>`);
  if (domain.lastCheckedAt) facts.push(html`<li>Last checked ${when(domain.lastCheckedAt)} UTC</li>`);
  if (domain.failingSince) facts.push(html`<li>Failing since ${when(domain.failingSince)} UTC</li>`);
  if (domain.lastFailure) facts.push(html`<li>Last failure: ${domain.lastFailure}</li>`);
  return html`<li class="domain" id="domain-${domain.domain}" data-domain="${domain.domain}">
    <strong>${domain.domain}</strong>
    <span class="badge${domain.state === 'proven' ? ' verified' : ''} state-${domain.state}">${DOMAIN_STATES[domain.state]}</span>
    ${
      facts.length
        ? html`<ul>
            ${facts}
          </ul>`
        : ''
    }
    ${admin ? howToProve(domain) : ''}
    ${
      admin
        ? html`${postButton(`${domainPath(publisher, domain.domain)}/check`, 'Check now', csrf, 'secondary', true)}
            <a href="${sitePath(`${domainPath(publisher, domain.domain)}/remove`)}" class="danger">Remove…</a>`
        : ''
    }
  </li>`;
}

function historyTable(events: PublisherEvent[]): SafeHtml {
  return listTable(events, {
    class: 'history',
    headings: ['When (UTC)', 'What', 'By', 'Note'],
    empty: html`<p class="hint">No history yet.</p>`,
    row: (event) =>
      html`<tr>
        <td data-label="When (UTC)"><time datetime="${event.at}">${when(event.at)}</time></td>
        <td data-label="What" class="action-${event.action}">${EVENT_LABELS[event.action]}</td>
        <td data-label="By">${event.actor}</td>
        <td data-label="Note">${event.note}</td>
      </tr>`,
  });
}

/** The editor's decision: verify an unverified publisher, or withdraw a verified one's verification. */
function decisionForm(publisher: Publisher, csrf: string, problem: FormProblem | undefined): SafeHtml {
  const verifying = publisher.verifiedAt === null;
  const action = `/editor/publishers/${publisher.slug}/${verifying ? 'verify' : 'unverify'}`;
  return html`<form method="post" action="${sitePath(action)}" class="card" id="decision" novalidate>
    <h2>Your decision</h2>
    ${csrfField(csrf)}
    ${noteField(
      'publisher-decision-note',
      verifying ? 'Why you verify this publisher (required)' : 'Why you withdraw its verification (required)',
      verifying
        ? 'Verified, the publisher is named in lookups of articles on its proven domains. Say what you checked (its masthead, who runs it); the note is kept in its history.'
        : 'Withdrawn, lookups stop naming it at once. The note is kept in its history.',
      problem,
    )}
    <button type="submit" ${verifying ? '' : html`class="danger"`}>${verifying ? 'Verify' : 'Withdraw verification'}</button>
  </form>`;
}

export interface PublisherPageState {
  csrf: string;
  publisher: Publisher;
  domains: PublisherDomain[];
  history: PublisherEvent[];
  /** The viewer administers it: the domain forms. */
  admin: boolean;
  /** The viewer is an editor: the decision form, unless they administer it. */
  editor: boolean;
  recheckIntervalMs: number;
  /** Whether this portal reads trust.txt files (it was given where to read them). */
  trustReadable: boolean;
  notice?: PublisherNotice;
  domainForm?: { domain?: string };
  domainErrors?: FieldErrors;
  /** A refused decision, shown at its form with the note typed. */
  decisionProblem?: FormProblem;
  /** Its affiliations with journalists, newest first. */
  staff: StaffRow[];
  /** Who is looking (the Staff section tells its admin who ended what as sides). */
  viewerEmail: string;
  inviteForm?: { invitee?: string };
  inviteErrors?: FieldErrors;
  /** When its admin asked for verification, if the editors have not decided since. */
  askedAt?: string | null;
  /** The ask form as submitted, when it was refused. */
  askForm?: { note?: string };
  askErrors?: FieldErrors;
}

export function publisherPage(state: PublisherPageState): SafeHtml {
  const { csrf, publisher, domains, history, admin, editor, notice, domainForm = {}, domainErrors = {} } = state;
  const logo = webUrl(publisher.logoUrl);
  return html`<h1>${publisher.name}</h1>
    ${noticeLine(notice)}
    <p>${verifiedState(publisher)} ${logo ? html`<img src="${logo}" alt="" class="publisher-logo" height="48" />` : ''}</p>
    <section class="card" aria-labelledby="domains-heading">
      <h2 id="domains-heading">Domains</h2>
      <p class="hint">
        A proven domain covers its subdomains. Byline checks a proven domain again ${everyInterval(state.recheckIntervalMs)}; one
        whose proof stops holding lapses after a grace period.
      </p>
      ${
        domains.length
          ? html`<ul class="plain domains">
              ${domains.map((domain) => domainItem(publisher, domain, csrf, admin))}
            </ul>`
          : html`<p>No domain yet.</p>`
      }
      ${
        admin
          ? html`<form method="post" action="${sitePath(`${publisherPath(publisher)}/domains`)}" novalidate>
              ${csrfField(csrf)}
              ${field({
                name: 'domain',
                label: 'Add a domain',
                value: domainForm.domain,
                errors: domainErrors,
                required: true,
                hint: 'The outlet’s own domain, like example.com (its subdomains are covered too).',
              })}
              <button type="submit" class="secondary">Add the domain</button>
            </form>`
          : ''
      }
    </section>
    ${
      admin
        ? askForVerificationSection({
            csrf,
            publisher,
            domains,
            askedAt: state.askedAt ?? null,
            form: state.askForm,
            errors: state.askErrors,
          })
        : ''
    }
    ${trustSection({
      publisherPath: publisherPath(publisher),
      trust: publisher.trust,
      csrf,
      readable: state.trustReadable,
      // Read from a proven domain only: before one is, the button would read nothing.
      mayRead: (admin || editor) && domains.some((domain) => domain.state === 'proven'),
    })}
    ${staffSection({
      csrf,
      publisher,
      rows: state.staff,
      admin,
      viewerEmail: state.viewerEmail,
      form: state.inviteForm,
      errors: state.inviteErrors,
    })}
    ${
      editor
        ? admin
          ? html`<section class="card" aria-labelledby="decision-heading">
              <h2 id="decision-heading">Decision</h2>
              <p class="notice" role="status">${OWN_PUBLISHER_REFUSAL}</p>
            </section>`
          : decisionForm(publisher, csrf, state.decisionProblem)
        : ''
    }
    <h2>History</h2>
    ${historyTable(history)}
    ${
      admin && publisher.verifiedAt === null
        ? html`<p><a href="${sitePath(`${publisherPath(publisher)}/delete`)}" class="danger">Delete this publisher…</a></p>`
        : ''
    }`;
}

/** Removing a domain ends its proof at once: the domain's "Remove…" link leads here first. */
export function removeDomainPage({ csrf, publisher, domain }: { csrf: string; publisher: Publisher; domain: PublisherDomain }) {
  return html`<h1>Remove ${domain.domain} from ${publisher.name}?</h1>
    <div class="card">
      <p>
        ${
          domain.state === 'proven'
            ? 'Its proof ends at once: lookups of articles on it stop naming the publisher. '
            : 'It is not proven, so lookups do not change. '
        }
        To add it again later, you prove it again with a new token.
      </p>
      ${confirmButtons({
        csrf,
        action: sitePath(`${domainPath(publisher, domain.domain)}/remove`),
        confirm: 'remove',
        button: 'Remove the domain',
        keep: sitePath(publisherPath(publisher)),
      })}
    </div>`;
}

export interface EditorPublisherRow {
  publisher: Publisher;
  proven: string[];
  pending: number;
  /** When its admin asked for verification, if no editor has decided since. */
  askedAt: string | null;
}

/** Every publisher, for editors: whether it is verified, what it has proven, and how many memberships its trust.txt has confirmed. */
export function editorPublishersPage(rows: EditorPublisherRow[]): SafeHtml {
  return html`<h1>All publishers</h1>
    ${listTable(rows, {
      class: 'directory publishers',
      headings: ['Publisher', 'State', 'Proven domains', 'Not proven', 'Confirmed memberships'],
      empty: html`<p>No publisher yet.</p>`,
      row: ({ publisher, proven, pending, askedAt }) =>
        html`<tr>
          <td data-label="Publisher"><a href="${sitePath(publisherPath(publisher))}">${publisher.name}</a></td>
          <td data-label="State" class="state-${publisher.verifiedAt ? 'verified' : 'unverified'}">
            ${publisher.verifiedAt ? 'Verified' : 'Not verified'}
            ${askedAt ? html`<strong class="asked">asked for verification ${askedAt.slice(0, 10)}</strong>` : ''}
          </td>
          <td data-label="Proven domains">${proven.length ? proven.join(', ') : '—'}</td>
          <td data-label="Not proven">${pending}</td>
          <td data-label="Confirmed memberships">${confirmedMemberships(publisher.trust)}</td>
        </tr>`,
    })}`;
}
