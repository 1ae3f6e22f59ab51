import type { Collection, Db, IndexDescription } from 'mongodb';
import type { StoredClaim, StoredEvidence } from '@byline/domain/claims/stored-claims';
import type { AccountStatus, ArticleInput, ProfileInput, SocialType } from '@byline/domain/domain/types';
import type { RenderedAnswers } from '@byline/domain/domain/rendered-answers';
import type { AuditAction } from '@byline/domain/audit/audit-repository';
import type { ArticleProof } from '@byline/domain/articles/article-proof';
import type { StoredQueueItem } from '@byline/domain/queue/stored-queue-item';
import type { PendingIdentityChange } from '@byline/domain/profiles/identity-review';
import type { PublisherDomainDoc, PublisherDoc, PublisherEventDoc } from '../publishers/mongo-publisher-docs';
import type { AffiliationState } from '@byline/domain/staff/staff-repository';
import type { WebhookMessageDoc } from '../webhooks/mongo-webhook-docs';

/**
 * Documents as stored. Integer `_id`s come from the counters collection (see mongo-ids.ts), so the ids
 * of the contract are the documents' own keys. Every lookup is an equality match on a normalised key
 * (canonical address, lower-cased handle, exact slug/email/key): FerretDB 1.x has no collations.
 */
export interface ProfileDoc {
  _id: number;
  slug: string;
  verified: boolean;
  /** The profile as imported, without `verified` (kept above, settable alone) and without articles. */
  profile: Omit<ProfileInput, 'articles' | 'verified'>;
  /** Denormalised count of this profile's active articles; see profile-derived-fields.ts. */
  active_article_count?: number;
  /** The verifiers' answers, rendered from the profile and its articles (see profile-derived-fields.ts); absent on documents written before them. */
  answers?: RenderedAnswers;
  /**
   * The answers' render revision, absent = 0: each save of them (made only while it is the revision read before
   * rendering) and each forgetting moves it on (see AnswersUnit.saveAnswers and forgetAnswers, and
   * OutOfServiceWrites.forgetV2Answers).
   */
  answers_rev?: number;
  /** The portal user who created this profile, when it was made in the portal (lets a retry find it). */
  portal_user_id?: number;
  /** A verified profile's identity change waiting for an editor; `profile` (and the answers) keep the approved values. */
  pending_identity?: PendingIdentityChange;
}

export interface ArticleDoc {
  _id: number;
  profile_id: number;
  canonical_url: string;
  /** Whether the article counts: listed active by its owner (`article.active`) and proven. */
  active: boolean;
  published_at: string;
  /** The article as its owner gave it (`link` as given); the fields above are copies for the indexes. */
  article: ArticleInput;
  /** Absent on articles written before articles were claims (a data step sets it). */
  proven?: boolean;
  /** The canonical address while proven, as data step 026 wrote it until co-authors (049 removes it). */
  proven_url?: string;
  proof?: ArticleProof;
  /**
   * Its author's place among the address's co-authors (creditOrderOf its proof), which the lookups sort by; absent
   * only on articles written before co-authors, until data step 049 sets it (a missing one sorts first, as 0 does).
   */
  credit_order?: number;
}

export interface HandleDoc {
  social_type: SocialType;
  handle_key: string;
  profile_id: number;
}

export interface AccountDoc {
  _id: number;
  email: string;
  status: AccountStatus;
  created_at: string;
  /** Requests per minute for this account; absent or null means the service default. */
  rate_limit_per_minute?: number | null;
  /** Web origins allowed to call with this account's keys (CORS), normalised; absent means none. */
  allowed_origins?: string[];
}

export interface ApiKeyDoc {
  _id: number;
  key: string;
  account_id: number;
  name: string;
  secret_hash: string;
  created_at: string;
  revoked_at: string | null;
  /** A rotated key's end (see ApiKeySummary.retires_at); absent on a key not rotated away (never written null). */
  retires_at?: string;
  last_used_at: string | null;
  /** Absent on a server key (every key written before browser keys is one). */
  kind?: 'browser';
  /** A browser key's own web origins, normalised, in the order given. */
  browser_origins?: string[];
  /** A browser key's own requests per minute. */
  rate_limit_per_minute?: number;
}

