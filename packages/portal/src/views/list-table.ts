import { html, type SafeHtml } from './html';

export interface ListTableOptions<T> {
  /** The class its style and tests find it by. */
  class?: string;
  /** Where a link points at it. */
  id?: string;
  /** The column headings; an empty one is the column of a row's buttons. */
  headings: readonly string[];
  /** What stands instead of the table when there is nothing to list; the table, empty, without it. */
  empty?: SafeHtml;
  /** The row of one thing. */
  row: (item: T) => SafeHtml;
}

/**
 * A list shown as a table: one heading row, then one row a thing. Every list page of the portal (keys, endpoints,
 * staff, history, directory) has this frame and differs only in its headings, its rows and what it says when empty.
 */
export function listTable<T>(items: readonly T[], options: ListTableOptions<T>): SafeHtml {
  if (!items.length && options.empty) return options.empty;
  const classAttribute = options.class ? html` class="${options.class}"` : '';
  const idAttribute = options.id ? html` id="${options.id}"` : '';
  return html`<table${classAttribute}${idAttribute}>
    <thead>
      <tr>
        ${options.headings.map((heading) => html`<th>${heading}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${items.map(options.row)}
    </tbody>
  </table>`;
}
