import { html, type SafeHtml } from './html';

/** Byline's verification record on Bluesky, by its at:// address (no web page has it: it is shown as text to copy). */
export function blueskyVerificationLine(uri: string | null | undefined): SafeHtml | '' {
  if (!uri) return '';
  return html`<p class="bluesky-verification">
    <span class="badge verified">Verified on Bluesky by Byline</span>
    <span class="hint">Byline’s record: <code>${uri}</code></span>
  </p>`;
}
