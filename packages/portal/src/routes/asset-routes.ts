import { Router } from 'express';
import { FAVICON_PATH, FAVICON_SVG, SCRIPT, STYLESHEET } from '../views/assets';

export function assetRoutes(): Router {
  const router = Router();
  router.get('/assets/portal.css', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/css').send(STYLESHEET);
  });
  router.get('/assets/portal.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/javascript').send(SCRIPT);
  });
  router.get(FAVICON_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml').send(FAVICON_SVG);
  });
  // Browsers ask for /favicon.ico on their own, whatever the page links to.
  router.get('/favicon.ico', (_req, res) => res.redirect(301, FAVICON_PATH));
  return router;
}
