import { escapeHtml, html, sitePath, type SafeHtml } from '../views/html';
import { BADGE_MAX_AGE_SECONDS, badgePath } from './badge-routes';

/**
 * What a reader sees of the badge in place of the image. It says whose badge it is, not that they are verified:
 * the snippet stays on other sites after Byline may have stopped vouching for them, and the image follows that.
 */
const altText = (name: string) => `${name}: Byline verification badge`;

/** The HTML another site pastes: the badge, linking to this profile, both at the portal's public address. */
export function embedSnippet(name: string, publicAddress: string): string {
  return `<a href="${escapeHtml(publicAddress)}"><img src="${escapeHtml(`${publicAddress}/badge.svg`)}" alt="${escapeHtml(altText(name))}" height="20"></a>`;
}

/** The badge as it looks, and its snippet to copy. */
export function embedSection(name: string, slug: string, publicAddress: string): SafeHtml {
  return html`<section class="embed" aria-labelledby="embed-heading">
    <h2 id="embed-heading">Badge for a website</h2>
    <p><img src="${sitePath(badgePath(slug))}" alt="${altText(name)}" height="20" /></p>
    <p class="hint">
      Copy this HTML into a web page to show the badge, linked to this profile. It always shows what Byline says now: within
      ${BADGE_MAX_AGE_SECONDS / 60} minutes of Byline no longer vouching for this journalist it turns neutral.
    </p>
    <textarea id="badge-snippet" readonly rows="5" aria-labelledby="embed-heading">${embedSnippet(name, publicAddress)}</textarea>
    <button type="button" class="secondary" data-copy="badge-snippet">Copy</button>
  </section>`;
}
