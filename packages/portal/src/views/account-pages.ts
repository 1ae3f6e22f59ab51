import { html, type SafeHtml } from './html';
import { csrfField, field, formError, type FieldErrors } from './forms';

export interface AccountFormState {
  csrf: string;
  email?: string;
  errors?: FieldErrors;
  message?: string;
  next?: string;
}

export function signUpPage({ csrf, email, errors = {} }: AccountFormState): SafeHtml {
  return html`<h1>Create your Byline account</h1>
    <form method="post" action="/signup" class="card" novalidate>
      ${csrfField(csrf)}
      ${field({ name: 'email', label: 'Email', type: 'email', value: email, errors, required: true, autocomplete: 'email' })}
      ${field({
        name: 'password',
        label: 'Password',
        type: 'password',
        errors,
        required: true,
        autocomplete: 'new-password',
        hint: 'At least 10 characters.',
      })}
      <button type="submit">Sign up</button>
    </form>
    <p>Already have an account? <a href="/signin">Sign in</a></p>`;
}

export function signInPage({ csrf, email, errors = {}, message, next }: AccountFormState): SafeHtml {
  return html`<h1>Sign in</h1>
    <form method="post" action="/signin" class="card" novalidate>
      ${csrfField(csrf)} ${next ? html`<input type="hidden" name="next" value="${next}" />` : ''} ${formError(message)}
      ${field({ name: 'email', label: 'Email', type: 'email', value: email, errors, required: true, autocomplete: 'email' })}
      ${field({ name: 'password', label: 'Password', type: 'password', errors, required: true, autocomplete: 'current-password' })}
      <button type="submit">Sign in</button>
    </form>
    <p>New here? <a href="/signup">Create an account</a></p>`;
}

export function changePasswordPage({ csrf, errors = {}, message }: AccountFormState): SafeHtml {
  return html`<h1>Change password</h1>
    <form method="post" action="/settings/password" class="card" novalidate>
      ${csrfField(csrf)} ${message ? html`<p class="notice" role="status">${message}</p>` : ''}
      ${field({ name: 'current', label: 'Current password', type: 'password', errors, required: true, autocomplete: 'current-password' })}
      ${field({
        name: 'password',
        label: 'New password',
        type: 'password',
        errors,
        required: true,
        autocomplete: 'new-password',
        hint: 'At least 10 characters.',
      })}
      <button type="submit">Change password</button>
    </form>`;
}

export function homePage(): SafeHtml {
  return html`<h1>Byline for journalists</h1>
    <div class="card">
      <p>Keep a verified profile and portfolio, so newsrooms, platforms and fact-checkers can confirm what you wrote.</p>
      <p><a class="button" href="/signup">Create an account</a> <a href="/signin">Sign in</a></p>
    </div>`;
}
