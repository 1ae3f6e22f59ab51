import type { TrustSummary } from '@byline/domain/publishers/trust-summary';
import type {
  DomainProofMethod,
  PublisherDomainState,
  PublisherEventAction,
} from '@byline/domain/publishers/publishers-repository';

/** A publisher as stored in MongoDB; `_id` from the counters collection. */
export interface PublisherDoc {
  _id: number;
  slug: string;
  name: string;
  logo_url: string | null;
  verified_at: string | null;
  verified_by: string | null;
  admin_user_id: number | null;
  attribution: boolean;
  /** The latest trust.txt reading; absent on publishers created before it was kept (read as null). */
  trust?: TrustSummary | null;
  created_at: string;
  updated_at: string;
}

/** One domain of a publisher; `_id` is JSON [publisher id, domain], one per pair. */
export interface PublisherDomainDoc {
  _id: string;
  publisher_id: number;
  domain: string;
  token: string;
  state: PublisherDomainState;
  method: DomainProofMethod | null;
  proven_at: string | null;
  last_checked_at: string | null;
  failing_since: string | null;
  last_failure: string | null;
  added_at: string;
  /** The domain while proven, unset otherwise: its sparse unique index gives a proven domain one publisher. */
  proven_domain?: string;
  /** Its v2 answers (see RenderedOutlet), rendered when the publisher, its staff or what they wrote change. */
  rendered?: { info: string; info_tag: string; outlet: string; outlet_tag: string };
  /** Its answers' render revision, absent = 0: moved on by each save and each forgetting of them. */
  rendered_rev?: number;
}

export interface PublisherEventDoc {
  _id: number;
  publisher_id: number;
  actor: string;
  action: PublisherEventAction;
  note: string;
  at: string;
}
