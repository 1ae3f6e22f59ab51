import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { csrfFrom, everythingStored, portalForEachTest, portalStoreFactories, signedUp } from '../support/portal-harness';

/**
 * Every state-changing route the portal has, found by walking the express app rather than listed by hand: each
 * refuses a form without its CSRF token or with another session's, a signed-out visitor (401) and, on the editors'
 * routes, a journalist (403), changing nothing. Attempts with another person's ids need each route's own set-up:
 * FOREIGN_ID_PROBES says which suite makes them, and a route added without one fails here.
 */

interface Route {
  method: string;
  path: string;
}

/** The routes express holds, in the order it tries them (routers mounted without a path, as createApp mounts them). */
function routesOf(app: Express): Route[] {
  const found: Route[] = [];
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) found.push({ method, path: String(layer.route.path) });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

const SAFE_METHODS = new Set(['get', 'head', 'options']);
const key = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;

/** Forms a signed-out visitor may send: signing up, in and out, and a password reset. */
const VISITOR_FORMS = new Set([
  'POST /signup',
  'POST /signin',
  'POST /signout',
  'POST /forgot-password',
  'POST /reset-password',
  'POST /confirm-email',
]);

/**
 * Where each state-changing route is probed with another person's ids (or why it takes none): a route missing here
 * has had no such probe written for it.
 */
const FOREIGN_ID_PROBES: Record<string, string> = {
  'POST /signup': 'no ids: creates the visitor’s own account',
  'POST /signin': 'no ids: the visitor’s own session',
  'POST /signout': 'no ids: ends the caller’s own session',
  'POST /confirm-email': 'security/address-proof-probe.test.ts (another person’s link, a made-up token, no password)',
  'POST /settings/email/link': 'no ids: mails the signed-in person’s own address',
  'POST /settings/password': 'no ids: the signed-in person’s own password',
  'POST /forgot-password': 'no ids: an address, answered alike (password-reset.test.ts)',
  'POST /reset-password': 'password-reset.test.ts',
  'POST /profile': 'no ids: the signed-in person’s own profile',
  'POST /profile/verification-request': 'no ids: the signed-in person’s own profile',
  'POST /profile/verification-request/withdraw': 'security/new-routes-probe.test.ts',
  'POST /account/delete': 'security/new-routes-probe.test.ts',
  'POST /profile/proofs/:network/start': 'no ids: the signed-in person’s own profile',
  'POST /profile/proofs/websites/:claimId/check': 'proofs/rel-me-proofs.test.ts',
  'POST /profile/proofs/bluesky/:claimId/check': 'proofs/bluesky-proofs.test.ts',
  'POST /profile/proofs/bluesky/:claimId/sign-in': 'proofs/bluesky-sign-in.test.ts',
  'POST /articles/fetch': 'no ids: reads an address for the signed-in person',
  'POST /articles': 'security/new-routes-probe.test.ts',
  'POST /articles/:id': 'security/new-routes-probe.test.ts',
  'POST /articles/:id/check': 'security/new-routes-probe.test.ts',
  'POST /articles/:id/deactivate': 'security/new-routes-probe.test.ts',
  'POST /articles/:id/activate': 'security/new-routes-probe.test.ts',
  'POST /editor/profiles/:id/claims/:claimId/attest': 'editor-proofs.test.ts',
  'POST /editor/profiles/:id/articles/:articleId/attest': 'security/new-routes-probe.test.ts',
  'POST /editor/profiles/:id/articles/:articleId/move': 'security/new-routes-probe.test.ts',
  'POST /editor/profiles/:id/move': 'separation-of-duties.test.ts',
  'POST /editor/profiles/:id/decision': 'separation-of-duties.test.ts',
  'POST /profile/identity-change/cancel': 'security/new-routes-probe.test.ts',
  'POST /editor/profiles/:id/identity-change': 'security/new-routes-probe.test.ts',
  'POST /editor/publishers/:slug/verify': 'security/publisher-routes-probe.test.ts',
  'POST /editor/publishers/:slug/unverify': 'security/publisher-routes-probe.test.ts',
  'POST /publishers': 'security/publisher-routes-probe.test.ts',
  'POST /publishers/:slug/domains': 'security/publisher-routes-probe.test.ts',
  'POST /publishers/:slug/domains/:domain/check': 'security/publisher-routes-probe.test.ts',
  'POST /publishers/:slug/trust': 'security/publisher-routes-probe.test.ts',
  'POST /publishers/:slug/domains/:domain/remove': 'security/publisher-routes-probe.test.ts',
  'POST /publishers/:slug/verification-request': 'security/publisher-routes-probe.test.ts',
  'POST /publishers/:slug/delete': 'security/publisher-routes-probe.test.ts',
  'POST /publishers/:slug/staff': 'staff.test.ts',
  'POST /publishers/:slug/staff/:id/end': 'staff.test.ts',
  'POST /profile/staff/:id/accept': 'staff.test.ts',
  'POST /profile/staff/:id/decline': 'staff.test.ts',
  'POST /profile/staff/:id/end': 'staff.test.ts',
  'POST /settings/api/account': 'no ids: the signed-in person’s own API account',
  'POST /settings/api/keys': 'no ids: a key on the signed-in person’s own account',
  'POST /settings/api/keys/:key/browser': 'api-users.test.ts',
  'POST /settings/api/origins': 'no ids: the signed-in person’s own API account',
  'POST /settings/api/keys/:key/rotate': 'key-rotation.test.ts',
  'POST /settings/api/keys/:key/revoke': 'api-settings.test.ts',
  'POST /settings/api/webhooks': 'no ids: an endpoint on the signed-in person’s own account',
  'POST /settings/api/webhooks/:id/enable': 'security/integrations-probe.test.ts',
  'POST /settings/api/webhooks/:id/disable': 'security/integrations-probe.test.ts',
  'POST /settings/api/webhooks/:id/rotate': 'security/integrations-probe.test.ts',
  'POST /settings/api/webhooks/:id/remove': 'security/integrations-probe.test.ts',
  'POST /settings/api/webhooks/:id/test': 'security/integrations-probe.test.ts',
  'POST /settings/api/webhooks/:id/messages/:message/redeliver': 'security/integrations-probe.test.ts',
};

