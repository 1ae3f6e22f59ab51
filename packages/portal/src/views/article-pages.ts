import {
  isLiveArticleEvidence,
  type ArticleClaim,
  type ArticleEvidence,
  type ArticleState,
} from '@byline/domain/articles/article-proof';
import type { ArticleForm } from '../use-cases/articles';
import { html, sitePath, webUrl, type SafeHtml } from './html';
import { listTable } from './list-table';
import { checkbox, csrfField, field, formError, postButton, slowSubmit, type FieldErrors } from './forms';

const STATE_LABELS: Record<ArticleState, string> = {
  proven: 'Counts',
  claimed: 'Does not count yet',
  lapsed: 'No longer counts',
  released: 'Released',
};

/**
 * Who allowed the page's domain, when the journalist's fediverse account did (see AttributionAllowance): `; allowed
 * by your fediverse account` (`whose`: your, their), with their Byline list too when both did; empty when only the
 * list did (the usual case, which goes without saying) or the proof predates the record.
 */
export function allowedByWords(evidence: ArticleEvidence, whose: 'your' | 'their'): string {
  const sides = evidence.allowedBy ?? [];
  if (!sides.includes('fediverse-actor')) return '';
  return sides.includes('byline')
    ? `; allowed by ${whose} domains in Byline and by ${whose} fediverse account`
    : `; allowed by ${whose} fediverse account`;
}

/** How an article was proven, in words: what the page check matched, or who vouched. */
function provenBy(claim: ArticleClaim): string {
  const live = claim.proof.evidence.filter(isLiveArticleEvidence).at(-1);
  if (!live) return '';
  if (live.method === 'authorship-attested') {
    return `its page credits you (${live.matched ?? 'author markup'}${allowedByWords(live, 'your')})`;
  }
  if (live.method === 'editor-attestation') return live.note ? `an editor vouched: ${live.note}` : 'an editor vouched';
  return 'loaded by the operator';
}

function statusCell(claim: ArticleClaim, csrf: string): SafeHtml {
  const { proof, article } = claim;
  const listed = article.active ? '' : ' (deactivated)';
  if (proof.state === 'proven')
    return html`<strong>${STATE_LABELS.proven}${listed}</strong><br /><small>${provenBy(claim)}</small>`;
  return html`<strong>${STATE_LABELS[proof.state]}${listed}</strong>
    ${proof.reason ? html`<br /><small>${proof.reason}</small>` : ''}
    ${proof.state === 'released' ? '' : postButton(`/articles/${article.id}/check`, 'Check again', csrf, 'secondary', true)}`;
}

/** The author markup to give one's publisher, as text (shown escaped). */
const markupSample = (page: string): string =>
  [
    '<script type="application/ld+json">',
    '{"@context": "https://schema.org", "@type": "NewsArticle",',
    ` "author": {"@type": "Person", "name": "Your Name", "url": "${page}"}}`,
    '</script>',
    `<link rel="author" href="${page}">`,
  ].join('\n');

/** What an outlet's page needs for an article to count: the markup to hand one's publisher. */
function markupHelp(publicAddress: string | null): SafeHtml {
  const page = publicAddress ?? 'https://byline.example/j/your-name';
  return html`<details class="card">
    <summary>What makes an article count</summary>
    <p>
      An article counts — answers in the article check and in your article count — only when its page credits you: its author
      markup links your Byline page, or an account or site you proved, on a domain you allow to credit you (your profile page
      lists them). A byline with your name alone is shown to editors but proves nothing. Ask your publisher to add one of these to
      the article page:
    </p>
    <pre><code>${markupSample(page)}</code></pre>
    <p>An editor can also vouch for an article when its page cannot be changed.</p>
  </details>`;
}

export function articleList(
  csrf: string,
  articles: ArticleClaim[],
  notice?: string,
  publicAddress: string | null = null,
  link = '',
): SafeHtml {
  return html`<h1>Your articles</h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    <form method="post" action="/articles/fetch" class="card" novalidate>
      ${csrfField(csrf)}
      ${field({ name: 'link', label: 'Article address', type: 'url', value: link, hint: 'Paste the address of an article you wrote; Byline reads its title, image and date, and checks that the page credits you.' })}
      ${slowSubmit('Add article')}
    </form>
    ${markupHelp(publicAddress)}
    ${listTable(articles, {
      headings: ['Article', 'Published', 'Status', 'Actions'],
      empty: html`<p>No articles yet.</p>`,
      row: (claim) =>
        html`<tr>
          <td>
            <a href="${webUrl(claim.article.link) ?? sitePath('#')}" rel="noopener noreferrer">${claim.article.title}</a>
          </td>
          <td data-label="Published">${claim.article.published_at.slice(0, 10)}</td>
          <td data-label="Status">${statusCell(claim, csrf)}</td>
          <td>
            <a href="/articles/${claim.article.id}/edit">Edit</a>
            ${postButton(`/articles/${claim.article.id}/${claim.article.active ? 'deactivate' : 'activate'}`, claim.article.active ? 'Deactivate' : 'Activate', csrf)}
          </td>
        </tr>`,
    })}`;
}

export interface ArticleFormState {
  csrf: string;
  action: string;
  form: ArticleForm;
  errors?: FieldErrors;
  message?: string;
  fetched?: boolean;
}

export function articleFormPage({ csrf, action, form, errors = {}, message, fetched }: ArticleFormState): SafeHtml {
  const f = (name: keyof ArticleForm, label: string, extra: Partial<Parameters<typeof field>[0]> = {}) =>
    field({ name, label, value: String(form[name] ?? ''), errors, ...extra });
  return html`<h1>${action === '/articles' ? 'Add an article' : 'Edit article'}</h1>
    ${formError(message)}
    ${fetched ? html`<p class="notice" role="status">We filled in what the page says. Check and correct it before saving.</p>` : ''}
    <form method="post" action="${sitePath(action)}" class="card" novalidate>
      ${csrfField(csrf)} ${f('link', 'Article address', { type: 'url', required: true })}
      ${f('title', 'Headline', { required: true })} ${f('description', 'Description', { multiline: true })}
      <div class="grid">
        ${f('published_at', 'Published (UTC)', { required: true, hint: 'Such as 2024-05-01 or 2024-05-01 08:30' })}
        ${f('tags', 'Tags', { hint: 'Separated by commas' })} ${f('og_image', 'Image address', { type: 'url' })}
        ${f('icon_path', 'Site icon address', { type: 'url' })}
      </div>
      ${checkbox('active', 'Active (listed on my profile and found by the article check)', form.active)}
      <button type="submit">Save article</button> <a href="/articles">Cancel</a>
    </form>`;
}
