import type { TrustIssue, TrustRelation, TrustRelationKind, TrustSummary } from '@byline/domain/publishers/trust-summary';
import { postButton } from './forms';
import { html, type SafeHtml } from './html';

/** What each attribute says of the publisher's site, in words (the attribute itself is shown beside them). */
const RELATION_WORDS: Record<TrustRelationKind, string> = {
  belongto: 'belongs to',
  member: 'has as a member',
  control: 'controls',
  controlledby: 'is controlled by',
  vendor: 'buys from (its vendor)',
  customer: 'sells to (its customer)',
};

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** A membership as lookups count it: a `belongto` the association's own file answers with `member`. */
export const confirmedMemberships = (trust: TrustSummary | null): number =>
  (trust?.relations ?? []).filter((relation) => relation.kind === 'belongto' && relation.confirmed).length;

function relationItem(relation: TrustRelation): SafeHtml {
  return html`<li class="trust-relation ${relation.confirmed ? 'confirmed' : 'unconfirmed'}" data-kind="${relation.kind}">
    <code>${relation.kind}</code> ${RELATION_WORDS[relation.kind]} <strong>${relation.domain}</strong>:
    ${
      relation.confirmed
        ? html`<span class="badge verified">confirmed</span>`
        : html`<span class="badge">not confirmed</span>: ${relation.reason ?? 'its file does not answer'}`
    }
  </li>`;
}

/**
 * Values from the file (addresses, contacts) are the outlet's claims, not Byline's: shown as text, never as links, so
 * a page of Byline's does not lead readers to them.
 */
function claimedValues(title: string, values: string[], className: string): SafeHtml {
  if (!values.length) return html``;
  return html`<h3>${title}</h3>
    <ul class="${className}">
      ${values.map((value) => html`<li><code>${value}</code></li>`)}
    </ul>`;
}

function issueList(title: string, issues: TrustIssue[], className: string): SafeHtml {
  if (!issues.length) return html``;
  return html`<h3>${title}</h3>
    <ul class="${className}">
      ${issues.map(
        (issue) =>
          html`<li>
            ${issue.line === null ? 'The file' : html`Line <span class="line">${issue.line}</span>`}: ${issue.message}
          </li>`,
      )}
    </ul>`;
}

function dataTraining(value: boolean | null): string {
  if (value === null) return 'not stated';
  return value ? 'yes' : 'no';
}

function summaryOf(trust: TrustSummary): SafeHtml {
  if (trust.failure !== null || trust.url === null) {
    return html`<p class="form-error trust-failure" role="alert">
      No trust.txt could be read for <strong>${trust.domain}</strong> (tried ${when(trust.readAt)} UTC):
      ${trust.failure ?? 'neither address answered'}
    </p>`;
  }
  return html`<p class="trust-source">
      Read from <code>${trust.url}</code> on <time datetime="${trust.readAt}">${when(trust.readAt)}</time> UTC.
    </p>
    ${issueList('Errors', trust.errors, 'trust-errors')}
    <h3>Relations</h3>
    ${
      trust.relations.length
        ? html`<p class="hint">A relation counts only when the other site’s own trust.txt declares it back.</p>
            <ul class="trust-relations">
              ${trust.relations.map(relationItem)}
            </ul>`
        : html`<p>It declares no relation to another site.</p>`
    }
    ${claimedValues('Social accounts', trust.social, 'trust-social')}
    ${claimedValues('Contacts', trust.contacts, 'trust-contacts')}
    ${claimedValues('Disclosures', trust.disclosures, 'trust-disclosures')}
    <p class="trust-data-training">Data training allowed: <strong>${dataTraining(trust.dataTrainingAllowed)}</strong></p>
    ${issueList('Warnings', trust.warnings, 'trust-warnings')}`;
}

export interface TrustSectionState {
  /** The publisher's page, where the "read again" form posts (its `/trust`). */
  publisherPath: string;
  trust: TrustSummary | null;
  csrf: string;
  /** Whether this portal reads trust.txt files at all (it is given where to read them). */
  readable: boolean;
  /** Whether the viewer may ask for a new reading (its admin, editors). */
  mayRead: boolean;
}

/** What the publisher's trust.txt declares, as last read, and the button to read it again. */
export function trustSection({ publisherPath, trust, csrf, readable, mayRead }: TrustSectionState): SafeHtml {
  return html`<section class="card trust-txt" aria-labelledby="trust-heading">
    <h2 id="trust-heading">trust.txt</h2>
    <p class="hint">
      What the outlet declares in its trust.txt (JournalList), read from its first proven domain. Addresses in it are the outlet’s
      claims, shown as text.
    </p>
    ${trust ? summaryOf(trust) : html`<p class="trust-not-read">Not read yet: it is read once a domain is proven.</p>`}
    ${
      mayRead
        ? readable
          ? postButton(`${publisherPath}/trust`, 'Read trust.txt again', csrf)
          : html`<p class="hint trust-unconfigured">This Byline is not set up to read trust.txt files.</p>`
        : ''
    }
  </section>`;
}