/** A path of the route with a plausible value in each parameter (the checks refuse before any is looked up). */
const PARAMETER_VALUES: Record<string, string> = {
  network: 'twitter',
  slug: 'probe-ledger',
  domain: 'probe.test',
  key: 'bk_probe',
};
const concrete = (route: Route) => route.path.replace(/:(\w+)/g, (_all, name: string) => PARAMETER_VALUES[name] ?? '1');

describe.each(portalStoreFactories())('probing every state-changing route ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  const stateChanging = () => routesOf(portal.app).filter((route) => !SAFE_METHODS.has(route.method));

  it('finds the routes, each with a foreign-id probe named (and that suite exists) or a reason it takes no ids', () => {
    const routes = stateChanging().map(key);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !(route in FOREIGN_ID_PROBES))).toEqual([]);
    expect(Object.keys(FOREIGN_ID_PROBES).filter((route) => !routes.includes(route))).toEqual([]);
    for (const where of Object.values(FOREIGN_ID_PROBES).filter((where) => !where.startsWith('no ids'))) {
      const file = /[\w/-]+\.test\.ts/.exec(where)![0];
      expect([file, fs.existsSync(path.join(__dirname, '..', file))]).toEqual([file, true]);
    }
  });

  it('refuses every one without a fitting CSRF token, a visitor where it needs a person, a journalist on an editor’s', async () => {
    const person = await signedUp(portal.app);
    const other = await signedUp(portal.app);
    const personToken = csrfFrom((await person.agent.get('/profile')).text);
    const otherToken = csrfFrom((await other.agent.get('/profile')).text);
    const visitor = request.agent(portal.app);
    const visitorToken = csrfFrom((await visitor.get('/signin')).text);
    const before = await everythingStored(portal.store);
    for (const route of stateChanging()) {
      const address = concrete(route);
      const send = (agent: typeof visitor, csrf: string | null) =>
        agent[route.method as 'post'](address)
          .type('form')
          .send(csrf === null ? {} : { _csrf: csrf });
      const what = key(route);
      for (const [agent, csrf] of [
        [visitor, null],
        [visitor, personToken],
        [person.agent, null],
        [person.agent, otherToken],
        [person.agent, visitorToken],
      ] as const) {
        expect([what, csrf === null ? 'no token' : 'foreign token', (await send(agent, csrf)).status]).toEqual([
          what,
          csrf === null ? 'no token' : 'foreign token',
          403,
        ]);
      }
      if (!VISITOR_FORMS.has(what))
        expect([what, 'visitor', (await send(visitor, visitorToken)).status]).toEqual([what, 'visitor', 401]);
      if (route.path.startsWith('/editor/'))
        expect([what, 'journalist', (await send(person.agent, personToken)).status]).toEqual([what, 'journalist', 403]);
    }
    expect((await everythingStored(portal.store)).equals(before)).toBe(true);
  });
});
