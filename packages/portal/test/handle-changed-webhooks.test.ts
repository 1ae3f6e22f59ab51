import { receiverForEachTest } from '@byline/test-support';
import { portalForEachTest, portalStoreFactories, submit } from './support/portal-harness';
import { proveClaim } from './support/proofs';
import { editorVerifiedJournalist } from './support/staff';
import { addWebhook, webhookWorkerTick, withApiAccount } from './support/webhooks';

describe.each(portalStoreFactories())('journalist.handle_changed tells proven changes only ($name store)', (factory) => {
  const portal = portalForEachTest(factory);
  const receiver = receiverForEachTest();

  /** What the subscriber has been sent since the last call: [type, data]. */
  let seen = 0;
  async function delivered(): Promise<unknown[]> {
    await webhookWorkerTick(portal);
    const bodies = receiver.received.slice(seen).map((delivery) => JSON.parse(delivery.body) as { type: string; data: unknown });
    seen = receiver.received.length;
    return bodies.map(({ type, data }) => [type, data]);
  }

  it('saving a verified profile with an unproven handle sends nothing, however often; dropping a proven one is told', async () => {
    seen = 0;
    const subscriber = await withApiAccount(portal);
    expect((await addWebhook(subscriber.agent, { url: receiver.url, events: ['journalist.handle_changed'] })).status).toBe(303);
    const person = await editorVerifiedJournalist(portal);
    // Two proven handles: dropping one leaves a live proof, so the profile stays verified.
    await proveClaim(portal.claims, person.profileId, 'facebook', person.form.facebook);
    await delivered();
    await proveClaim(portal.claims, person.profileId, 'twitter', person.form.twitter);
    const twitter = person.form.twitter.replace(/^@/, '').toLowerCase();
    expect(await delivered()).toEqual([
      [
        'journalist.handle_changed',
        { slug: person.slug, network: 'twitter', handle: expect.stringMatching(new RegExp(`^@?${twitter}$`, 'i')), previous: '' },
      ],
    ]);

    // LinkedIn is claimed, not proven; an Instagram handle is added, not proven either.
    for (let save = 0; save < 3; save++) {
      const saved = await submit(person.agent, '/profile', '/profile', { ...person.form, instagram: 'typed.not.proven' });
      expect(saved.status).toBe(303);
    }
    expect(await delivered()).toEqual([]);

    await submit(person.agent, '/profile', '/profile', { ...person.form, twitter: '', instagram: 'typed.not.proven' });
    expect(await delivered()).toEqual([
      [
        'journalist.handle_changed',
        { slug: person.slug, network: 'twitter', handle: '', previous: expect.stringMatching(new RegExp(`^@?${twitter}$`, 'i')) },
      ],
    ]);
  });
});
