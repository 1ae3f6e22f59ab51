import type { Article } from '@byline/shared';
import type { ArticleForm } from '../use-cases/articles';
import { html, sitePath, webUrl, type SafeHtml } from './html';
import { checkbox, csrfField, field, formError, postButton, type FieldErrors } from './forms';

export function articleList(csrf: string, articles: Article[], notice?: string): SafeHtml {
  return html`<h1>Your articles</h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    <form method="post" action="/articles/fetch" class="card" novalidate>
      ${csrfField(csrf)}
      ${field({ name: 'link', label: 'Article address', type: 'url', hint: 'Paste the address of an article you wrote; Byline reads its title, image and date.' })}
      <button type="submit">Add article</button>
    </form>
    ${
      articles.length
        ? html`<table>
            <thead>
              <tr>
                <th>Article</th>
                <th>Published</th>
                <th>Status</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              ${articles.map(
                (article) =>
                  html`<tr>
                    <td><a href="${webUrl(article.link) ?? sitePath('#')}" rel="noopener noreferrer">${article.title}</a></td>
                    <td data-label="Published">${article.published_at.slice(0, 10)}</td>
                    <td data-label="Status">${article.active ? 'Active' : 'Deactivated'}</td>
                    <td>
                      <a href="/articles/${article.id}/edit">Edit</a>
                      ${postButton(`/articles/${article.id}/${article.active ? 'deactivate' : 'activate'}`, article.active ? 'Deactivate' : 'Activate', csrf)}
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p>No articles yet.</p>`
    }`;
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
