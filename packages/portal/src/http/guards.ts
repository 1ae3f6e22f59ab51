import type { RequestHandler } from 'express';
import { PageError } from './page-error';
import { currentUser } from './render';

/** Longer addresses are not carried through sign-in: the redirect's Location would outgrow proxies' header buffers. */
const MAX_NEXT_LENGTH = 2000;

/** Signed-out visitors go to sign-in (GET) or get 401 (forms). */
export const requireUser: RequestHandler = (req, res, next) => {
  if (currentUser(res)) return next();
  if (req.method === 'GET') {
    const back = req.originalUrl.length <= MAX_NEXT_LENGTH ? `?next=${encodeURIComponent(req.originalUrl)}` : '';
    return res.redirect(303, `/signin${back}`);
  }
  next(new PageError(401, 'Your session has ended. Sign in again.'));
};

/** Only editors review and change the verified flag. */
export const requireEditor: RequestHandler = (req, res, next) => {
  const user = currentUser(res);
  if (!user) return requireUser(req, res, next);
  if (user.role !== 'editor') return next(new PageError(403, 'Only editors can do this.'));
  next();
};

export const CHANGE_PASSWORD_PATH = '/settings/password';

/**
 * Signed in with a one-time password: until the user chooses their own, every page leads to the change
 * form and every other form is refused (signing out still works).
 */
export const requireOwnPassword: RequestHandler = (req, res, next) => {
  if (!currentUser(res)?.mustChangePassword) return next();
  if (req.path === CHANGE_PASSWORD_PATH || req.path === '/signout') return next();
  if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(303, CHANGE_PASSWORD_PATH);
  next(new PageError(403, 'Choose your own password first.'));
};
