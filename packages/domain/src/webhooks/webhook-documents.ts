import type { Documents } from '../documents/documents';
import type { Profiles } from '../profiles/profiles-repository';
import type { WebhookDeliveries } from './webhook-deliveries-repository';
import type { WebhookEndpoints } from './webhook-endpoints-repository';
import type { WebhookEndpoint, WebhookMessage } from './webhooks-repository';

/** Both webhook ports, as one object: endpoints and their messages are one database's tables or collections. */
export type WebhookPorts = WebhookEndpoints & WebhookDeliveries;

/** Endpoints as the generic document port stores them: every field of an endpoint, its events a list. */
export type EndpointDocuments = Documents<WebhookEndpoint, Omit<WebhookEndpoint, 'id'>>;

/** Messages as the generic document port stores them: every field of a message, its attempts a list of records. */
export type MessageDocuments = Documents<WebhookMessage, Omit<WebhookMessage, 'id'>>;

/** A sent message about a journalist, not redacted yet: its body names them by slug (see JOURNALIST_EVENT_TYPES). */
export interface SentJournalistMessage {
  id: number;
  body: string;
}

/** What the redaction sweep asks the profiles: whether a slug still names someone. */
export type ProfileSlugs = Pick<Profiles, 'verifiedFlagsOf' | 'slugReplacing'>;
