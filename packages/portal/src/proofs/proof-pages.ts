import { checkedUrl, html, type SafeHtml } from '../views/html';

/**
 * The step between "Sign in with …" and the network: a page that goes on to the network's sign-in by itself
 * (a meta refresh) and with a link. A 303 from the form's POST cannot do it: the portal's CSP has
 * `form-action 'self'`, which browsers apply to every redirect after a form is sent, so they would block it.
 */
export function continueToProviderPage(networkName: string, authorizationUrl: string): SafeHtml {
  // The provider's address comes from checked settings: https, or http on an allowed private address.
  const address = checkedUrl(authorizationUrl);
  if (!address) throw new Error(`the ${networkName} sign-in address is not one a link may carry`);
  return html`<meta http-equiv="refresh" content="0; url=${address}" />
    <section class="card">
      <h1>Sign in with ${networkName}</h1>
      <p>
        ${networkName} will ask you to sign in and to let Byline read your account's username. Byline proves the account you sign
        in to, whatever the form says.
      </p>
      <p><a class="button" id="continue" href="${address}">Continue to ${networkName}</a></p>
      <p class="hint">You have 10 minutes. <a href="/profile">Back to your profile</a></p>
    </section>`;
}
