import { JOURNALIST_EVENT_TYPES, type DeliveredEventType, type WebhookPayload } from './webhook-event';

// The events an erasure looks for among those sent: named once, in the list of every webhook event.
export { JOURNALIST_EVENT_TYPES };

/**
 * When a journalist deletes their account, the events about them still queued for fan-out are dropped, except
 * journalist.unverified, which tells subscribers to stop trusting what they were told: the last word about them.
 */
export const DROPPED_ON_ERASURE: readonly DeliveredEventType[] = [
  'journalist.verified',
  'journalist.handle_changed',
  'journalist.slug_changed',
  'article.verified',
  'article.deactivated',
];

/**
 * The messages about an erased journalist that are redacted: every one, except a journalist.unverified still to be
 * delivered (the last word, sent as it is; after delivery it stays in the log like any message, up to 30 days).
 */
export const redactedOnErasure = (message: { type: string; state: string }): boolean =>
  !(message.type === 'journalist.unverified' && message.state === 'pending');

/** What a redacted message's body says instead of the journalist it was about. */
export const ERASED_JOURNALIST_NOTE = 'the journalist deleted their account';

/** Whether a message body (a payload as JSON) is about the journalist with `slug`. */
export function isAboutJournalist(body: string, slug: string): boolean {
  try {
    const payload = JSON.parse(body) as WebhookPayload;
    return (JOURNALIST_EVENT_TYPES as readonly DeliveredEventType[]).includes(payload.type) && payload.data?.slug === slug;
  } catch {
    return false;
  }
}

/**
 * A message's body once the journalist it named has deleted their account: its type and time stay (the
 * delivery log still reads in order), its data goes. Other API accounts keep delivery logs for 30 days; without
 * this they would keep the person's slug and handles that long.
 */
export function redactedJournalistBody(body: string): string {
  const { type, timestamp } = JSON.parse(body) as WebhookPayload;
  return JSON.stringify({ type, timestamp, data: {}, redacted: ERASED_JOURNALIST_NOTE });
}

/** The store's side of redactAboutErasedJournalists. */
export interface RedactionStore {
  sentJournalistMessages(): Promise<{ id: number; body: string }[]>;
  slugsInUse(slugs: readonly string[]): Promise<Set<string>>;
  setMessageBodies(bodies: readonly { id: number; body: string }[]): Promise<number>;
}

const slugNamedBy = (body: string): string | undefined => {
  const slug = (JSON.parse(body) as WebhookPayload).data?.slug;
  return typeof slug === 'string' ? slug : undefined;
};

/**
 * Redacts the sent messages about journalists who are gone: a message whose slug no profile holds, now or as a former
 * slug that still redirects, names a person who deleted their account (the hourly sweep after the erasure's own).
 * How many.
 */
export async function redactAboutErasedJournalists(store: RedactionStore): Promise<number> {
  const named = (await store.sentJournalistMessages()).flatMap((message) => {
    const slug = slugNamedBy(message.body);
    return slug === undefined ? [] : [{ ...message, slug }];
  });
  const present = named.length ? await store.slugsInUse([...new Set(named.map((message) => message.slug))]) : new Set();
  const gone = named.filter((message) => !present.has(message.slug));
  return store.setMessageBodies(gone.map(({ id, body }) => ({ id, body: redactedJournalistBody(body) })));
}
