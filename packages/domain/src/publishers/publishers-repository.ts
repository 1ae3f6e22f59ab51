/**
 * Publishers: outlets that prove their domains and whose editors-verified standing lets an article lookup know the
 * outlet. A publisher is created by a signed-up person (its admin) or an operator; it answers nothing until an
 * editor verifies it, and then only on the domains it has proven (a proven domain covers its subdomains).
 */

import type { RenderedOutlet } from '../outlets/rendered-outlet';
import type { TrustSummary } from './trust-summary';

/** How a domain was proven: a DNS TXT record at `_byline.DOMAIN`, or the token at the well-known address. */
export type DomainProofMethod = 'dns-txt' | 'well-known';

/** `pending` until proven; `lapsed` when its proof failed past the grace period (proved again like a new one). */
export type PublisherDomainState = 'pending' | 'proven' | 'lapsed';

export interface Publisher {
  id: number;
  slug: string;
  name: string;
  /** An https:// address of the outlet's logo, or null. */
  logoUrl: string | null;
  /** When an editor (or operator) verified it, and who; null while it is not verified. */
  verifiedAt: string | null;
  verifiedBy: string | null;
  /** The portal user who administers it (null for one an operator created). */
  adminUserId: number | null;
  /** Whether lookups of its unknown articles may fetch their pages to attribute them (the outlet may ask not to). */
  attribution: boolean;
  /** What its trust.txt said when last read (relations, contacts, errors, or why it could not be read); null until read. */
  trust: TrustSummary | null;
  createdAt: string;
  updatedAt: string;
}

export interface PublisherDomain {
  publisherId: number;
  /** Lower case, ASCII (punycode), no trailing dot. */
  domain: string;
  /** The value the publisher puts in its TXT record or well-known file: `byline-verification=TOKEN`. */
  token: string;
  state: PublisherDomainState;
  method: DomainProofMethod | null;
  provenAt: string | null;
  lastCheckedAt: string | null;
  /** When its proof first failed since it last held; null while it holds. */
  failingSince: string | null;
  lastFailure: string | null;
  addedAt: string;
}

export interface NewPublisher {
  slug: string;
  name: string;
  logoUrl?: string | null;
  adminUserId?: number | null;
}

/** Who a publisher's history names for the worker's domain checks (and for a lapse recorded without an entry). */
export const DOMAIN_CHECK_ACTOR = 'byline:domain check';

/** What happened to a publisher and who did it: shown to its admin and to editors. */
export const PUBLISHER_EVENTS = [
  'created',
  'domain-added',
  'domain-proven',
  'domain-failing',
  'domain-lapsed',
  'domain-removed',
  'verified',
  'unverified',
  /** Its admin asked the editors to verify it (the editors' list shows it as asked until they decide). */
  'verification-requested',
] as const;
export type PublisherEventAction = (typeof PUBLISHER_EVENTS)[number];

export interface PublisherEvent {
  id: number;
  publisherId: number;
  actor: string;
  action: PublisherEventAction;
  note: string;
  at: string;
}

export type NewPublisherEvent = Omit<PublisherEvent, 'id'>;

/** A history entry a change writes with itself. */
export type EventEntry = Pick<PublisherEvent, 'actor' | 'action' | 'note'>;

/** A check of a domain's proof, as the domain-proof rule decided it. */
export type DomainCheck =
  | { outcome: 'proven'; method: DomainProofMethod; at: string }
  | { outcome: 'failing'; failure: string; at: string }
  | { outcome: 'lapsed'; failure: string; at: string };

/** The rendered v2 answers of a verified publisher's proven domain that covers a host (see outletFor). */
export interface OutletMatch {
  publisherId: number;
  /** Whether the publisher lets its pages be read to attribute unknown articles. */
  attribution: boolean;
  /** Null where not rendered (by a writer from before them): the lookup then renders them from what is stored. */
  rendered: RenderedOutlet | null;
}

/** A verified publisher's proven domain that covers a host: the one with the longest domain (the closest). */
export interface PublisherMatch {
  publisher: Publisher;
  domain: PublisherDomain;
}

/**
 * The outlets themselves: made, found, renamed, verified by an editor, handed on when their admin leaves, and
 * deleted when mistaken. Their domains are PublisherDomains; their history and trust.txt, PublisherHistory.
 */
export interface Publishers {
  /** Null when the slug is taken. */
  create(publisher: NewPublisher, actor: string, at: Date): Promise<Publisher | null>;
  findBySlug(slug: string): Promise<Publisher | null>;
  findById(id: number): Promise<Publisher | null>;
  /** Every publisher, by slug. */
  list(): Promise<Publisher[]>;
  /** The publishers a portal user administers, by slug. */
  administeredBy(userId: number): Promise<Publisher[]>;
  /**
   * The user's publishers lose their admin (the user is leaving): they stay, verified or not, for the operator to hand
   * on. How many did.
   */
  forgetAdmin(userId: number, at: Date): Promise<number>;
  /** Name, logo and the attribution switch; the rest stays. */
  update(id: number, fields: Partial<Pick<Publisher, 'name' | 'logoUrl' | 'attribution'>>, at: Date): Promise<Publisher | null>;
  /** An editor's decision, recorded with its history entry in the same write. False when there is no such publisher. */
  setVerified(id: number, verified: boolean, actor: string, note: string, at: Date): Promise<boolean>;
  /**
   * Deletes the publisher with its domains and its history: for a mistaken one, which nothing else names (the caller
   * checked: unverified, no staff or invitation, no proven domain). False when there is no such publisher, or when
   * something came to name it meanwhile (an invitation: the embedded store refuses the deletion then).
   */
  delete(publisherId: number): Promise<boolean>;
}
