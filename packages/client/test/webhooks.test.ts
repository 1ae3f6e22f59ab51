/**
 * verifyWebhook on deliveries signed as the Standard Webhooks specification says (signed here with node:crypto,
 * not with the library it wraps), and the Express receiver of docs/api.md, served for real and posted to.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import express from 'express';
import { BylineWebhookError, verifyWebhook, WEBHOOK_EVENT_TYPES, type WebhookEvent } from '@byline/client';
import { DELIVERED_EVENT_TYPES as SENT_EVENT_TYPES } from '@byline/domain/webhook-events/webhook-event';
import { listen, type Running } from './services';

const key = randomBytes(32);
const secret = `whsec_${key.toString('base64')}`;

/** The three headers of a delivery of `body`: v1 = base64(HMAC-SHA256(key, "id.timestamp.body")). */
function signed(body: string, { id = `msg_${randomBytes(6).toString('hex')}`, at = new Date(), with: signingKey = key } = {}) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac('sha256', signingKey).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

const event = {
  type: 'journalist.verified',
  timestamp: '2030-01-01T00:00:00.000Z',
  data: { slug: 'niamh-cassidy' },
};
const body = JSON.stringify(event);

// The client keeps its own list (it depends on nothing of the service's): it must name exactly the events sent.
it('names exactly the events the service sends', () => {
  expect([...WEBHOOK_EVENT_TYPES].sort()).toEqual([...SENT_EVENT_TYPES].sort());
});

describe('verifyWebhook', () => {
  test('returns the event of a delivery signed with the secret, from a string, bytes or a Headers', () => {
    const headers = signed(body);
    const verified: WebhookEvent = verifyWebhook(secret, body, headers);
    expect(verified).toEqual(event);
    expect(verifyWebhook(secret, Buffer.from(body), headers)).toEqual(event);
    expect(verifyWebhook(secret, new TextEncoder().encode(body), new Headers(headers))).toEqual(event);
    // Node's req.headers: lower-case names; a repeated header as a list.
    expect(verifyWebhook(secret, body, { ...headers, 'webhook-id': [headers['webhook-id'], 'other'] })).toEqual(event);
    // Upper-case names, and a signature list holding one for another key as well.
    const other = signed(body, { id: headers['webhook-id'], with: randomBytes(32) })['webhook-signature'];
    expect(
      verifyWebhook(secret, body, {
        'Webhook-Id': headers['webhook-id'],
        'Webhook-Timestamp': headers['webhook-timestamp'],
        'Webhook-Signature': `${other} ${headers['webhook-signature']}`,
      }),
    ).toEqual(event);
  });

  test.each([
    ['another secret', () => verifyWebhook(`whsec_${randomBytes(32).toString('base64')}`, body, signed(body))],
    ['a changed body', () => verifyWebhook(secret, body.replace('niamh', 'nora'), signed(body))],
    ['a re-serialised body', () => verifyWebhook(secret, JSON.stringify(event, null, 2), signed(body))],
    ['a timestamp ten minutes old', () => verifyWebhook(secret, body, signed(body, { at: new Date(Date.now() - 600_000) }))],
    ['a timestamp ten minutes ahead', () => verifyWebhook(secret, body, signed(body, { at: new Date(Date.now() + 600_000) }))],
    ['no signature header', () => verifyWebhook(secret, body, { ...signed(body), 'webhook-signature': undefined })],
    ['a payload that is not an event', () => verifyWebhook(secret, '[1]', signed('[1]'))],
  ])('refuses %s with a BylineWebhookError', (_name, verify) => {
    expect(verify).toThrow(BylineWebhookError);
  });

  test('refuses a parsed body, saying to keep it raw', () => {
    expect(() => verifyWebhook(secret, event as never, signed(body))).toThrow(/express\.raw/);
  });
});

describe('the Express receiver of docs/api.md', () => {
  let receiver: Running;
  const received: WebhookEvent[] = [];
  beforeAll(async () => {
    const WEBHOOK_SECRET = secret;
    // As in docs/api.md, but for `received`.
    const app = express();
    app.post('/webhooks/byline', express.raw({ type: 'application/json' }), (req, res) => {
      let event: WebhookEvent;
      try {
        event = verifyWebhook(WEBHOOK_SECRET, req.body, req.headers);
      } catch (error) {
        if (error instanceof BylineWebhookError) return void res.status(400).send(error.message);
        throw error;
      }
      received.push(event);
      res.sendStatus(204);
    });
    receiver = await listen(http.createServer(app));
  });
  afterAll(() => receiver?.close());

  const deliver = (payload: string, headers: Record<string, string>) =>
    fetch(`${receiver.url}/webhooks/byline`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: payload,
    });

  test('accepts a signed delivery (204) and refuses a forged one (400)', async () => {
    expect((await deliver(body, signed(body))).status).toBe(204);
    expect(received).toEqual([event]);
    const forged = await deliver(body, signed(body, { with: randomBytes(32) }));
    expect([forged.status, await forged.text()]).toEqual([400, 'No matching signature found']);
    expect(received).toHaveLength(1);
  });

  test('refuses a delivery without the signature headers (400)', async () => {
    const unsigned = await deliver(body, {});
    expect([unsigned.status, await unsigned.text()]).toEqual([400, 'Missing required headers']);
  });
});
