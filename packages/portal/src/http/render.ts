import type { Response } from 'express';
import type { PortalSession } from '@byline/domain/sessions/sessions-repository';
import type { PortalUser } from '@byline/domain/users/users-repository';
import type { Interpolation, SafeHtml } from '../views/html';
import { layout } from '../views/layout';

export function currentSession(res: Response): PortalSession | undefined {
  return res.locals.session as PortalSession | undefined;
}

export function currentUser(res: Response): PortalUser | undefined {
  return currentSession(res)?.user;
}

/** The signed-in user; only for handlers behind requireUser. */
export function signedInUser(res: Response): PortalUser {
  const user = currentUser(res);
  if (!user) throw new Error('requireUser must run before this handler');
  return user;
}

export function csrfTokenOf(res: Response): string {
  return res.locals.csrfToken as string;
}

export function render(res: Response, title: string, body: Interpolation, status = 200, head?: SafeHtml): void {
  const { path, query } = res.req;
  const notice = typeof query?.notice === 'string' ? query.notice : undefined;
  const page = layout({ user: currentUser(res), csrfToken: csrfTokenOf(res), path, notice }, title, body, head);
  res.status(status).type('html').send(page.value);
}
