import type { Publisher, PublisherDomain } from '@byline/domain/publishers/publishers-repository';
import type { DeletionBlock } from '../use-cases/publishers';
import { confirmButtons, csrfField, errorSummary, field, type FieldErrors } from './forms';
import { html, sitePath, type SafeHtml } from './html';

const pathOf = (publisher: Pick<Publisher, 'slug'>) => `/publishers/${publisher.slug}`;

export interface AskState {
  csrf: string;
  publisher: Publisher;
  domains: PublisherDomain[];
  /** When its admin asked, if the editors have not decided since. */
  askedAt: string | null;
  form?: { note?: string };
  errors?: FieldErrors;
}

/** Its admin's side of verification: ask the editors (once a domain is proven), or what is waiting. */
export function askForVerificationSection({ csrf, publisher, domains, askedAt, form = {}, errors = {} }: AskState): SafeHtml {
  if (publisher.verifiedAt !== null) return html``;
  const proven = domains.some((domain) => domain.state === 'proven');
  return html`<section class="card" aria-labelledby="ask-heading" id="ask-verification">
    <h2 id="ask-heading">Verification</h2>
    ${
      askedAt
        ? html`<p class="notice" role="status">
            You asked for verification on <time datetime="${askedAt}">${askedAt.slice(0, 10)}</time>; an editor will review it.
            Its history shows their decision and why.
          </p>`
        : proven
          ? html`<form method="post" action="${sitePath(`${pathOf(publisher)}/verification-request`)}" novalidate>
              ${csrfField(csrf)}
              ${errorSummary(Object.entries(errors).map(([name, message]) => ({ field: `f-${name}`, message })))}
              ${field({
                name: 'note',
                label: 'What should the editor know? (optional)',
                multiline: true,
                value: form.note,
                errors,
                hint: 'Who runs the outlet, where its masthead is, whom to call. Kept in its history, which editors read.',
              })}
              <button type="submit">Ask for verification</button>
            </form>`
          : html`<p class="hint">Prove a domain first (above): editors verify an outlet on the domains it has proven.</p>`
    }
  </section>`;
}

const BLOCKS: Record<DeletionBlock, string> = {
  verified: 'It is verified: lookups name it. An editor must withdraw its verification first.',
  decided:
    'An editor has decided on it (verified it, or withdrew its verification): that decision and its reason stay on record. Ask whoever runs this Byline if it should go.',
  staff:
    'It has staff or invitations (in any state): journalists’ records name it, and its word may have made their articles count.',
  'proven-domain': 'A domain of it is proven: remove the domain first (its removal is recorded, its re-checks stop).',
};

/** Deleting cannot be undone: the publisher's "Delete…" link leads here, which asks first, or says what keeps it. */
export function deletePublisherPage({
  csrf,
  publisher,
  blocks,
}: {
  csrf: string;
  publisher: Publisher;
  blocks: DeletionBlock[];
}): SafeHtml {
  if (blocks.length) {
    return html`<h1>${publisher.name} cannot be deleted</h1>
      <div class="card">
        <p>Only a mistaken publisher that nothing relies on is deleted. What keeps this one:</p>
        <ul class="deletion-blocks">
          ${blocks.map((block) => html`<li>${BLOCKS[block]}</li>`)}
        </ul>
        <a href="${sitePath(pathOf(publisher))}">Back to ${publisher.name}</a>
      </div>`;
  }
  return html`<h1>Delete ${publisher.name}?</h1>
    <div class="card">
      <p>
        The publisher, its domains (none is proven) and its history are deleted for good; its address
        <code>${pathOf(publisher)}</code> may be taken by another. Nothing else names it.
      </p>
      ${confirmButtons({
        csrf,
        action: sitePath(`${pathOf(publisher)}/delete`),
        confirm: 'delete',
        button: 'Delete the publisher',
        keep: sitePath(pathOf(publisher)),
      })}
    </div>`;
}
