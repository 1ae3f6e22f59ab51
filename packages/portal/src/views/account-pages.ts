import type { SignUpPurpose } from '@byline/editorial/use-cases/sign-up-purpose';
import { checkedUrl, html, sitePath, type SafeHtml } from './html';
import { csrfField, field, formError, type FieldErrors } from './forms';

export interface AccountFormState {
  csrf: string;
  /** Sign-up: what the person came for (a journalist profile, or API keys). */
  purpose?: SignUpPurpose;
  email?: string;
  errors?: FieldErrors;
  message?: string;
  /** Good news (password changed), shown above the form. */
  notice?: string;
  next?: string;
  /** Signed in with a one-time password that had expired. */
  expiredOneTime?: boolean;
  /** OPERATOR_CONTACT, for pages that tell people whom to ask. */
  operatorContact?: string | null;
}

const notice = (text: string | undefined) => (text ? html`<p class="notice" role="status">${text}</p>` : '');

const newPasswordField = (errors: FieldErrors, label = 'New password') =>
  field({
    name: 'password',
    label,
    type: 'password',
    errors,
    required: true,
    autocomplete: 'new-password',
    hint: 'At least 10 characters.',
  });

/**
 * Whom to ask when a person cannot get in by themselves: OPERATOR_CONTACT as a link (an email address as a mailto:
 * link), or, unset, whoever runs this Byline. Never a command: the person reading it does not run the portal.
 */
