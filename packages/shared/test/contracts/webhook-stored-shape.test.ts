import { freshRepositoriesPerTest, storeFactories } from '@byline/test-support';
import type { WebhookAttempt } from '@byline/domain/webhooks/webhooks-repository';
import { openedDatabase } from '../../src/store/opened-database';

const AT = new Date('2031-05-01T12:00:00.000Z');

/*
 * Endpoints and messages written through the generic documents keep the rows and documents they always had: the
 * erasure and the redaction sweep read them by hand (a message's attempts as JSON text on SQLite, an array of
 * records in MongoDB), and stores written before are read by the same code.
 */
describe.each(storeFactories())('webhooks as stored ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);

  const stored = async (): Promise<{ endpoints: unknown[]; messages: unknown[] }> => {
    const database = openedDatabase(repositories().store.database);
    if (database.kind === 'embedded') {
      return database.sqlite.read((db) => ({
        endpoints: db.prepare('SELECT * FROM webhook_endpoints ORDER BY id').all(),
        messages: db.prepare('SELECT * FROM webhook_messages ORDER BY id').all(),
      }));
    }
    const { db } = database.mongo;
    const all = (name: string) => db.collection(name).find({}).sort({ _id: 1 }).toArray();
    return { endpoints: await all('webhook_endpoints'), messages: await all('webhook_messages') };
  };

  it('keeps an endpoint, a rotated secret, and a message with its attempts as they were', async () => {
    const { webhookEndpoints, webhookDeliveries } = repositories();
    const endpoint = await webhookEndpoints.add(
      { email: 'a@example.org', url: 'https://hooks.example.org/in', events: ['journalist.verified'], secret: 'whsec_1' },
      AT,
    );
    await webhookEndpoints.rotateSecret(endpoint.id, 'whsec_2', new Date(AT.getTime() + 1000));
    await webhookEndpoints.setEnabled(endpoint.id, false, 'answered 410 Gone');
    const message = { endpointId: endpoint.id, eventId: 'msg_1', type: 'journalist.verified' as const, body: '{}' };
    await webhookDeliveries.addMessage(message, AT);
    const [added] = await webhookDeliveries.messagesOf(endpoint.id, 1);
    const failed: WebhookAttempt = { at: AT.toISOString(), status: 500, error: null, excerpt: 'oops' };
    const refused: WebhookAttempt = { at: AT.toISOString(), status: null, error: 'refused', excerpt: '' };
    await webhookDeliveries.recordAttempt(added!.id, failed, 'pending');
    await webhookDeliveries.recordAttempt(added!.id, refused, 'failed');

    const { endpoints, messages } = await stored();
    const embedded = openedDatabase(repositories().store.database).kind === 'embedded';
    expect(endpoints).toEqual([
      {
        ...(embedded ? { id: endpoint.id } : { _id: endpoint.id }),
        email: 'a@example.org',
        url: 'https://hooks.example.org/in',
        events: embedded ? '["journalist.verified"]' : ['journalist.verified'],
        secret: 'whsec_2',
        previous_secret: 'whsec_1',
        previous_secret_expires_at: new Date(AT.getTime() + 1000).toISOString(),
        enabled: embedded ? 0 : false,
        failing_since: null,
        disabled_reason: 'answered 410 Gone',
        created_at: AT.toISOString(),
      },
    ]);
    expect(messages).toEqual([
      {
        ...(embedded ? { id: added!.id } : { _id: added!.id }),
        endpoint_id: endpoint.id,
        event_id: 'msg_1',
        type: 'journalist.verified',
        body: '{}',
        created_at: AT.toISOString(),
        state: 'failed',
        attempt_count: 2,
        attempts: embedded ? JSON.stringify([failed, refused]) : [failed, refused],
      },
    ]);
  });

  it('adds one message when two fan-outs of an event add it at once', async () => {
    const { webhookEndpoints, webhookDeliveries } = repositories();
    const endpoint = await webhookEndpoints.add(
      { email: 'a@example.org', url: 'https://hooks.example.org/in', events: ['journalist.verified'], secret: 'whsec_1' },
      AT,
    );
    const message = { endpointId: endpoint.id, eventId: 'msg_1', type: 'journalist.verified' as const, body: '{}' };
    const added = await Promise.all([webhookDeliveries.addMessage(message, AT), webhookDeliveries.addMessage(message, AT)]);
    expect(added.sort()).toEqual([false, true]);
    expect((await stored()).messages).toHaveLength(1);
  });
});
