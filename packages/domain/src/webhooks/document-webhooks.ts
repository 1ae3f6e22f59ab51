import { UniqueTakenError } from '../documents/documents';
import { JOURNALIST_EVENT_TYPES, redactAboutErasedJournalists } from '../webhook-events/erased-journalist';
import type { WebhookEventType } from '../webhook-events/webhook-event';
import type { EndpointDocuments, MessageDocuments, ProfileSlugs, SentJournalistMessage, WebhookPorts } from './webhook-documents';
import type {
  NewWebhookEndpoint,
  NewWebhookMessage,
  WebhookAttempt,
  WebhookEndpoint,
  WebhookMessage,
  WebhookMessageState,
} from './webhooks-repository';

/** How many messages the redaction sweep reads at a time: the log may hold 30 days of deliveries. */
const SWEEP_PAGE = 500;

/** Whether a message's body is redacted already (see redactedJournalistBody). */
const isRedacted = (body: string): boolean => (JSON.parse(body) as { redacted?: unknown }).redacted != null;

/**
 * Webhook endpoints and their messages, written once over the generic document port (each database's adapter only
 * stores them).
 */
export class DocumentWebhooks implements WebhookPorts {
  constructor(
    private readonly endpoints: EndpointDocuments,
    private readonly messages: MessageDocuments,
    /** The profiles, asked whether the slugs in sent messages still name someone. */
    private readonly profiles: () => ProfileSlugs,
  ) {}

  /** A new endpoint is enabled, not failing, with no secret rotated away. */
  add({ email, url, events, secret }: NewWebhookEndpoint, at: Date): Promise<WebhookEndpoint> {
    return this.endpoints.insert({
      email,
      url,
      events: [...events],
      secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
      enabled: true,
      failingSince: null,
      disabledReason: null,
      createdAt: at.toISOString(),
    });
  }

  find(id: number): Promise<WebhookEndpoint | null> {
    return this.endpoints.first({ id });
  }

  endpointsOf(email: string): Promise<WebhookEndpoint[]> {
    return this.endpoints.all({ email });
  }

  subscribed(type: WebhookEventType, audience?: string): Promise<WebhookEndpoint[]> {
    return this.endpoints.all({ enabled: true, events: { has: type }, ...(audience === undefined ? {} : { email: audience }) });
  }

  async setEnabled(id: number, enabled: boolean, reason?: string): Promise<boolean> {
    const set = enabled ? { enabled, disabledReason: null, failingSince: null } : { enabled, disabledReason: reason ?? null };
    return (await this.endpoints.updateFirst({ id }, set)) !== null;
  }

  /** Conditional on the secret read, so of two rotations at once the second does not drop the first's secret. */
  async rotateSecret(id: number, secret: string, previousExpiresAt: Date): Promise<boolean> {
    const current = await this.endpoints.first({ id });
    if (!current) return false;
    const set = { secret, previousSecret: current.secret, previousSecretExpiresAt: previousExpiresAt.toISOString() };
    return (await this.endpoints.updateFirst({ id, secret: current.secret }, set)) !== null;
  }

  /** The first failure's time stays: only an endpoint not failing yet takes `since`. */
  async setFailing(id: number, since: Date | null): Promise<boolean> {
    if (since === null) return (await this.endpoints.updateFirst({ id }, { failingSince: null })) !== null;
    if (await this.endpoints.updateFirst({ id, failingSince: null }, { failingSince: since.toISOString() })) return true;
    return (await this.endpoints.count({ id })) > 0;
  }

  /** The endpoint first: a removal cut short leaves messages no endpoint delivers, never an endpoint without them. */
  async remove(id: number): Promise<boolean> {
    const removed = (await this.endpoints.deleteAll({ id })) > 0;
    await this.messages.deleteAll({ endpointId: id });
    return removed;
  }

