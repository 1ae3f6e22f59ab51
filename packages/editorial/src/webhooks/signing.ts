import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookEndpoint } from '@byline/domain/webhooks/webhooks-repository';

/**
 * Signatures as the Standard Webhooks specification has them, made by its own library (`standardwebhooks`, the
 * reference implementation that receivers verify with), so ours cannot drift from what their verifiers accept.
 */

/** A new signing secret: `whsec_` and 32 random bytes in base64 (the specification allows 24 to 64). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** How long a rotated-out secret still signs, so a receiver can switch to the new one without missing a message. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** The secrets that sign a message at `now`: the current one, and the previous one during its overlap. */
export function signingSecretsOf(endpoint: WebhookEndpoint, now: Date): string[] {
  const { secret, previousSecret, previousSecretExpiresAt } = endpoint;
  const overlapping =
    previousSecret !== null && previousSecretExpiresAt !== null && Date.parse(previousSecretExpiresAt) > now.getTime();
  return overlapping ? [secret, previousSecret] : [secret];
}

/** The three Standard Webhooks headers of one attempt at `at`: every secret signs `id.timestamp.body`. */
export function webhookHeaders(eventId: string, body: string, secrets: readonly string[], at: Date): Record<string, string> {
  // The specification's timestamps are whole seconds; the library signs the one it is given, so give it that.
  const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(eventId, timestamp, body)).join(' '),
  };
}