/** An affiliation as stored in MongoDB; `_id` from the counters collection. */
export interface AffiliationDoc {
  _id: number;
  publisher_id: number;
  profile_id: number | null;
  invited_email: string | null;
  state: AffiliationState;
  invited_by: string;
  invited_at: string;
  accepted_at: string | null;
  ended_at: string | null;
  ended_by: string | null;
  ended_reason: string | null;
  /**
   * `publisher profile` and `publisher email` while the affiliation is open, unset once it is declined or ended:
   * their sparse unique indexes allow one open affiliation per person and publisher (FerretDB 1.x has no partial
   * indexes).
   */
  open_profile?: string;
  open_email?: string;
}

export interface PortalUserDoc {
  _id: number;
  email: string;
  password_hash: string;
  role: 'journalist' | 'editor';
  profile_id: number | null;
  created_at: string;
  /** True from a one-time password until the user chooses their own; absent on users made before it (false). */
  must_change_password?: boolean;
  /** While a one-time password is unused: when it stops working. */
  temporary_password_expires_at?: string | null;
  /** When the user proved they receive mail at `email`; absent on users made before it (unproven). */
  email_verified_at?: string | null;
  /** Made by sign-up with mail: the password alone signs in only once the address is proven; absent on others (false). */
  sign_in_awaits_proof?: boolean;
}

export interface VerificationRequestDoc {
  _id: number;
  profile_id: number;
  requested_by: string;
  requested_at: string;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  /**
   * The profile id while pending, minus the request's own id once closed. Its unique index allows one
   * pending request per profile without a partial index (which FerretDB 1.x lacks).
   */
  open_for: number;
}

export interface AuditDoc {
  _id: number;
  profile_id: number;
  actor: string;
  action: AuditAction;
  note: string;
  at: string;
  /** On the record that closes a request (a withdrawal), `withdrawn:REQUEST_ID`: unique, so only one writer closes it. */
  closing?: string;
}

export interface CounterDoc {
  _id: string;
  seq: number;
}

/** A claim (see proofs/claims.ts); the fields are the embedded store's columns. */
export interface ClaimDoc extends StoredClaim {
  _id: number;
  /**
   * `profile_id kind key` while the claim is live, unset once released. Its unique index allows one live claim
   * per (profile, kind, key) without a partial index (which FerretDB 1.x lacks).
   */
  live?: string;
}

/** A proof of a claim, in its own collection. */
export interface EvidenceDoc extends StoredEvidence {
  _id: number;
}