  /** One message per endpoint and event (one unique index over the two), so a fan-out run twice adds it once. */
  async addMessage({ endpointId, eventId, type, body }: NewWebhookMessage, at: Date): Promise<boolean> {
    if (await this.messages.first({ endpointId, eventId })) return false;
    try {
      const createdAt = at.toISOString();
      await this.messages.insert({ endpointId, eventId, type, body, createdAt, state: 'pending', attemptCount: 0, attempts: [] });
      return true;
    } catch (error) {
      // Another fan-out of the same event added it first.
      if (error instanceof UniqueTakenError && error.field === 'endpointId') return false;
      throw error;
    }
  }

  nextPending(endpointId: number): Promise<WebhookMessage | null> {
    return this.messages.first({ endpointId, state: 'pending' });
  }

  /**
   * The attempt appended to the attempts as read, in a write conditional on the message being as read, read again
   * when a redelivery came between: every attempt is listed, and counted since the message was last queued.
   */
  async recordAttempt(messageId: number, attempt: WebhookAttempt, state: WebhookMessageState): Promise<boolean> {
    for (;;) {
      const message = await this.messages.first({ id: messageId });
      if (!message) return false;
      const { attemptCount, attempts } = message;
      const asRead = { id: messageId, state: message.state, attemptCount };
      const set = { attempts: [...attempts, { ...attempt }], state, attemptCount: attemptCount + 1 };
      if (await this.messages.updateFirst(asRead, set)) return true;
    }
  }

  messagesOf(endpointId: number, limit: number): Promise<WebhookMessage[]> {
    return this.messages.all({ endpointId }, { newestFirst: true, limit });
  }

  findMessage(id: number): Promise<WebhookMessage | null> {
    return this.messages.first({ id });
  }

  /** Its attempts stay listed; the retry schedule counts from zero again. */
  async redeliver(messageId: number): Promise<boolean> {
    return (await this.messages.updateFirst({ id: messageId }, { state: 'pending', attemptCount: 0 })) !== null;
  }

  /** What is still to be sent stays, however old. */
  pruneMessages(before: Date): Promise<number> {
    return this.messages.deleteAll({ state: { ne: 'pending' }, createdAt: { lt: before.toISOString() } });
  }

  redactAboutErasedJournalists(): Promise<number> {
    return redactAboutErasedJournalists({
      sentJournalistMessages: () => this.sentJournalistMessages(),
      slugsInUse: (slugs) => this.slugsInUse(slugs),
      setMessageBodies: (bodies) => this.setMessageBodies(bodies),
    });
  }

  /**
   * Every message about a journalist that was sent (or given up on) and is not redacted yet, read a page at a time in
   * id order so that only their ids and bodies are kept.
   */
  private async sentJournalistMessages(): Promise<SentJournalistMessage[]> {
    const sent: SentJournalistMessage[] = [];
    const about = { type: { in: JOURNALIST_EVENT_TYPES }, state: { ne: 'pending' as const } };
    for (let after = 0; ;) {
      const page = await this.messages.all({ ...about, id: { gt: after } }, { limit: SWEEP_PAGE });
      for (const { id, body } of page) if (!isRedacted(body)) sent.push({ id, body });
      if (page.length < SWEEP_PAGE) return sent;
      after = page[page.length - 1]!.id;
    }
  }

  /** The slugs profiles hold now, and the former slugs that still redirect to one (few: read one by one). */
  private async slugsInUse(slugs: readonly string[]): Promise<Set<string>> {
    const profiles = this.profiles();
    const inUse = new Set((await profiles.verifiedFlagsOf(slugs)).keys());
    for (const slug of slugs) if (!inUse.has(slug) && (await profiles.slugReplacing(slug)) !== null) inUse.add(slug);
    return inUse;
  }

  private async setMessageBodies(bodies: readonly SentJournalistMessage[]): Promise<number> {
    let set = 0;
    for (const { id, body } of bodies) if (await this.messages.updateFirst({ id }, { body })) set++;
    return set;
  }
}
