import type { ErrorRequestHandler, RequestHandler } from 'express';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { type Logger } from '@byline/domain/logging/logger';
import { html } from '../views/html';
import { PageError } from './page-error';
import { render } from './render';

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Sign in needed',
  403: 'Not allowed',
  404: 'Not found',
  413: 'Too large',
  429: 'Too many attempts',
  503: 'Temporarily unavailable',
};

export const pageNotFound: RequestHandler = (_req, _res, next) => next(new PageError(404, 'There is no page at this address.'));

/** The one place errors become pages. Unknown errors show only the request id. */
export function pageErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let status = 500;
    let message = `Something went wrong on our side. Quote request id ${req.id} if you report it.`;
    if (error instanceof PageError) {
      status = error.status;
      message = error.message;
    } else if (error instanceof StoreUnavailableError) {
      // A database outage: the store gives up within its timeouts, so the page says to retry rather than hang.
      status = 503;
      message = 'Byline cannot reach its database just now. Please try again in a moment.';
      res.set('Retry-After', '5');
      logger.warn('store unavailable', { request_id: req.id, error: error.message });
    } else if (error?.type === 'entity.too.large') {
      status = 413;
      message = 'The form is too large.';
    } else if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500) {
      status = error.status;
      message = 'The request could not be read.';
    } else {
      logger.error('unhandled error', { request_id: req.id, error });
    }
    if (res.headersSent) return void res.end();
    if (res.locals.csrfToken === undefined) res.locals.csrfToken = '';
    const title = TITLES[status] ?? 'Error';
    render(
      res,
      title,
      html`<h1>${title}</h1>
        <p class="form-error">${message}</p>
        <p><a href="/">Back to the start</a></p>`,
      status,
    );
  };
}