/** A network sign-in in progress as kept before the queue (data step 022 moves them there), keyed by the hash of its `state`. */
export interface ProofAttemptDoc {
  _id: string;
  user_id: number;
  profile_id: number;
  network: SocialType;
  claimed_value: string;
  nonce: string;
  code_verifier: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A work item of the leased queue (see queue/leased-queue.ts); `_id` is JSON [topic, key], one item per key. */
export interface QueueItemDoc extends StoredQueueItem {
  _id: string;
}

/** The domains whose pages may credit a profile (see @byline/domain's attribution-domains), keyed by profile id. */
export interface AttributionDomainsDoc {
  _id: number;
  domains: string[];
  updated_at: string;
}

/** A public address a profile had before an approved change of its name: it redirects (see profile-slugs.ts). */
export interface FormerSlugDoc {
  /** The former slug: unique, so never two profiles' at once. */
  _id: string;
  profile_id: number;
  left_at: string;
}

/** A journalist's credential (see credential-documents.ts): the profile's id is the _id. */
export interface JournalistCredentialDoc {
  _id: number;
  claims: string | null;
  change: string | null;
  render_revision: number;
  awaiting_note: boolean;
  slug: string | null;
  issued_claims: string | null;
  status_entry: number | null;
  jwt: string | null;
  cose: string | null;
  etag: string | null;
  issued_at: string | null;
  reissue_at: string | null;
}

/** A one-time data step that has run (see mongo-migrations.ts). */
export interface MigrationDoc {
  _id: string;
  applied_at: string;
}

export const COLLECTIONS = {
  profiles: 'profiles',
  articles: 'articles',
  handles: 'social_handles',
  accounts: 'accounts',
  apiKeys: 'api_keys',
  usage: 'api_key_usage',
  counters: 'counters',
  portalUsers: 'portal_users',
  portalSessions: 'portal_sessions',
  passwordResets: 'portal_password_resets',
  emailConfirmations: 'portal_email_confirmations',
  verificationRequests: 'verification_requests',
  audit: 'verification_audit',
  migrations: 'schema_migrations',
  claims: 'claims',
  evidence: 'evidence',
  proofAttempts: 'proof_attempts',
  queueItems: 'queue_items',
  attributionDomains: 'attribution_domains',
  publishers: 'publishers',
  publisherDomains: 'publisher_domains',
  publisherEvents: 'publisher_events',
  publisherStaff: 'publisher_staff',
  webhookEndpoints: 'webhook_endpoints',
  webhookMessages: 'webhook_messages',
  formerSlugs: 'former_slugs',
  credentialKeys: 'credential_keys',
  journalistCredentials: 'journalist_credentials',
  credentialStatusEntries: 'credential_status_entries',
  credentialStatusLists: 'credential_status_lists',
  blueskyVerifications: 'bluesky_verifications',
  /** The store's change counter: one document, moved on after every write that may change an answer (MongoStore.answersGeneration). */
  storeChanges: 'store_changes',
} as const;

/** The change counter's one document (`_id: 'answers'`). */
export interface StoreChangesDoc {
  _id: string;
  n: number;
}

/**
 * The document type each collection holds: a collection is opened through collectionOf, never with a type picked by
 * hand. Collections only the generic documents open (usage, sessions, one-time links, credential keys, status
 * entries and lists) have none here: their stored shape is their field list and descriptor (see stored-names.ts).
 */
interface CollectionDocs {
  storeChanges: StoreChangesDoc;
  profiles: ProfileDoc;
  articles: ArticleDoc;
  handles: HandleDoc;
  accounts: AccountDoc;
  apiKeys: ApiKeyDoc;
  counters: CounterDoc;
  portalUsers: PortalUserDoc;
  verificationRequests: VerificationRequestDoc;
  audit: AuditDoc;
  migrations: MigrationDoc;
  claims: ClaimDoc;
  evidence: EvidenceDoc;
  proofAttempts: ProofAttemptDoc;
  queueItems: QueueItemDoc;
  attributionDomains: AttributionDomainsDoc;
  publishers: PublisherDoc;
  publisherDomains: PublisherDomainDoc;
  publisherEvents: PublisherEventDoc;
  publisherStaff: AffiliationDoc;
  webhookMessages: WebhookMessageDoc;
  formerSlugs: FormerSlugDoc;
  journalistCredentials: JournalistCredentialDoc;
}

export function collectionOf<K extends keyof CollectionDocs>(db: Db, name: K): Collection<CollectionDocs[K]> {
  return db.collection<CollectionDocs[K]>(COLLECTIONS[name]);
}

/** Which index carries each lookup is noted beside it; unique indexes are what make concurrent writers safe. */
const INDEXES: Record<string, IndexDescription[]> = {
  // profile by slug (import upsert, set-verified)
  [COLLECTIONS.profiles]: [
    { key: { slug: 1 }, name: 'slug_unique', unique: true },
    // the profile a portal user created, found again after a save interrupted before the user was linked
    { key: { portal_user_id: 1 }, name: 'portal_user' },
  ],
  [COLLECTIONS.articles]: [
    // authors of an article by its canonical address (the counting ones: `active`), in credit order; every claim of
    // an address. Several profiles may have one address proven (co-authors): no unique index on proven addresses.
    { key: { canonical_url: 1, active: 1, credit_order: 1, _id: 1 }, name: 'address_in_credit_order' },
    // one article per profile and address
    { key: { profile_id: 1, canonical_url: 1 }, name: 'profile_address_unique', unique: true },
    // the three latest active articles of a profile; export by profile
    { key: { profile_id: 1, active: 1, published_at: -1, _id: -1 }, name: 'profile_latest' },
  ],
  [COLLECTIONS.handles]: [
    // profile by social handle; one profile per (network, handle) across all profiles
    { key: { social_type: 1, handle_key: 1 }, name: 'handle_unique', unique: true },
    { key: { profile_id: 1 }, name: 'profile' },
  ],
  [COLLECTIONS.accounts]: [{ key: { email: 1 }, name: 'email_unique', unique: true }],
  [COLLECTIONS.apiKeys]: [
    { key: { key: 1 }, name: 'key_unique', unique: true },
    { key: { account_id: 1 }, name: 'account' },
    // the browser keys, whose origins a preflight may be granted
    { key: { kind: 1 }, name: 'kind' },
  ],
  // per-key, per-day request totals
  [COLLECTIONS.usage]: [{ key: { key: 1, day: 1 }, name: 'key_day_unique', unique: true }],
  // portal sign-in by email
  [COLLECTIONS.portalUsers]: [{ key: { email: 1 }, name: 'email_unique', unique: true }],
  [COLLECTIONS.portalSessions]: [
    { key: { token_hash: 1 }, name: 'token_hash_unique', unique: true },
    // expired sessions are swept by expiry time (a string, so no TTL index)
    { key: { expires_at: 1 }, name: 'expiry' },
    // a user's other sessions, ended when the password changes
    { key: { user_id: 1 }, name: 'user' },
  ],
  [COLLECTIONS.passwordResets]: [
    // a reset link by its token's hash; used once (see @byline/domain's document-one-time-links.ts)
    { key: { token_hash: 1 }, name: 'token_hash_unique', unique: true },
    { key: { user_id: 1 }, name: 'user' },
    { key: { expires_at: 1 }, name: 'expiry' },
  ],
  [COLLECTIONS.emailConfirmations]: [
    // a confirmation link by its token's hash; used once (see @byline/domain's document-one-time-links.ts)
    { key: { token_hash: 1 }, name: 'token_hash_unique', unique: true },
    { key: { user_id: 1 }, name: 'user' },
    { key: { expires_at: 1 }, name: 'expiry' },
  ],
  [COLLECTIONS.verificationRequests]: [
    // at most one pending request per profile (see VerificationRequestDoc.open_for)
    { key: { open_for: 1 }, name: 'one_pending_per_profile', unique: true },
    // the editors' queue, oldest first
    { key: { status: 1, requested_at: 1, _id: 1 }, name: 'queue' },
  ],
  // a profile's decision history, newest first
  [COLLECTIONS.audit]: [
    { key: { profile_id: 1, _id: -1 }, name: 'profile_history' },
    // the editors' log filtered by who or by what, newest first; the directory's states read the actions too
    { key: { actor: 1, _id: -1 }, name: 'log_by_actor' },
    { key: { action: 1, _id: -1 }, name: 'log_by_action' },
    // one withdrawal per request: FerretDB's conditional updates do not decide a race between two writers
    { key: { closing: 1 }, name: 'closing_unique', unique: true, sparse: true },
  ],
  // FerretDB 1.x has no partial indexes: these cover released claims and ended proofs too.
  [COLLECTIONS.claims]: [
    // one live claim per (profile, kind, key) (see ClaimDoc.live); sparse, so released claims are not in it
    { key: { live: 1 }, name: 'one_live_per_profile_key', unique: true, sparse: true },
    // the claims of a key on every profile (proving releases the others' unproven ones)
    { key: { kind: 1, key: 1 }, name: 'by_key' },
    // a Bluesky account looked up by the handle its claim shows today
    { key: { kind: 1, value: 1 }, name: 'by_value' },
    // a profile's claims, oldest first
    { key: { profile_id: 1, _id: 1 }, name: 'of_profile' },
  ],
  [COLLECTIONS.evidence]: [
    // a claim's proofs, oldest first (re-checks due are found on the queue: see queueItems)
    { key: { claim_id: 1, _id: 1 }, name: 'of_claim' },
  ],
  // sign-ins in progress are swept by expiry time
  [COLLECTIONS.proofAttempts]: [{ key: { expires_at: 1 }, name: 'expiry' }],
  // a topic's due work, oldest due first (one item per (topic, key) by its _id)
  [COLLECTIONS.queueItems]: [{ key: { topic: 1, due_at: 1, _id: 1 }, name: 'due' }],
  [COLLECTIONS.publishers]: [
    { key: { slug: 1 }, name: 'slug_unique', unique: true },
    { key: { admin_user_id: 1 }, name: 'admin' },
  ],
  [COLLECTIONS.publisherDomains]: [
    // a publisher's domains, by name
    { key: { publisher_id: 1, domain: 1 }, name: 'of_publisher' },
    // a proven domain belongs to one publisher; the lookup of a host's publisher reads it too (sparse: only proven)
    { key: { proven_domain: 1 }, name: 'proven_domain_unique', unique: true, sparse: true },
  ],
  [COLLECTIONS.publisherEvents]: [{ key: { publisher_id: 1, _id: -1 }, name: 'of_publisher' }],
  [COLLECTIONS.publisherStaff]: [
    // one open affiliation per person and publisher (sparse: only open ones carry the keys)
    { key: { open_profile: 1 }, name: 'open_profile_unique', unique: true, sparse: true },
    { key: { open_email: 1 }, name: 'open_email_unique', unique: true, sparse: true },
    { key: { publisher_id: 1, _id: -1 }, name: 'of_publisher' },
    { key: { profile_id: 1, _id: -1 }, name: 'of_profile' },
    { key: { invited_email: 1 }, name: 'of_email' },
  ],
  // an account's endpoints; the endpoints subscribed to an event type
  [COLLECTIONS.webhookEndpoints]: [
    { key: { email: 1, _id: 1 }, name: 'of_account' },
    { key: { events: 1 }, name: 'by_event' },
  ],
  [COLLECTIONS.webhookMessages]: [
    // one message per (endpoint, event): a fan-out run twice adds it once
    { key: { endpoint_id: 1, event_id: 1 }, name: 'endpoint_event_unique', unique: true },
    // an endpoint's next pending message, in order
    { key: { endpoint_id: 1, state: 1, _id: 1 }, name: 'in_order' },
  ],
  // a profile's former slugs, erased with it (the slug itself is the _id)
  [COLLECTIONS.formerSlugs]: [{ key: { profile_id: 1 }, name: 'of_profile' }],
  // each key follows one key: two starts or two rotations at once add one key, not two
  [COLLECTIONS.credentialKeys]: [
    { key: { successor_of: 1 }, name: 'successor_of_unique', unique: true },
    // a key is stored once, whichever replica meets it first
    { key: { thumbprint: 1 }, name: 'thumbprint_unique', unique: true },
  ],
  // the credentials the worker must issue (a change pending) or issue again (before they expire); served by slug
  [COLLECTIONS.journalistCredentials]: [
    { key: { change: 1 }, name: 'due' },
    { key: { reissue_at: 1 }, name: 'reissue' },
    { key: { slug: 1 }, name: 'by_slug' },
  ],
  // the worker's pending publications, and those due a retry or a look at the display name
  [COLLECTIONS.blueskyVerifications]: [
    { key: { change: 1 }, name: 'pending' },
    { key: { due_at: 1 }, name: 'due' },
  ],
  [COLLECTIONS.credentialStatusEntries]: [
    // an index is given once per list
    { key: { list: 1, index: 1 }, name: 'list_index_unique', unique: true },
    // a list's revocations, as it is published
    { key: { list: 1, revoked_at: 1 }, name: 'revoked' },
  ],
};

/** The field a changed document carries its webhook events in (see webhook-events/mongo-carried-events.ts). */
export const EVENTS_FIELD = 'webhook_outbox';

/** The collections whose documents carry events (every resource that emits one). */
export const EVENT_CARRYING_COLLECTIONS = [
  COLLECTIONS.profiles,
  COLLECTIONS.apiKeys,
  COLLECTIONS.publishers,
  COLLECTIONS.articles,
  COLLECTIONS.credentialStatusEntries,
] as const;

// The events a changed document still carries are found every second by the worker's relay: sparse, so only the few
// documents carrying events are in the index.
for (const name of EVENT_CARRYING_COLLECTIONS) {
  INDEXES[name] = [...(INDEXES[name] ?? []), { key: { [EVENTS_FIELD]: 1 }, name: EVENTS_FIELD, sparse: true }];
}

/**
 * Creates collections and indexes; idempotent, run at every start. One index per command: FerretDB 1.24
 * drops the connection when one createIndexes command repeats several indexes that already exist.
 */
export async function ensureSchema(db: Db): Promise<void> {
  for (const [collection, indexes] of Object.entries(INDEXES)) {
    for (const index of indexes) await db.collection(collection).createIndexes([index]);
  }
}
