/**
 * ALLOWED_PRIVATE_ADDRESSES in real processes, as an operator sets it for an end-to-end test of a deployment:
 * the built portal proves a website on a loopback site by rel="me" through its "Check now" form, `byline
 * recheck` (the built command line) lapses it once the link is gone and RECHECK_GRACE has passed, and the
 * portal signs a journalist in with a real OpenID provider on loopback over plain http. Without the setting,
 * loopback stays out of reach and an http issuer stops the portal at start-up.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import {
  buildPackages,
  clockAhead,
  freePort,
  runCliProcess,
  startOidcProvider,
  startService,
  tempDir,
  type RunningService,
} from '@byline/test-support';
import { NETWORKS, pressSignIn } from '../proofs/portal-networks';
import { csrfFrom, profileForm, submit, type Agent } from '../support/portal-harness';

const ALLOWED = { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8' };
/** The shortest re-check settings there are (1 minute each): a lapse is a minute after the first failed check. */
const QUICK_RECHECKS = { RECHECK_INTERVAL: '1m', RECHECK_GRACE: '1m', RECHECK_RETRY: '1m' };
const GRACE_MS = 60_000;

/** A journalist signed up on the running portal, with the profile form saved with these fields. */
async function journalist(portalUrl: string, fields: Record<string, string>): Promise<Agent> {
  const agent = request.agent(portalUrl);
  const email = `outbound-${Date.now()}@example.org`;
  const signedUp = await submit(agent, '/signup', '/signup', { email, password: 'correct horse battery' });
  expect(signedUp.status).toBe(303);
  const saved = await submit(agent, '/profile', '/profile', profileForm(fields));
  expect(saved.status).toBe(303);
  return agent;
}

/** The badge of the claim on the profile page ("Proven", "Lapsed: …"). */
async function badgeOf(agent: Agent, claimId: string): Promise<string | undefined> {
  const page = (await agent.get('/profile')).text;
  const item = page.split('<li class="claim"').find((part) => part.split('>', 1)[0]!.includes(` data-claim="${claimId}"`));
  return item ? /<span class="badge[^"]*">([^<]*)<\/span>/.exec(item)?.[1] : undefined;
}

describe('ALLOWED_PRIVATE_ADDRESSES in the built portal and command line', () => {
  const running: RunningService[] = [];
  beforeAll(() => buildPackages('portal', 'cli'), 180_000);
  afterEach(async () => {
    await Promise.all(running.splice(0).map((service) => service.stop()));
  });

  it('proves a loopback site by rel="me" with "Check now"; `byline recheck` lapses it after the link is removed and RECHECK_GRACE passes', async () => {
    let linked = true;
    let profileUrl = '';
    const site = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(linked ? `<p>Reporter.</p><a rel="me" href="${profileUrl}">My Byline profile</a>` : '<p>Reporter.</p>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/about`;
      const dataDir = tempDir('byline-outbound-');
      const port = await freePort();
      const portalUrl = `http://127.0.0.1:${port}`;
      const env = { ...ALLOWED, ...QUICK_RECHECKS, PUBLIC_PORTAL_URL: portalUrl };
      running.push(await startService('portal', { dataDir, env, port }));
      const recheck = (args: string[], clock: NodeJS.ProcessEnv = {}) =>
        runCliProcess(['recheck', ...args], { dataDir, env: { ...env, ...clock } });

      const agent = await journalist(portalUrl, { websites: siteUrl });
      const page = (await agent.get('/profile')).text;
      profileUrl = /<code>(http:\/\/127\.0\.0\.1:\d+\/j\/[^<]+)<\/code>/.exec(page)![1]!;
      const claimId = /action="\/profile\/proofs\/websites\/(\d+)\/check"/.exec(page)![1]!;
      const checked = await agent
        .post(`/profile/proofs/websites/${claimId}/check`)
        .type('form')
        .send({ _csrf: csrfFrom(page) });
      expect(checked.status).toBe(303);
      expect((await agent.get(checked.headers.location!)).text).toContain(`${siteUrl} is proven`);
      expect(await badgeOf(agent, claimId)).toBe('Proven');

      linked = false;
      const failing = `${siteUrl}  failing (the page has no rel="me" link to this profile)`;
      const first = await recheck(['--all']);
      expect(first.stdout).toContain(failing);
      // The run left no lease: the next one checks the proof again at once.
      const second = await recheck(['--all']);
      expect(second.stdout).toContain(failing);
      expect(second.stdout).toContain('Re-checked 1 proof(s): 0 held, 1 failing, 0 lapsed.');
      expect(await badgeOf(agent, claimId)).toBe('Proven');

      // Past the grace period since the first failure, and due again (RECHECK_RETRY) since the second: the command
      // runs with its clock that far ahead rather than the test sleeping through the minute.
      const lapse = await recheck([], clockAhead(GRACE_MS + 1000));
      expect(lapse).toMatchObject({ code: 0, stderr: '' });
      expect(lapse.stdout).toContain(`${siteUrl}  lapsed (the page has no rel="me" link to this profile)`);
      expect(await badgeOf(agent, claimId)).toBe('Lapsed: its proof stopped holding');
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  }, 180_000);

  it('signs a journalist in with an OpenID provider on loopback over http; without the setting the portal refuses to start', async () => {
    const dataDir = tempDir('byline-outbound-');
    const port = await freePort();
    const portalUrl = `http://127.0.0.1:${port}`;
    const linkedin = NETWORKS.linkedin;
    const provider = await startOidcProvider({
      redirectUris: [`${portalUrl}/profile/proofs/callback/linkedin`],
      accounts: { niamh: { sub: 'linkedin-1001', preferred_username: linkedin.username } },
      ...linkedin.provider,
    });
    try {
      expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
      const signIn = {
        PUBLIC_PORTAL_URL: portalUrl,
        SIGNIN_LINKEDIN_CLIENT_ID: provider.clientId,
        SIGNIN_LINKEDIN_CLIENT_SECRET: provider.clientSecret,
        ...Object.fromEntries(
          Object.entries(linkedin.settings(provider)).map(([key, value]) => [`SIGNIN_LINKEDIN_${key}`, value]),
        ),
      };
      await expect(startService('portal', { dataDir, env: signIn, port })).rejects.toThrow(
        '"SIGNIN_LINKEDIN_ISSUER" must be an https:// address (http:// only for a host inside ALLOWED_PRIVATE_ADDRESSES)',
      );

      running.push(await startService('portal', { dataDir, env: { ...signIn, ...ALLOWED }, port }));
      const agent = await journalist(portalUrl, { linkedin: `https://www.linkedin.com/in/${linkedin.username}` });
      const { authorizationUrl } = await pressSignIn(agent, 'linkedin');
      expect(authorizationUrl).toMatch(new RegExp(`^${provider.issuer}/`));
      const callback = new URL(await provider.signIn(authorizationUrl!, 'niamh'));
      expect(callback.origin).toBe(portalUrl);
      const done = await agent.get(callback.pathname + callback.search);
      expect(done.status).toBe(303);
      expect((await agent.get(done.headers.location!)).text).toContain(
        `Your LinkedIn handle ${linkedin.username} is proven: you signed in with LinkedIn.`,
      );
    } finally {
      await provider.stop();
    }
  }, 120_000);
});
