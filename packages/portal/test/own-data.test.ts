import request from 'supertest';
import { WEBHOOK_DELIVERY_TOPIC } from '@byline/domain/webhook-events/webhook-event';
import { bearer, receiverForEachTest } from '@byline/test-support';
import { portalForEachTest, portalStoreFactories, signedUp, submit, textOf, type Agent } from './support/portal-harness';
import { approvedJournalist, editor, journalist, moveOnto, reviewPath } from './support/editors';
import { verifiers } from './support/verifiers';
import { addWebhook, openApiAccount, openApiAccountWithKey, webhookWorkerTick } from './support/webhooks';
import type { OwnData } from '../src/use-cases/own-data';

describe.each(portalStoreFactories())('people own their data ($name store)', (factory) => {
  const portal = portalForEachTest(factory);
  const receiver = receiverForEachTest();

  /** An API account for the signed-in person, and a webhook endpoint on it through API settings → Webhooks. */
  async function webhookEndpoint(agent: Agent, email: string, events: string[]) {
    await openApiAccount(agent);
    const posted = await addWebhook(agent, { url: receiver.url, events });
    expect(posted.status).toBe(303);
    return (await portal.repositories.webhookEndpoints.endpointsOf(email)).at(-1)!;
  }

  /** The worker's two webhook runs. */
  const workerTick = () => webhookWorkerTick(portal);

  /** A journalist with an article, a proven X handle and a profile an editor verified: both verifiers answer for it. */
  async function verifiedJournalist() {
    const { person, articleUrl, desk } = await approvedJournalist(portal, { note: 'Checked' });
    return { ...person, articleUrl, desk };
  }

  async function answers(person: { articleUrl: string; form: { twitter: string } }) {
    const token = (await bearer(portal.store)).replace('Bearer ', '');
    const { verifyArticle, verifyJournalist } = verifiers(portal.store);
    return [
      (await verifyArticle(token, person.articleUrl)).body.verified,
      (await verifyJournalist(token, person.form.twitter)).body.verified,
    ];
  }

  describe('download', () => {
    it('gives the signed-in owner their profile, claims with evidence, articles and history, and no secret', async () => {
      const person = await verifiedJournalist();
      const other = await journalist(portal);
      const res = await person.agent.get('/account/data.json');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="byline-data.json"');
      const data = JSON.parse(res.text) as OwnData;
      expect(Object.keys(data)).toEqual(['account', 'profile', 'claims', 'articles', 'history', 'webhooks']);
      expect(data.account).toEqual({ email: person.email, role: 'journalist', createdAt: expect.any(String) });
      expect(data.profile).toMatchObject({ id: person.profileId, profile_slug: person.slug, verified: true });
      expect(data.articles.map((a) => a.link)).toEqual([person.articleUrl]);
      expect(data.articles[0]!.proof).toMatchObject({ state: expect.any(String), evidence: expect.any(Array) });
      const twitter = data.claims.find((c) => c.kind === 'twitter');
      expect(twitter).toMatchObject({ state: 'proven', evidence: [expect.objectContaining({ method: 'network-sign-in' })] });
      expect(data.history.map((h) => [h.action, h.actor])).toEqual([
        ['verified', 'an editor'],
        ['requested', 'you'],
      ]);
      // Nobody else's data: not the other journalist's, not the editor's email; and no secret of anyone.
      expect(res.text).not.toContain(other.email);
      expect(res.text).not.toContain(other.slug);
      expect(res.text).not.toContain(person.desk.email);
      expect(res.text).not.toMatch(/password|scrypt|token|secret|hash/i);
      const stored = await portal.repositories.users.findByEmail(person.email);
      expect(res.text).not.toContain(stored!.passwordHash);
    });

    it("lists the API account's webhook endpoints on the page and in the download: address, events, created, status, no secret", async () => {
      for (const person of [await journalist(portal), await signedUp(portal.app)]) {
        const first = await webhookEndpoint(person.agent, person.email, ['api_key.revoked', 'journalist.unverified']);
        const second = await webhookEndpoint(person.agent, person.email, ['article.verified']);
        await submit(person.agent, '/settings/api/webhooks', `/settings/api/webhooks/${second.id}/disable`, {});

        const res = await person.agent.get('/account/data.json');
        const data = JSON.parse(res.text) as OwnData;
        expect(data.webhooks).toEqual([
          { url: receiver.url, events: ['api_key.revoked', 'journalist.unverified'], createdAt: first.createdAt, enabled: true },
          { url: receiver.url, events: ['article.verified'], createdAt: second.createdAt, enabled: false },
        ]);
        for (const secret of [first.secret, second.secret]) expect(res.text).not.toContain(secret);
        expect(res.text).not.toMatch(/secret|whsec_/i);

        const page = await person.agent.get('/profile');
        expect(page.status).toBe(200);
        const section = page.text.slice(page.text.indexOf('id="your-data-heading"'));
        const table = section.slice(section.indexOf('id="your-webhooks"'), section.indexOf('</table>'));
        const rows = table.split('<tr>').slice(2);
        expect(rows).toHaveLength(2);
        expect(rows[0]).toContain(`<code>${receiver.url}</code>`);
        expect(rows[0]).toContain('<code>api_key.revoked</code>, <code>journalist.unverified</code>');
        expect(rows[0]).toContain(`<time datetime="${first.createdAt}">${first.createdAt.slice(0, 10)}</time>`);
        expect(rows[0]).toMatch(/data-label="Status">Enabled</);
        expect(rows[1]).toContain('<code>article.verified</code>');
        expect(rows[1]).toMatch(/data-label="Status">Disabled</);
        expect(page.text).not.toContain(first.secret);
        expect(page.text).not.toContain(second.secret);
      }
      // Someone without an API account has none listed, and no table.
      const stranger = await signedUp(portal.app);
      expect((await stranger.agent.get('/profile')).text).not.toContain('id="your-webhooks"');
    });

    it('names no editor by email, even where a move wrote one into a reason', async () => {
      const person = await verifiedJournalist();
      const other = await journalist(portal, { twitter: '' });
      const moved = await moveOnto(person.desk, other.profileId, { handle: person.form.twitter, note: 'Asked by the paper' });
      expect(moved.status).toBe(303);
      const released = (await portal.claims.claimsOf(person.profileId)).find((claim) => claim.kind === 'twitter')!;
      expect(released.releasedReason).toContain(person.desk.email);

      const res = await person.agent.get('/account/data.json');
      expect(res.text).not.toContain(person.desk.email);
      const data = JSON.parse(res.text) as OwnData;
      expect(data.claims.find((claim) => claim.kind === 'twitter')!.releasedReason).toMatch(
        /^Moved to another profile by an editor on [0-9-]+: Asked by the paper$/,
      );
      expect(data.history.map((entry) => entry.action)).toContain('handle-moved');
    });

    it('answers only the signed-in person: another person gets their own, a visitor is sent to sign in', async () => {
      const person = await verifiedJournalist();
      const stranger = await signedUp(portal.app);
      const theirs = JSON.parse((await stranger.agent.get('/account/data.json')).text) as Record<string, unknown>;
      expect(theirs).toEqual({
        account: { email: stranger.email, role: 'journalist', createdAt: expect.any(String) },
        profile: null,
        claims: [],
        articles: [],
        history: [],
        webhooks: [],
      });
      const visitor = await request(portal.app).get('/account/data.json');
      expect([visitor.status, visitor.headers.location]).toEqual([303, '/signin?next=%2Faccount%2Fdata.json']);
      expect(visitor.text).not.toContain(person.email);
    });
  });

  describe('deleting an account', () => {
    it('stops both answers at once, revokes the API keys, ends the sign-in and removes the data', async () => {
      const person = await verifiedJournalist();
      await openApiAccountWithKey(person.agent);
      expect(await portal.repositories.apiKeys.keysOf(person.email)).toHaveLength(1);
      expect(await answers(person)).toEqual([true, true]);

      expect((await person.agent.get('/profile')).text).toContain('href="/account/delete"');
      const page = await person.agent.get('/account/delete');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Type your email to confirm');
      const wrong = await submit(person.agent, '/account/delete', '/account/delete', { email: 'someone@example.org' });
      expect(wrong.status).toBe(422);
      expect(wrong.text).toContain('The email does not match your account: nothing was deleted.');
      // Beside the field, a sentence, never the code the route checks with.
      expect(textOf(wrong.text)).toContain('Type the email address you sign in with, exactly as on your account.');
      expect(textOf(wrong.text)).not.toContain('mismatch');
      expect(await answers(person)).toEqual([true, true]);

      const deleted = await submit(person.agent, '/account/delete', '/account/delete', { email: person.email.toUpperCase() });
      expect([deleted.status, deleted.headers.location]).toEqual([303, '/account/deleted']);
      const after = await person.agent.get('/account/deleted');
      expect(after.text).toContain('Your account is deleted');
      expect(after.text).not.toContain(person.email);
      expect(await answers(person)).toEqual([false, false]);

      expect((await person.agent.get('/profile')).status).toBe(303);
      const signIn = await submit(request.agent(portal.app), '/signin', '/signin', {
        email: person.email,
        password: person.password,
      });
      expect(signIn.status).toBe(401);
      expect(await portal.repositories.users.findByEmail(person.email)).toBeNull();
      expect(await portal.repositories.profiles.findById(person.profileId)).toBeNull();
      expect(await portal.claims.claimsOf(person.profileId)).toEqual([]);
      expect(await portal.repositories.articles.list(person.profileId)).toEqual([]);
      expect(await portal.repositories.audit.historyOf(person.profileId)).toEqual([]);
      expect((await portal.repositories.apiKeys.keysOf(person.email)).every((key) => key.revoked_at !== null)).toBe(true);
      // The editor who verified it stays, and signs in as before.
      expect((await person.desk.agent.get('/editor/queue')).status).toBe(200);
    });

    it('deletes an account with no profile, an API user’s, revoking its keys', async () => {
      const apiUser = await signedUp(portal.app);
      await openApiAccountWithKey(apiUser.agent);
      const deleted = await submit(apiUser.agent, '/account/delete', '/account/delete', { email: apiUser.email });
      expect(deleted.status).toBe(303);
      expect(await portal.repositories.users.findByEmail(apiUser.email)).toBeNull();
      const keys = await portal.repositories.apiKeys.keysOf(apiUser.email);
      expect(keys.map((key) => key.revoked_at === null)).toEqual([false]);
    });

    it('removes the webhook endpoints of their API account with the messages waiting for them; nothing is sent after', async () => {
      const person = await journalist(portal);
      const endpoint = await webhookEndpoint(person.agent, person.email, ['api_key.revoked']);
      await submit(person.agent, '/settings/api', '/settings/api/keys', {
        name: 'cms',
        kind: 'server',
        key_origins: '',
        key_limit: '',
      });
      const [key] = await portal.repositories.apiKeys.keysOf(person.email);
      // The receiver is down: the revocation's message waits on the endpoint's delivery item, retried later.
      receiver.answer = { status: 503 };
      await submit(person.agent, '/settings/api', `/settings/api/keys/${key!.key}/revoke`, { confirm: 'revoke' });
      expect(await workerTick()).toMatchObject({ failed: 1 });
      const [waiting] = await portal.repositories.webhookDeliveries.messagesOf(endpoint.id, 5);
      expect(waiting).toMatchObject({ state: 'pending', type: 'api_key.revoked' });
      expect(await portal.repositories.queue.find(WEBHOOK_DELIVERY_TOPIC, String(endpoint.id))).not.toBeNull();
      const other = await signedUp(portal.app);
      const theirs = await webhookEndpoint(other.agent, other.email, ['api_key.revoked']);

      const deleted = await submit(person.agent, '/account/delete', '/account/delete', { email: person.email });
      expect(deleted.status).toBe(303);
      expect(await portal.repositories.webhookEndpoints.endpointsOf(person.email)).toEqual([]);
      expect(await portal.repositories.webhookEndpoints.find(endpoint.id)).toBeNull();
      expect(await portal.repositories.webhookDeliveries.messagesOf(endpoint.id, 5)).toEqual([]);
      expect(await portal.repositories.webhookDeliveries.findMessage(waiting!.id)).toBeNull();
      expect(await portal.repositories.queue.find(WEBHOOK_DELIVERY_TOPIC, String(endpoint.id))).toBeNull();
      // Another account's endpoint stays.
      expect(await portal.repositories.webhookEndpoints.find(theirs.id)).toMatchObject({ url: receiver.url });

      receiver.answer = { status: 204 };
      expect(await workerTick()).toMatchObject({ delivered: 0, failed: 0 });
      expect(receiver.received).toHaveLength(1);
      expect(await portal.repositories.webhookDeliveries.messagesOf(endpoint.id, 5)).toEqual([]);
    });

    it('refuses a deletion without the form’s CSRF token or a session', async () => {
      const person = await verifiedJournalist();
      const forged = await person.agent.post('/account/delete').type('form').send({ email: person.email });
      expect(forged.status).toBe(403);
      const visitor = await request(portal.app).post('/account/delete').type('form').send({ email: person.email });
      expect(visitor.status).toBe(403);
      expect(await answers(person)).toEqual([true, true]);
      expect(await portal.repositories.users.findByEmail(person.email)).not.toBeNull();
    });
  });

  describe('withdrawing a verification request', () => {
    it('takes the request out of the queue and records it in the history', async () => {
      const person = await journalist(portal);
      const desk = await editor(portal);
      expect((await desk.agent.get('/editor/queue')).text).toContain(reviewPath(person.profileId));
      const profile = await person.agent.get('/profile');
      expect(profile.text).toContain('Withdraw my request');

      const withdrawn = await submit(person.agent, '/profile', '/profile/verification-request/withdraw', {});
      expect([withdrawn.status, withdrawn.headers.location]).toEqual([303, '/profile']);
      expect((await desk.agent.get('/editor/queue')).text).not.toContain(reviewPath(person.profileId));
      expect(await portal.repositories.verification.pendingOf(person.profileId)).toBeNull();
      const history = await portal.repositories.audit.historyOf(person.profileId);
      expect(history.map((entry) => [entry.action, entry.actor])).toEqual([
        ['withdrawn', person.email],
        ['requested', person.email],
      ]);
      const after = (await person.agent.get('/profile')).text;
      expect(after).toContain('Request withdrawn by its owner');
      expect(after).not.toContain('Withdraw my request');
      expect(after).toContain('Request verification');
    });
  });
});
