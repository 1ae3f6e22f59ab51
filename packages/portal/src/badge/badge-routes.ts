import { entityTagOf } from '@byline/domain/domain/rendered-answers';
import { Router, type Request, type Response } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import type { PortalContext } from '../deps';
import { securityHeaders } from '../http/security-headers';
import { findPublicProfile } from '../use-cases/public-profiles';
import { badgeSlug } from './badge-schema';
import { NEUTRAL_BADGE, verifiedBadge } from './badge-svg';

/**
 * How long a browser or a cache may keep a badge without asking again (seconds): after an editor unverifies a
 * journalist, every badge of theirs embedded anywhere turns neutral within this time.
 */
export const BADGE_MAX_AGE_SECONDS = 300;

export const badgePath = (slug: string) => `/j/${encodeURIComponent(slug)}/badge.svg`;

/** Every address of the form /j/…/badge.svg, whatever it holds between (nothing, slashes, bytes that do not decode). */
const BADGE_ADDRESS = /^\/j\/.*\/badge\.svg$/;

/** The slug part of a badge address, percent-decoded; undefined when it does not decode (as UTF-8). */
function decodedSlug(path: string): string | undefined {
  try {
    return decodeURIComponent(path.slice('/j/'.length, -'/badge.svg'.length));
  } catch {
    return undefined;
  }
}

/**
 * Headers for an image that other sites embed: it may be loaded from any origin (Cross-Origin-Resource-Policy),
 * and the SVG, opened on its own, may run nothing and load nothing (a sandboxed, script-free policy).
 */
function sendBadge(req: Request, res: Response, svg: string): void {
  res.set({
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': `public, max-age=${BADGE_MAX_AGE_SECONDS}`,
    ETag: entityTagOf(svg),
  });
  // req.fresh compares If-None-Match with the ETag just set.
  if (req.fresh) return void res.status(304).end();
  res.status(200).send(svg);
}

/**
 * GET /j/SLUG/badge.svg: the journalist's name and "verified by Byline" exactly when their public page says
 * verified; the one neutral badge for every other address, never an error image. Mounted before the session
 * and CSRF middleware: an image embedded on other sites sets no cookie and reads none.
 */
export function badgeRoutes({ store }: PortalContext): Router {
  const { profiles } = repositoriesOf(store);
  const router = Router();
  // The pages' headers first, so an error page from here (the store down) is sent like any other; a badge replaces them.
  // Matched as a pattern without parameters, and the slug decoded here: a named parameter that does not decode
  // (`/j/%ff/badge.svg`) would be a 400 page from the router, where every ill-formed address gets the neutral badge.
  router.get(BADGE_ADDRESS, securityHeaders, async (req, res) => {
    const slug = badgeSlug({ slug: decodedSlug(req.path) });
    const found = slug === undefined ? null : await findPublicProfile(profiles, slug);
    sendBadge(req, res, found?.verified ? verifiedBadge(found.name) : NEUTRAL_BADGE);
  });
  return router;
}
