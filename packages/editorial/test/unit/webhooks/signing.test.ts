import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signingSecretsOf, webhookHeaders } from '../../../src/webhooks/signing';
import { retryAfterMs, retryDelayMs, RETRY_DELAYS_MS } from '../../../src/webhooks/retry-schedule';
import type { WebhookEndpoint } from '@byline/domain/webhooks/webhooks-repository';

/** The Standard Webhooks specification's published test vector (its "Signature scheme" section and test suites). */
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('webhook signatures', () => {
  it("sign the specification's test vector to its published signature", () => {
    const headers = webhookHeaders(VECTOR.id, VECTOR.body, [VECTOR.secret], new Date(VECTOR.timestamp * 1000 + 999));
    expect(headers).toEqual({
      'webhook-id': VECTOR.id,
      'webhook-timestamp': String(VECTOR.timestamp),
      'webhook-signature': VECTOR.signature,
    });
  });

  it('a new secret is whsec_ and 32 random bytes, which the verifier accepts', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
    const at = new Date();
    const headers = webhookHeaders('msg_x', '{"a":1}', [secret], at);
    expect(new Webhook(secret).verify('{"a":1}', headers)).toEqual({ a: 1 });
  });

  it('the previous secret signs too until its overlap ends', () => {
    const endpoint = {
      secret: 'whsec_new',
      previousSecret: 'whsec_old',
      previousSecretExpiresAt: '2031-01-02T00:00:00.000Z',
    } as WebhookEndpoint;
    expect(signingSecretsOf(endpoint, new Date('2031-01-01T00:00:00Z'))).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecretsOf(endpoint, new Date('2031-01-02T00:00:00Z'))).toEqual(['whsec_new']);
  });
});

describe('the retry schedule', () => {
  it('is the specification’s, then runs out', () => {
    expect(RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(retryDelayMs(1, null)).toBe(5000);
    expect(retryDelayMs(9, null)).toBe(86_400_000);
    expect(retryDelayMs(10, null)).toBeNull();
  });

  it('waits for a later Retry-After (seconds or a date), at most a day', () => {
    const now = new Date('2031-01-01T00:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 01 Jan 2031 00:10:00 GMT', now)).toBe(600_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryDelayMs(1, 120_000)).toBe(120_000);
    expect(retryDelayMs(2, 120_000)).toBe(300_000);
    expect(retryDelayMs(1, 7 * 86_400_000)).toBe(86_400_000);
  });
});
