import { html, webUrl, type SafeHtml } from './html';

/** What a link to a page shows when shared (Open Graph, and the card other sites read from it). */
export interface OpenGraph {
  title: string;
  description: string;
  /** The page's absolute public address. */
  url: string;
  /** An absolute http(s) image; anything else is left out rather than shown broken. */
  image?: string | null;
}

/** Open Graph `profile` tags with a Twitter-style summary card. */
export function openGraphProfile({ title, description, url, image }: OpenGraph): SafeHtml {
  const picture = webUrl(image);
  return html`<meta property="og:type" content="profile" />
    <meta property="og:site_name" content="Byline" />
    <meta property="og:title" content="${title}" />
    <meta property="og:description" content="${description}" />
    <meta property="og:url" content="${url}" />
    ${picture ? html`<meta property="og:image" content="${picture}" />` : ''}
    <meta name="twitter:card" content="summary" />`;
}
