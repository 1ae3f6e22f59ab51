import { html, type SafeHtml } from './html';

/**
 * A value to copy exactly (a DNS record's name and value, a token, a snippet of markup): on a line of its own,
 * never wrapped mid-token (it scrolls sideways when wider than the page), with a Copy button beside it. The
 * button is `hidden` in the markup and shown by the served script (portal.js) when the browser can copy, so a
 * page without scripts shows the value to select and no button that does nothing.
 */
export function copyable(id: string, value: string, label: string): SafeHtml {
  return html`<span class="copyable"
    ><code class="token" id="${id}">${value}</code
    ><button type="button" class="secondary copy" data-copy="${id}" aria-label="Copy ${label}" hidden>Copy</button></span
  >`;
}
