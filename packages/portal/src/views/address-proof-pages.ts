import { CONFIRM_PATH, type ConfirmPurpose } from '@byline/editorial/use-cases/address-proof';
import { whomToAsk } from './account-pages';
import { csrfField, field, formError, type FieldErrors } from './forms';
import { html, sitePath, type SafeHtml } from './html';

/** The signed-in person's page about their address: whether it is proven, and the link sent again. */
export const ADDRESS_PAGE_PATH = '/settings/email';

/** After sign-up on a portal with mail: the same page whether the address was new or taken. */
export function signUpMailSentPage(email: string): SafeHtml {
  return html`<h1>Check your email</h1>
    <div class="card" role="status">
      <p>We have sent a link to <strong>${email}</strong>.</p>
      <p>Open it within 24 hours to confirm the address; you then enter your password and are signed in.</p>
      <p>No mail after a few minutes? Look in the spam folder. Already have an account? <a href="/signin">Sign in</a>.</p>
    </div>`;
}

export interface AddressPageState {
  csrf: string;
  email: string;
  proven: boolean;
  mailAvailable: boolean;
  operatorContact: string | null;
  /** Why the person is here (API settings, an invitation), above the rest. */
  reason?: string;
  /** Good news (the link was sent again). */
  notice?: string;
  /** A refusal (too many requests). */
  message?: string;
}

/** How an unproven address gets its link: sent again by mail, or asked of the operator without mail. */
function howToProve({ csrf, email, mailAvailable, operatorContact }: AddressPageState): SafeHtml {
  if (!mailAvailable)
    return html`<p>
      This portal has no mail server, so ask ${whomToAsk(operatorContact)} for a confirmation link for ${email}. It works once,
      within 24 hours.
    </p>`;
  return html`<form method="post" action="${sitePath(`${ADDRESS_PAGE_PATH}/link`)}" class="inline-form">
    ${csrfField(csrf)}
    <p>Open the link we mailed to ${email} when you signed up, or have a new one sent.</p>
    <button type="submit">Send the link again</button>
  </form>`;
}

/** The signed-in person's address: proven, or why it must be and how. */
export function addressPage(state: AddressPageState): SafeHtml {
  const { email, proven, reason, notice, message } = state;
  if (proven)
    return html`<h1>Your email address</h1>
      <div class="card"><p>${email} is confirmed.</p></div>`;
  return html`<h1>Confirm your email address</h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''} ${formError(message)}
    <div class="card">
      ${reason ? html`<p>${reason}</p>` : ''}
      <p>
        An API account and invitations sent to an address belong to whoever reads that address's mail. Until you confirm that you
        receive mail at ${email}, what it reaches stays closed to this account; everything else works as before.
      </p>
      ${howToProve(state)}
    </div>`;
}

export interface ConfirmPageState {
  csrf: string;
  token: string;
  email: string;
  purpose: ConfirmPurpose;
  errors?: FieldErrors;
}

/**
 * The link's page: the password proves the person who signed up is the one reading the mail (a click alone, or a
 * mail scanner's visit, proves nothing), so the form asks for it.
 */
export function confirmPage({ csrf, token, email, purpose, errors = {} }: ConfirmPageState): SafeHtml {
  return html`<h1>Confirm your email address</h1>
    <form method="post" action="${sitePath(CONFIRM_PATH)}" class="card" novalidate>
      ${csrfField(csrf)}<input type="hidden" name="token" value="${token}" />
      <input type="hidden" name="for" value="${purpose}" />
      <p>Enter the password of the Byline account for <strong>${email}</strong> to confirm the address and sign in.</p>
      ${field({ name: 'password', label: 'Password', type: 'password', errors, required: true, autocomplete: 'current-password' })}
      <button type="submit">Confirm and sign in</button>
    </form>
    <p class="hint">Did not sign up to Byline? Ignore the link: without the password it confirms nothing.</p>`;
}

export function confirmLinkDeadPage(): SafeHtml {
  return html`<h1>Confirm your email address</h1>
    <p class="form-error" role="alert">This link has been used or has expired.</p>
    <div class="card">
      <p>
        <a href="/signin">Sign in</a>, then ask for a new link on
        <a href="${sitePath(ADDRESS_PAGE_PATH)}">your email address’s page</a>.
      </p>
    </div>`;
}
