import { freshRepositoriesPerTest, takeQueuedWebhookEvents, type StoreFactory } from '@byline/test-support';
import { addProvenArticle, contractArticle, journalistFields, newJournalist, proveClaim } from './journalist-contract';
import { relayStoreOutbox } from '../../src/store/relay-store-outbox';
import { openedDatabase } from '../../src/store/opened-database';
import { EVENT_CARRYING_COLLECTIONS, EVENTS_FIELD } from '@byline/store-mongodb/webhook-events/mongo-carried-events';
import type { WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';

/**
 * The outbox on every store: each change that makes a webhook event puts it on the queue (on MongoDB once the relay
 * has run), once per change, and a change that changes nothing makes none.
 */
export function outboxContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const seen = new Set<string>();

  /** The events queued since the last call (relayed first, twice, to show the relay adds nothing twice). */
  async function newEvents(): Promise<WebhookEvent[]> {
    const { store, queue } = repositories();
    await relayStoreOutbox(store.database);
    await relayStoreOutbox(store.database);
    const queued = await takeQueuedWebhookEvents(queue);
    // Relayed, an event is off its document (which no longer carries the field, so the relay's scan skips it).
    const database = openedDatabase(store.database);
    if (database.kind === 'mongodb') {
      for (const name of EVENT_CARRYING_COLLECTIONS) {
        expect(await database.mongo.db.collection(name).countDocuments({ [EVENTS_FIELD]: { $exists: true } })).toBe(0);
      }
    }
    const events = queued.filter((event) => !seen.has(event.id));
    for (const event of events) seen.add(event.id);
    return events;
  }
  const shapes = (events: WebhookEvent[]) => events.map((e) => [e.payload.type, e.payload.data, e.audience ?? null]);

  it("a profile's verification and its withdrawal each queue their event, once", async () => {
    const { profile } = await newJournalist(repositories());
    await newEvents();
    const decide = (action: 'verified' | 'rejected') =>
      repositories().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action, note: '' });
    await decide('verified');
    await decide('verified');
    expect(shapes(await newEvents())).toEqual([['journalist.verified', { slug: profile.profile_slug }, null]]);
    await repositories().verification.returnToQueue({
      profileId: profile.id,
      actor: 'ed@example.org',
      action: 'unverified',
      note: '',
    });
    await decide('rejected');
    expect(shapes(await newEvents())).toEqual([['journalist.unverified', { slug: profile.profile_slug }, null]]);
    await setVerifiedByOperator(repositories(), profile.profile_slug, true, { reason: 'Arranged by the test' });
    const [event] = await newEvents();
    expect(event?.id).toMatch(/^msg_/);
    expect(event?.payload).toEqual({
      type: 'journalist.verified',
      timestamp: expect.any(String),
      data: { slug: profile.profile_slug },
    });
  });

  it("a key's revocation and its rotation queue api_key.revoked for its account only, once", async () => {
    const keys = repositories().apiKeys;
    await keys.createKey({ email: 'dev@example.org', name: 'one', key: 'bk_one', secretHash: 'h' }, new Date());
    await keys.revokeKey('bk_one', new Date());
    await keys.revokeKey('bk_one', new Date());
    await keys.createKey({ email: 'dev@example.org', name: 'two', key: 'bk_two', secretHash: 'h' }, new Date());
    await keys.rotateKey('bk_two', { name: 'three', key: 'bk_three', secretHash: 'h' }, { at: new Date() });
    expect(shapes(await newEvents())).toEqual([
      ['api_key.revoked', { key: 'bk_one' }, 'dev@example.org'],
      ['api_key.revoked', { key: 'bk_two' }, 'dev@example.org'],
    ]);
  });

  it("a publisher's verification and unverification queue their events, once", async () => {
    const { publishers } = repositories();
    const outlet = await publishers.create({ slug: 'harbour', name: 'The Harbour Times' }, 'o@example.org', new Date());
    await publishers.setVerified(outlet!.id, true, 'ed@example.org', '', new Date());
    await publishers.setVerified(outlet!.id, true, 'ed@example.org', '', new Date());
    await publishers.setVerified(outlet!.id, false, 'ed@example.org', '', new Date());
    expect(shapes(await newEvents())).toEqual([
      ['publisher.verified', { slug: 'harbour' }, null],
      ['publisher.unverified', { slug: 'harbour' }, null],
    ]);
  });

  it("a verified journalist's proven handle changing queues journalist.handle_changed; an unverified one's does not", async () => {
    const { profile } = await newJournalist(repositories(), '@quiet_one');
    const slug = profile.profile_slug;
    await proveClaim(repositories(), profile.id, 'twitter', '@quiet_one');
    expect(await newEvents()).toEqual([]);
    await repositories().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    await newEvents();
    await proveClaim(repositories(), profile.id, 'instagram', 'quiet.one');
    expect(shapes(await newEvents())).toEqual([
      ['journalist.handle_changed', { slug, network: 'instagram', handle: 'quiet.one', previous: '' }, null],
    ]);
  });

  it('saving a verified profile with an unproven handle queues nothing, however often; a save that drops a proven handle queues handle_changed', async () => {
    const { user, profile } = await newJournalist(repositories(), '@proven_one');
    const slug = profile.profile_slug;
    await proveClaim(repositories(), profile.id, 'twitter', '@proven_one');
    await repositories().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    await newEvents();
    const withHandles = (twitter: string) => {
      const fields = journalistFields(twitter);
      return { ...fields, profile_social_profiles: { ...fields.profile_social_profiles, instagram: 'not.proven.yet' } };
    };
    for (let save = 0; save < 3; save++) await repositories().profiles.save(user.id, withHandles('@proven_one'), 'aoife-brennan');
    expect(await newEvents()).toEqual([]);

    await repositories().profiles.save(user.id, withHandles(''), 'aoife-brennan');
    expect(shapes(await newEvents())).toEqual([
      ['journalist.handle_changed', { slug, network: 'twitter', handle: '', previous: '@proven_one' }, null],
    ]);
    await repositories().profiles.save(user.id, withHandles(''), 'aoife-brennan');
    expect(await newEvents()).toEqual([]);
  });

  it('an article starting to count queues article.verified; unlisting or re-addressing it, article.deactivated', async () => {
    const { profile } = await newJournalist(repositories());
    await newEvents();
    // Not verified: the events do not name the profile (see articleCountEvents).
    const url = 'https://news.example.org/webhook-story';
    const counting = { url };
    const stopped = { url };
    const article = contractArticle('webhook-story');
    const added = await addProvenArticle(repositories(), profile.id, article);
    expect(shapes(await newEvents())).toEqual([['article.verified', counting, null]]);
    await repositories().articles.update(profile.id, added.article.id, { ...article, active: false }, new Date());
    await repositories().articles.update(
      profile.id,
      added.article.id,
      { ...article, active: false, title: 'Renamed' },
      new Date(),
    );
    expect(shapes(await newEvents())).toEqual([['article.deactivated', stopped, null]]);
    await repositories().articles.update(profile.id, added.article.id, article, new Date());
    await repositories().articles.update(
      profile.id,
      added.article.id,
      { ...article, link: 'https://news.example.org/elsewhere' },
      new Date(),
    );
    expect(shapes(await newEvents())).toEqual([
      ['article.verified', counting, null],
      ['article.deactivated', stopped, null],
    ]);
    // An unproven article at its new address counts nothing: no event when it is unlisted.
    await repositories().articles.update(
      profile.id,
      added.article.id,
      {
        ...article,
        link: 'https://news.example.org/elsewhere',
        active: false,
      },
      new Date(),
    );
    expect(await newEvents()).toEqual([]);
  });

  it('names the journalist an article event is about while their profile is verified, and drops it when they leave', async () => {
    const { profile } = await newJournalist(repositories());
    await repositories().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    await newEvents();
    const article = contractArticle('named-story');
    const added = await addProvenArticle(repositories(), profile.id, article);
    const url = 'https://news.example.org/named-story';
    expect(shapes(await newEvents())).toEqual([['article.verified', { url, slug: profile.profile_slug }, null]]);
    // Queued, not yet fanned out: an erasure drops the article events that name her, as it does her journalist events.
    await repositories().articles.update(profile.id, added.article.id, { ...article, active: false }, new Date());
    await repositories().profileErasure.withdrawFromLookups(profile.id);
    await repositories().profileErasure.erase(profile.id);
    expect(shapes(await newEvents())).toEqual([['journalist.unverified', { slug: profile.profile_slug }, null]]);
  });

  it('a verified profile withdrawn and erased (its owner leaving) queues journalist.unverified, kept past the erasure', async () => {
    const { profile } = await newJournalist(repositories());
    await repositories().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    await newEvents();
    await repositories().profileErasure.withdrawFromLookups(profile.id);
    await repositories().profileErasure.erase(profile.id);
    expect(shapes(await newEvents())).toEqual([['journalist.unverified', { slug: profile.profile_slug }, null]]);
  });
}
