import { html, type SafeHtml } from './html';
import { csrfField, field, formError, type FieldErrors } from './forms';

/** The confirmation step before an account is deleted: the person types their email, so no stray click deletes. */
export function deleteAccountPage({ csrf, errors = {} }: { csrf: string; errors?: FieldErrors }): SafeHtml {
  return html`<h1>Delete your account</h1>
    <section class="card">
      <p>
        Deleting your account stops both verifiers answering for your profile at once, then removes your profile, its articles,
        handles, websites and their proofs, your verification requests and history, your sign-in and any password reset links, and
        the webhook endpoints of your API account with the messages waiting for them, and revokes the keys of your API account.
        This cannot be undone.
      </p>
      <p><a href="/account/data.json" download>Download your data</a> first if you want a copy.</p>
      ${formError(errors.email ? 'The email does not match your account: nothing was deleted.' : undefined)}
      <form method="post" action="/account/delete" novalidate>
        ${csrfField(csrf)}
        ${field({ name: 'email', label: 'Type your email to confirm', errors, required: true, autocomplete: 'off' })}
        <button type="submit" class="danger">Delete my account</button>
      </form>
    </section>`;
}

export function accountDeletedPage(): SafeHtml {
  return html`<h1>Your account is deleted</h1>
    <p class="notice" role="status">Your account and your profile are gone; nothing answers for them any more.</p>`;
}
