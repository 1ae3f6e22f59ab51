import type { PortalUser } from '@byline/editorial';
import { html, sitePath, type Interpolation, type SafeHtml } from './html';
import { FAVICON_PATH } from './assets';
import { postButton } from './forms';

export interface PageContext {
  user?: PortalUser;
  csrfToken: string;
}

function navigation({ user, csrfToken }: PageContext): SafeHtml {
  if (!user) return html`<nav><a href="/signin">Sign in</a><a href="/signup">Sign up</a></nav>`;
  return html`<nav>
      <a href="/profile">Profile</a><a href="/articles">Articles</a><a href="/publishers">Publishers</a
      ><a href="/settings/api">API settings</a>
      ${
        user.role === 'editor'
          ? html`<a href="/editor/queue">Verification queue</a><a href="/editor/directory">Directory</a
              ><a href="/editor/publishers">All publishers</a><a href="/editor/log">Editors’ log</a>`
          : ''
      }
    </nav>
    ${postButton('/signout', 'Sign out', csrfToken)}`;
}

/** `head`: more of the page's <head> (a public profile's Open Graph tags). */
export function layout(context: PageContext, title: string, body: Interpolation, head?: SafeHtml): SafeHtml {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Byline</title>
        ${head}
        <link rel="icon" href="${sitePath(FAVICON_PATH)}" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/portal.css" />
        <script src="/assets/portal.js" defer></script>
      </head>
      <body>
        <header class="top">
          <div class="bar"><a class="brand" href="/">Byline</a>${navigation(context)}</div>
        </header>
        <main>${body}</main>
      </body>
    </html>`;
}
