import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import type { WebhookEventType } from '@byline/domain/webhook-events/webhook-event';
import type { WebhookAttempt } from '@byline/domain/webhooks/webhooks-repository';
import { journalistFields, newJournalist, proveClaim } from './journalist-contract';

/** What every adapter of the WebhookEndpoints and WebhookDeliveries ports does (run for each database by test/contracts/webhooks.test.ts). */
export function webhooksContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const webhookEndpoints = () => repositories().webhookEndpoints;
  const webhookDeliveries = () => repositories().webhookDeliveries;
  const T0 = new Date('2031-05-01T12:00:00.000Z');
  const endpoint = (email: string, url = 'https://hooks.example.org/in', events: WebhookEventType[] = ['journalist.verified']) =>
    webhookEndpoints().add({ email, url, events, secret: 'whsec_first' }, T0);

  it('adds endpoints per account, enabled, and finds those subscribed to an event, of one account when asked', async () => {
    const a = await endpoint('a@example.org');
    const b = await endpoint('b@example.org', 'https://b.example.org/hook', ['journalist.verified', 'api_key.revoked']);
    expect(a).toEqual({
      id: a.id,
      email: 'a@example.org',
      url: 'https://hooks.example.org/in',
      events: ['journalist.verified'],
      secret: 'whsec_first',
      previousSecret: null,
      previousSecretExpiresAt: null,
      enabled: true,
      failingSince: null,
      disabledReason: null,
      createdAt: T0.toISOString(),
    });
    expect(await webhookEndpoints().find(a.id)).toEqual(a);
    expect(await webhookEndpoints().endpointsOf('a@example.org')).toEqual([a]);
    expect((await webhookEndpoints().subscribed('journalist.verified')).map((e) => e.id)).toEqual([a.id, b.id]);
    expect((await webhookEndpoints().subscribed('api_key.revoked')).map((e) => e.id)).toEqual([b.id]);
    expect(await webhookEndpoints().subscribed('api_key.revoked', 'a@example.org')).toEqual([]);
    expect(await webhookEndpoints().subscribed('article.verified')).toEqual([]);

    expect(await webhookEndpoints().setEnabled(a.id, false, 'answered 410 Gone')).toBe(true);
    expect(await webhookEndpoints().find(a.id)).toMatchObject({ enabled: false, disabledReason: 'answered 410 Gone' });
    expect((await webhookEndpoints().subscribed('journalist.verified')).map((e) => e.id)).toEqual([b.id]);
    await webhookEndpoints().setFailing(a.id, T0);
    expect(await webhookEndpoints().setEnabled(a.id, true)).toBe(true);
    expect(await webhookEndpoints().find(a.id)).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(await webhookEndpoints().setEnabled(a.id + 1000, true)).toBe(false);
  });

  it('rotates the secret keeping the previous one until its expiry; keeps the first failure time', async () => {
    const a = await endpoint('a@example.org');
    const until = new Date(T0.getTime() + 86_400_000);
    expect(await webhookEndpoints().rotateSecret(a.id, 'whsec_second', until)).toBe(true);
    expect(await webhookEndpoints().find(a.id)).toMatchObject({
      secret: 'whsec_second',
      previousSecret: 'whsec_first',
      previousSecretExpiresAt: until.toISOString(),
    });
    expect(await webhookEndpoints().setFailing(a.id, T0)).toBe(true);
    await webhookEndpoints().setFailing(a.id, until);
    expect((await webhookEndpoints().find(a.id))?.failingSince).toBe(T0.toISOString());
    await webhookEndpoints().setFailing(a.id, null);
    expect((await webhookEndpoints().find(a.id))?.failingSince).toBeNull();
  });

  it('adds a message once per event, hands them out in order, records attempts and redelivers', async () => {
    const a = await endpoint('a@example.org');
    const message = (eventId: string) => ({
      endpointId: a.id,
      eventId,
      type: 'journalist.verified' as const,
      body: `{"n":"${eventId}"}`,
    });
    expect(await webhookDeliveries().addMessage(message('msg_1'), T0)).toBe(true);
    expect(await webhookDeliveries().addMessage(message('msg_1'), T0)).toBe(false);
    expect(await webhookDeliveries().addMessage(message('msg_2'), T0)).toBe(true);

    const first = await webhookDeliveries().nextPending(a.id);
    expect(first).toMatchObject({ eventId: 'msg_1', body: '{"n":"msg_1"}', state: 'pending', attemptCount: 0, attempts: [] });
    const failed: WebhookAttempt = { at: T0.toISOString(), status: 500, error: null, excerpt: 'oops' };
    expect(await webhookDeliveries().recordAttempt(first!.id, failed, 'pending')).toBe(true);
    expect((await webhookDeliveries().nextPending(a.id))?.eventId).toBe('msg_1');
    const ok: WebhookAttempt = { at: T0.toISOString(), status: 204, error: null, excerpt: '' };
    await webhookDeliveries().recordAttempt(first!.id, ok, 'delivered');
    expect(await webhookDeliveries().findMessage(first!.id)).toMatchObject({
      state: 'delivered',
      attemptCount: 2,
      attempts: [failed, ok],
    });
    expect((await webhookDeliveries().nextPending(a.id))?.eventId).toBe('msg_2');
    expect((await webhookDeliveries().messagesOf(a.id, 10)).map((m) => m.eventId)).toEqual(['msg_2', 'msg_1']);

    expect(await webhookDeliveries().redeliver(first!.id)).toBe(true);
    expect(await webhookDeliveries().findMessage(first!.id)).toMatchObject({
      state: 'pending',
      attemptCount: 0,
      attempts: [failed, ok],
    });
    expect((await webhookDeliveries().nextPending(a.id))?.eventId).toBe('msg_1');

    // Pruning keeps what is still to be sent and what is recent.
    expect(await webhookDeliveries().addMessage(message('msg_3'), new Date(T0.getTime() + 60_000))).toBe(true);
    const [third] = await webhookDeliveries().messagesOf(a.id, 1);
    await webhookDeliveries().recordAttempt(third!.id, ok, 'delivered');
    await webhookDeliveries().recordAttempt((await webhookDeliveries().nextPending(a.id))!.id, ok, 'delivered');
    await webhookDeliveries().recordAttempt((await webhookDeliveries().nextPending(a.id))!.id, failed, 'failed');
    await webhookDeliveries().addMessage(message('msg_4'), T0);
    // Made before the time given: a message made at that very time stays.
    expect(await webhookDeliveries().pruneMessages(T0)).toBe(0);
    expect(await webhookDeliveries().pruneMessages(new Date(T0.getTime() + 1000))).toBe(2);
    expect((await webhookDeliveries().messagesOf(a.id, 10)).map((m) => [m.eventId, m.state])).toEqual([
      ['msg_4', 'pending'],
      ['msg_3', 'delivered'],
    ]);

    expect(await webhookEndpoints().remove(a.id)).toBe(true);
    expect(await webhookEndpoints().find(a.id)).toBeNull();
    expect(await webhookDeliveries().findMessage(first!.id)).toBeNull();
    expect(await webhookEndpoints().remove(a.id)).toBe(false);
  });

  /** A verified journalist whose approved name change moved their slug: the old one redirects to them. */
  async function journalistRenamed() {
    const { user, profile } = await newJournalist(repositories(), '@renamed');
    await proveClaim(repositories(), profile.id, 'twitter', '@renamed');
    await repositories().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    await repositories().profiles.save(user.id, { ...journalistFields('@renamed'), profile_last_name: 'Walsh' }, 'x');
    const pending = await repositories().identityReview.pendingIdentityOf(profile.id);
    await repositories().identityReview.decideIdentityChange({
      profileId: profile.id,
      actor: 'ed@example.org',
      action: 'identity-change-approved',
      note: '',
      requestedAt: pending!.requested_at,
      slugBaseOf: (first, last) => `${first}-${last}`.toLowerCase(),
    });
    expect(await repositories().profiles.slugReplacing(profile.profile_slug)).toBe('aoife-walsh');
    return { profile };
  }

  it("redacts sent messages about a journalist whose profile is gone; others' and those still to send stay as they are", async () => {
    const { profile } = await newJournalist(repositories());
    const renamed = await journalistRenamed();
    const a = await endpoint('a@example.org', undefined, ['journalist.unverified', 'api_key.revoked']);
    const body = (type: string, data: Record<string, unknown>) => JSON.stringify({ type, timestamp: T0.toISOString(), data });
    const sent = {
      gone: body('journalist.unverified', { slug: 'gone-journalist' }),
      here: body('journalist.unverified', { slug: profile.profile_slug }),
      formerly: body('journalist.unverified', { slug: renamed.profile.profile_slug }),
    };
    const ok: WebhookAttempt = { at: T0.toISOString(), status: 204, error: null, excerpt: '' };
    const add = async (eventId: string, text: string, type: WebhookEventType = 'journalist.unverified') => {
      await webhookDeliveries().addMessage({ endpointId: a.id, eventId, type, body: text }, T0);
      return (await webhookDeliveries().messagesOf(a.id, 1))[0]!;
    };
    const gone = await add('msg_gone', sent.gone);
    const here = await add('msg_here', sent.here);
    const formerly = await add('msg_formerly', sent.formerly);
    const key = await add('msg_key', body('api_key.revoked', { key: 'bk_1' }), 'api_key.revoked');
    for (const message of [gone, here, formerly, key]) await webhookDeliveries().recordAttempt(message.id, ok, 'delivered');
    const waiting = await add('msg_waiting', body('journalist.unverified', { slug: 'gone-journalist' }));

    expect(await webhookDeliveries().redactAboutErasedJournalists()).toBe(1);
    expect(JSON.parse((await webhookDeliveries().findMessage(gone.id))!.body)).toEqual({
      type: 'journalist.unverified',
      timestamp: T0.toISOString(),
      data: {},
      redacted: 'the journalist deleted their account',
    });
    expect((await webhookDeliveries().findMessage(here.id))!.body).toBe(sent.here);
    expect((await webhookDeliveries().findMessage(formerly.id))!.body).toBe(sent.formerly);
    expect((await webhookDeliveries().findMessage(key.id))!.body).toBe(body('api_key.revoked', { key: 'bk_1' }));
    expect((await webhookDeliveries().findMessage(waiting.id))!.body).toBe(waiting.body);
    expect(await webhookDeliveries().redactAboutErasedJournalists()).toBe(0);
  });
}
