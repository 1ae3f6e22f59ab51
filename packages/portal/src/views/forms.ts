import { html, sitePath, type Interpolation, type SafeHtml, type SafeUrl } from './html';

export type FieldErrors = Record<string, string>;

export interface FieldOptions {
  name: string;
  label: string;
  value?: string | number | null;
  type?: string;
  errors?: FieldErrors;
  hint?: string;
  required?: boolean;
  autocomplete?: string;
  multiline?: boolean;
}

/** A labelled input with its hint and its error right under it, wired for screen readers. */
export function field({
  name,
  label,
  value,
  type = 'text',
  errors = {},
  hint,
  required,
  autocomplete,
  multiline,
}: FieldOptions): SafeHtml {
  const id = `f-${name}`;
  const error = errors[name];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = html`id="${id}" name="${name}" ${required ? html`required` : ''}
  ${described ? html`aria-describedby="${described}"` : ''} ${error ? html`aria-invalid="true"` : ''}`;
  const control = multiline
    ? html`<textarea ${common} rows="5">${value ?? ''}</textarea>`
    : html`<input ${common} type="${type}" value="${value ?? ''}" ${autocomplete ? html`autocomplete="${autocomplete}"` : ''} />`;
  return html`<div class="field${error ? ' has-error' : ''}">
    <label for="${id}">${label}</label>
    ${control} ${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}
    ${error ? html`<p class="error" id="${id}-error" role="alert">${error}</p>` : ''}
  </div>`;
}

export function checkbox(name: string, label: string, checked: boolean): SafeHtml {
  return html`<div class="field checkbox">
    <input type="checkbox" id="f-${name}" name="${name}" value="on" ${checked ? html`checked` : ''} />
    <label for="f-${name}">${label}</label>
  </div>`;
}

export function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${token}" />`;
}

/** What a button that starts a slow check (a page fetched) says once pressed; see slowSubmit. */
export const CHECKING = 'Checking…';

/**
 * A submit button for a form whose answer takes seconds (Byline fetches a page): once pressed, the served script
 * (portal.js) makes it say "Checking…" and disables it, so nobody wonders or presses twice. Without scripts it is a
 * plain button.
 */
export function slowSubmit(label: string, className = ''): SafeHtml {
  return className
    ? html`<button type="submit" class="${className}" data-busy="${CHECKING}" data-label="${label}">${label}</button>`
    : html`<button type="submit" data-busy="${CHECKING}" data-label="${label}">${label}</button>`;
}

/**
 * A one-button form (sign out, revoke, …) carrying the CSRF token; it posts to a path of this site. `slow`: the
 * answer takes seconds (see slowSubmit).
 */
export function postButton(action: string, label: string, csrf: string, className = 'secondary', slow = false): SafeHtml {
  return html`<form method="post" action="${sitePath(action)}" class="inline">
    ${csrfField(csrf)}${slow ? slowSubmit(label, className) : html`<button type="submit" class="${className}">${label}</button>`}
  </form>`;
}

/** The error summary above a form; the served script moves the focus to it (hence tabindex). */
export function formError(message: string | undefined): SafeHtml {
  return message ? html`<p class="form-error" role="alert" tabindex="-1">${message}</p>` : html``;
}

/**
 * The problems of a refused form, listed at its top, each linking to its field (the GOV.UK error summary): a
 * screen reader hears it at once (role="alert"), a keyboard user follows the link to the field.
 */
export function errorSummary(problems: { field: string; message: string }[]): SafeHtml {
  if (!problems.length) return html``;
  return html`<div class="form-error error-summary" role="alert" tabindex="-1">
    <p><strong>There is a problem</strong></p>
    <ul>
      ${problems.map(({ field: id, message }) => html`<li><a href="#${id}">${message}</a></li>`)}
    </ul>
  </div>`;
}

export interface ConfirmButtonsOptions {
  csrf: string;
  /** Where the form posts: the route does the thing only with `confirm` set to this value. */
  action: SafeUrl;
  confirm: string;
  /** What the danger button says: the thing it does ("Revoke the key"). */
  button: string;
  /** Where "Keep it" leads back to, nothing done. */
  keep: SafeUrl;
}

/**
 * The two ways out of a page that asks before something that cannot be undone: the danger button, which posts
 * the confirmation the route wants, and a "Keep it" link back.
 */
export function confirmButtons({ csrf, action, confirm, button, keep }: ConfirmButtonsOptions): SafeHtml {
  return html`<form method="post" action="${action}" class="inline">
      ${csrfField(csrf)}<input type="hidden" name="confirm" value="${confirm}" />
      <button type="submit" class="danger">${button}</button>
    </form>
    <a href="${keep}">Keep it</a>`;
}

export interface ConfirmBoxOptions {
  /** The box's id, which the error summary links to. */
  id: string;
  name: string;
  /** What a ticked box posts: "on", or what the confirmation is for, so it cannot confirm anything else. */
  value: string;
  label: string;
  /** What ticking it does, said before the box. */
  notice?: Interpolation;
  /** When it is needed, said after its label. */
  hint?: Interpolation;
  error?: string;
  /** The form's error summary already announces the error, so the message by the box is no second alert. */
  summarised?: boolean;
}

/**
 * A box to tick with the button before something that is hard to undo (the route refuses the post without it),
 * its explanation and its error wired to it for screen readers.
 */
export function confirmBox({ id, name, value, label, notice, hint, error, summarised = false }: ConfirmBoxOptions): SafeHtml {
  const explanation = notice ? `${id}-what` : `${id}-hint`;
  return html`<div class="field checkbox${error ? ' has-error' : ''}">
    ${notice ? html`<p class="notice" id="${id}-what">${notice}</p>` : ''}
    <input
      type="checkbox"
      id="${id}"
      name="${name}"
      value="${value}"
      aria-describedby="${explanation}${error ? ` ${id}-error` : ''}"
      ${error ? html`aria-invalid="true"` : ''}
    />
    <label for="${id}">${label}</label>
    ${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}
    ${error ? html`<p class="error" id="${id}-error" ${summarised ? '' : html` role="alert"`}>${error}</p>` : ''}
  </div>`;
}
