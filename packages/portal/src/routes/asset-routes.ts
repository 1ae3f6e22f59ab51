import { Router } from 'express';
import { SCRIPT, STYLESHEET } from '../views/assets';

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
  router.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  return router;
}
