/**
 * An article page as the tests serve it: Open Graph first (the title, a relative image, a time with an offset, two
 * tags, an icon), then a JSON-LD NewsArticle that says otherwise, so a reader's order of preference shows.
 */
export const ARTICLE_HTML = (title = 'Court hears appeal in harbour case') => `<!doctype html>
<html><head>
<title>${title} | The Ledger</title>
<meta property="og:title" content="${title}">
<meta property="og:description" content="The appeal turns on &quot;fair notice&quot;.">
<meta property="og:image" content="/img/appeal.jpg">
<meta property="article:published_time" content="2024-05-02T08:30:00+01:00">
<meta property="article:tag" content="courts"><meta property="article:tag" content="harbour">
<link rel="icon" href="/favicon.png">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"LD headline","datePublished":"2020-01-01T00:00:00Z"}</script>
</head><body><h1>${title}</h1></body></html>`;