export function whomToAsk(contact: string | null | undefined): SafeHtml {
  if (!contact) return html`whoever runs this Byline`;
  const href = checkedUrl(/^https?:\/\//i.test(contact) ? contact : `mailto:${contact}`);
  return href ? html`whoever runs this Byline (<a href="${href}">${contact}</a>)` : html`whoever runs this Byline (${contact})`;
}

const expiredOneTimeMessage = (contact: string | null | undefined) =>
  html`<div class="form-error" role="alert">
    <p>This one-time password has expired (each works for 24 hours, once).</p>
    <p>
      Get a new way in: <a href="/forgot-password">reset your password</a>, or ask ${whomToAsk(contact)} for a fresh one-time
      password.
    </p>
  </div>`;

/** The choice of what one signs up for: API users are not led through a journalist profile they do not need. */
function purposeField(purpose: AccountFormState['purpose'], errors: FieldErrors): SafeHtml {
  const option = (value: string, label: string) =>
    html`<option value="${value}" ${purpose === value ? html`selected` : ''}>${label}</option>`;
  const error = errors.purpose;
  return html`<div class="field${error ? ' has-error' : ''}">
    <label for="f-purpose">What are you here for?</label>
    <select id="f-purpose" name="purpose" aria-describedby="f-purpose-hint${error ? ' f-purpose-error' : ''}">
      ${option('journalist', 'A verified journalist profile')} ${option('api', 'API keys for my newsroom, platform or tool')}
      ${option('publisher', 'My publication: prove its domains and have it verified')}
    </select>
    <p class="hint" id="f-purpose-hint">You can do the other later too: both are in the menu once you are signed in.</p>
    ${error ? html`<p class="error" id="f-purpose-error" role="alert">${error}</p>` : ''}
  </div>`;
}

const SIGN_UP_TITLES: Record<SignUpPurpose, string> = {
  journalist: 'Create your Byline account',
  api: 'Get Byline API keys',
  publisher: 'Register your publication',
};

export function signUpPage({ csrf, email, errors = {}, purpose = 'journalist' }: AccountFormState): SafeHtml {
  return html`<h1>${SIGN_UP_TITLES[purpose]}</h1>
    <form method="post" action="/signup" class="card" novalidate>
      ${csrfField(csrf)} ${purposeField(purpose, errors)}
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

export function signInPage({
  csrf,
  email,
  errors = {},
  message,
  notice: good,
  next,
  expiredOneTime,
  operatorContact,
}: AccountFormState): SafeHtml {
  return html`<h1>Sign in</h1>
    ${notice(good)}
    <form method="post" action="/signin" class="card" novalidate>
      ${csrfField(csrf)} ${next ? html`<input type="hidden" name="next" value="${next}" />` : ''} ${formError(message)}
      ${expiredOneTime ? expiredOneTimeMessage(operatorContact) : ''}
      ${field({ name: 'email', label: 'Email', type: 'email', value: email, errors, required: true, autocomplete: 'email' })}
      ${field({ name: 'password', label: 'Password', type: 'password', errors, required: true, autocomplete: 'current-password' })}
      <button type="submit">Sign in</button>
    </form>
    <p><a href="/forgot-password">Forgot your password?</a> · New here? <a href="/signup">Create an account</a></p>`;
}

export function changePasswordPage({ csrf, errors = {}, message }: AccountFormState): SafeHtml {
  return html`<h1>Change password</h1>
    <form method="post" action="/settings/password" class="card" novalidate>
      ${csrfField(csrf)} ${notice(message)}
      ${field({ name: 'current', label: 'Current password', type: 'password', errors, required: true, autocomplete: 'current-password' })}
      ${newPasswordField(errors)}
      <button type="submit">Change password</button>
    </form>
    <p class="hint">Changing it signs you out everywhere else.</p>`;
}

/** After signing in with a one-time password: it is used up, so the form does not ask for it. */
export function choosePasswordPage({ csrf, errors = {} }: AccountFormState): SafeHtml {
  return html`<h1>Choose your own password</h1>
    <form method="post" action="/settings/password" class="card" novalidate>
      ${csrfField(csrf)}
      <p>Your one-time password is used up. Choose the password you will sign in with from now on.</p>
      ${newPasswordField(errors, 'Password')}
      <button type="submit">Save password</button>
    </form>`;
}

export function forgotPasswordPage({ csrf, email, errors = {}, message }: AccountFormState): SafeHtml {
  return html`<h1>Forgot your password?</h1>
    <form method="post" action="/forgot-password" class="card" novalidate>
      ${csrfField(csrf)} ${formError(message)}
      <p>We will mail you a link to choose a new one. It works once, within an hour.</p>
      ${field({ name: 'email', label: 'Email', type: 'email', value: email, errors, required: true, autocomplete: 'email' })}
      <button type="submit">Mail me a link</button>
    </form>`;
}

/** The same page whether or not the address has an account, so the form tells nobody who has one. */
export function resetMailSentPage(): SafeHtml {
  return html`<h1>Check your email</h1>
    <div class="card" role="status">
      <p>
        If an account uses that address, we have sent it a link to choose a new password. The link works once, within an hour.
      </p>
      <p>No mail after a few minutes? Look in the spam folder, or <a href="/forgot-password">ask again</a>.</p>
    </div>`;
}

/** Without mail: whom to ask for a reset link, which they hand over privately. */
export function resetUnavailablePage(operatorContact: string | null): SafeHtml {
  return html`<h1>Forgot your password?</h1>
    <div class="card">
      <p>Reset by email is not available on this portal: it has no mail server configured.</p>
      <p>
        Ask ${whomToAsk(operatorContact)} for a link to choose a new password, giving the email address you sign in with. The link
        works once, within an hour.
      </p>
    </div>`;
}

export function resetPasswordPage({ csrf, token, errors = {} }: AccountFormState & { token: string }): SafeHtml {
  return html`<h1>Choose a new password</h1>
    <form method="post" action="/reset-password" class="card" novalidate>
      ${csrfField(csrf)}<input type="hidden" name="token" value="${token}" /> ${newPasswordField(errors)}
      <button type="submit">Save password</button>
    </form>
    <p class="hint">Saving it signs you out everywhere.</p>`;
}

/** A reset link used or expired: asking for a new one is on the same page when mail is available. */
export function resetLinkDeadPage(state: AccountFormState & { mailAvailable: boolean }): SafeHtml {
  return html`<p class="form-error" role="alert">This link has been used or has expired.</p>
    ${state.mailAvailable ? forgotPasswordPage(state) : resetUnavailablePage(state.operatorContact ?? null)}`;
}

/** A verifier's browsable documentation, from its configured public address. */
export const docsOf = (base: string) => checkedUrl(`${base}/docs`) ?? sitePath('#');

/**
 * The three ways in: journalists keep a verified profile; newsrooms, platforms and developers get API keys; publishers
 * prove their domains and are verified.
 */
export function homePage(services: { articleVerifier: string; journalistVerifier: string }): SafeHtml {
  return html`<h1>Byline</h1>
    <section class="card" aria-labelledby="journalists-heading">
      <h2 id="journalists-heading">For journalists</h2>
      <p>Keep a verified profile and portfolio, so newsrooms, platforms and fact-checkers can confirm what you wrote.</p>
      <p><a class="button" href="/signup">Create your journalist account</a></p>
    </section>
    <section class="card" aria-labelledby="api-heading">
      <h2 id="api-heading">For newsrooms, platforms and developers</h2>
      <p>
        Ask Byline who wrote an article, and whether a social account belongs to a verified journalist: get API keys for your
        servers or your web pages.
      </p>
      <p><a class="button" href="/signup?for=api">Get API keys</a></p>
      <p class="hint">
        Documentation with Try it out: <a href="${docsOf(services.articleVerifier)}">verify article</a> ·
        <a href="${docsOf(services.journalistVerifier)}">verify journalist</a>
      </p>
    </section>
    <section class="card" aria-labelledby="publishers-heading">
      <h2 id="publishers-heading">For publishers</h2>
      <p>
        Prove your publication’s domains and have an editor verify it: lookups of its articles then name it, and your staff’s
        bylines can count on your word.
      </p>
      <p><a class="button" href="/signup?for=publisher">Register your publication</a></p>
    </section>
    <p>Already have an account? <a href="/signin">Sign in</a></p>`;
}
