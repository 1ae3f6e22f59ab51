import type { PortalUser } from '@byline/domain/users/users-repository';
import { html, sitePath, type Interpolation, type SafeHtml } from './html';
import { FAVICON_PATH } from './assets';
import { postButton } from './forms';

export interface PageContext {
  user?: PortalUser;
  csrfToken: string;
  /** The path asked for: the navigation marks its item as the current page. */
  path?: string;
  /** A confirmation carried over a redirect (see PAGE_NOTICES), shown at the top of the page. */
  notice?: string;
}

/**
 * Confirmations a redirect may carry in `?notice=` to whatever page it lands on: only these known sentences are
 * shown, so the query can never put words of its own on the page.
 */
export const PAGE_NOTICES = {
  'password-saved': 'Password saved.',
} as const;

export type PageNotice = keyof typeof PAGE_NOTICES;

/** `path` with `?notice=` for the page it leads to (see PAGE_NOTICES). */
export function withNotice(path: string, notice: PageNotice): string {
  return `${path}${path.includes('?') ? '&' : '?'}notice=${notice}`;
}

/** An item of the navigation, marked `aria-current="page"` on its own page and the pages under it. */
function navLink(href: string, label: string, path: string | undefined): SafeHtml {
  const current = path !== undefined && (path === href || path.startsWith(`${href}/`));
  return current
    ? html`<a href="${sitePath(href)}" aria-current="page">${label}</a>`
    : html`<a href="${sitePath(href)}">${label}</a>`;
}

function navigation({ user, csrfToken, path }: PageContext): SafeHtml {
  const link = (href: string, label: string) => navLink(href, label, path);
  if (!user) return html`<nav aria-label="Main">${link('/signin', 'Sign in')}${link('/signup', 'Sign up')}</nav>`;
  return html`<nav aria-label="Main">
      ${link('/profile', 'Profile')}${link('/articles', 'Articles')}${link('/publishers', 'Publishers')}${link('/settings/api', 'API settings')}
      ${
        user.role === 'editor'
          ? html`${link('/editor/queue', 'Verification queue')}${link('/editor/directory', 'Directory')}${link('/editor/publishers', 'All publishers')}${link('/editor/log', 'Editors’ log')}`
          : ''
      }
    </nav>
    ${postButton('/signout', 'Sign out', csrfToken)}`;
}

const pageNotice = (notice: string | undefined) =>
  notice && Object.hasOwn(PAGE_NOTICES, notice)
    ? html`<p class="notice" role="status" id="page-notice">${PAGE_NOTICES[notice as PageNotice]}</p>`
    : '';

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
        <a class="skip-link" href="#main">Skip to content</a>
        <header class="top">
          <div class="bar"><a class="brand" href="/">Byline</a>${navigation(context)}</div>
        </header>
        <main id="main" tabindex="-1">${pageNotice(context.notice)}${body}</main>
      </body>
    </html>`;
}
