import type { RequestHandler } from 'express';
import { PageError } from './page-error';
import { currentUser } from './render';

/** Signed-out visitors go to sign-in (GET) or get 401 (forms). */
export const requireUser: RequestHandler = (req, res, next) => {
  if (currentUser(res)) return next();
  if (req.method === 'GET') return res.redirect(303, `/signin?next=${encodeURIComponent(req.originalUrl)}`);
  next(new PageError(401, 'Your session has ended. Sign in again.'));
};

/** Only editors review and change the verified flag. */
export const requireEditor: RequestHandler = (req, res, next) => {
  const user = currentUser(res);
  if (!user) return requireUser(req, res, next);
  if (user.role !== 'editor') return next(new PageError(403, 'Only editors can do this.'));
  next();
};
