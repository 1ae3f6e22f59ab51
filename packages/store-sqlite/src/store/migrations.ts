import type Database from 'better-sqlite3';
import { rewriteHandlesToNormalForm } from './handles-normal-form';
import { CLAIMS_SCHEMA_SQL } from '../claims/sqlite-claim-tables';
import { claimsFromHandles } from '../proofs/claims-migration';
import { QUEUE_SCHEMA_SQL } from '../queue/sqlite-leased-queue';
import { RECHECKS_ONTO_QUEUE_SQL } from '../recheck/sqlite-recheck-records';
import { PROOF_ATTEMPTS_ONTO_QUEUE_SQL } from '../proofs/proof-attempts-migration';
import { PUBLISHER_TRUST_SQL, PUBLISHERS_SCHEMA_SQL } from '../publishers/sqlite-publisher-tables';
import { STAFF_SCHEMA_SQL } from '../staff/sqlite-staff-tables';
import { WEBHOOKS_SCHEMA_SQL } from '../webhooks/sqlite-webhook-tables';
import { ARTICLES_AS_CLAIMS_SQL, CHECK_MIGRATED_CLAIMS_SQL } from './articles-as-claims-migration';
import { sqliteDataStep, type AnswersFollow } from './sqlite-data-steps';
import { ANSWER_TABLES_SQL, fillAnswerTables } from '../answers/sqlite-answer-tables';

/**
 * A schema change (`sql`, applied in one transaction) or a data backfill SQL alone cannot do. A backfill
 * runs in short transactions of its own, so processes opening the file meanwhile wait a moment, not the
 * whole backfill; it must be resumable (work from what is still missing), since such a process, or a
 * restart, may run it too until one records it done. `now`: when the migrations run, the time a backfill writes into
 * what it changes; `answersFollow`: what it calls with the profiles whose stored fields it changed.
 */
export type Migration =
  | {
      /** Unique and permanent: the schema_migrations table records which names have run. */
      name: string;
      sql: string;
    }
  | { name: string; backfill: (db: Database.Database, now: Date, answersFollow: AnswersFollow) => void };

/**
 * Schema changes, applied in this order at open, each once. Append new ones (a feature may keep its own
 * list and add it here); never edit one that has shipped.
 */
export const MIGRATIONS: Migration[] = [
  {
    name: '001-core',
    sql: `
  CREATE TABLE profiles (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    verified INTEGER NOT NULL,
    active_article_count INTEGER NOT NULL DEFAULT 0,
    doc TEXT NOT NULL
  );
  CREATE TABLE articles (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    canonical_url TEXT NOT NULL UNIQUE,
    active INTEGER NOT NULL,
    published_at TEXT NOT NULL,
    doc TEXT NOT NULL
  );
  CREATE INDEX articles_latest ON articles (profile_id, active, published_at DESC, id DESC);
  CREATE TABLE social_handles (
    social_type TEXT NOT NULL,
    handle_key TEXT NOT NULL,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    PRIMARY KEY (social_type, handle_key)
  ) WITHOUT ROWID;
  CREATE INDEX social_handles_profile ON social_handles (profile_id);
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'active',
    created_at TEXT NOT NULL
  );
  CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    name TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    revoked_at TEXT,
    last_used_at TEXT
  );
  CREATE INDEX api_keys_account ON api_keys (account_id);
  `,
  },
  {
    name: '002-rate-limits-and-usage',
    sql: `
  ALTER TABLE accounts ADD COLUMN rate_limit_per_minute INTEGER;
  CREATE TABLE api_key_usage (
    key TEXT NOT NULL,
    day TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (key, day)
  ) WITHOUT ROWID;
  `,
  },
  {
    // The verifiers serve these texts as they are (see RenderedAnswers); every profile write re-renders them.
    name: '003-rendered-answers',
    sql: `
  ALTER TABLE profiles ADD COLUMN article_answer TEXT;
  ALTER TABLE profiles ADD COLUMN journalist_answer TEXT;
  `,
  },
  sqliteDataStep('004-render-existing-answers'),
  {
    name: '010-portal',
    sql: `
  CREATE TABLE portal_users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'journalist',
    profile_id INTEGER UNIQUE REFERENCES profiles(id),
    created_at TEXT NOT NULL
  );
  CREATE TABLE portal_sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES portal_users(id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX portal_sessions_expiry ON portal_sessions (expires_at);
  CREATE TABLE verification_requests (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    requested_by TEXT NOT NULL,
    requested_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending'
  );
  CREATE UNIQUE INDEX verification_requests_one_pending ON verification_requests (profile_id) WHERE status = 'pending';
  CREATE TABLE verification_audit (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    note TEXT NOT NULL,
    at TEXT NOT NULL
  );
  CREATE INDEX verification_audit_profile ON verification_audit (profile_id, id);
  `,
  },
  {
    // verify_article's lookup (articleAnswer) reads the article's owner from the index alone instead of
    // also reading the article's row: one random page less per lookup, a quarter of its time at a million articles.
    name: '011-article-lookup-index',
    sql: `
  CREATE INDEX articles_lookup ON articles (canonical_url, active, profile_id);
  `,
  },
  {
    // One-time passwords that must be changed, session flashes (sealed, see the portal's sessions.ts), reset links.
    name: '012-portal-passwords-and-flash',
    sql: `
  ALTER TABLE portal_users ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE portal_users ADD COLUMN temporary_password_expires_at TEXT;
  ALTER TABLE portal_sessions ADD COLUMN flash TEXT;
  CREATE INDEX portal_sessions_user ON portal_sessions (user_id);
  CREATE TABLE portal_password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES portal_users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX portal_password_resets_user ON portal_password_resets (user_id);
  CREATE INDEX portal_password_resets_expiry ON portal_password_resets (expires_at);
  `,
  },
  {
    // Handles the portal stored as typed profile addresses become the username every write stores now.
    name: '013-social-handles-normal-form',
    backfill: rewriteHandlesToNormalForm,
  },
  {
    // Claims with their evidence, and network sign-ins in progress (see proofs/).
    name: '014-claims-and-evidence',
    sql: CLAIMS_SCHEMA_SQL,
  },
  {
    // Every handle held until now becomes a claim, proven where it was trusted (see claimsFromHandles).
    name: '015-claims-from-handles',
    backfill: claimsFromHandles,
  },
  {
    // Each rendered answer's strong ETag, stored beside it (see RenderedAnswers). A writer from before the tags
    // (during a rolling upgrade) rewrites the answers alone: the trigger then clears the tags, so a lookup
    // renders them afresh instead of serving an old tag with a new body.
    name: '016-answer-tags',
    sql: `
  ALTER TABLE profiles ADD COLUMN article_etag TEXT;
  ALTER TABLE profiles ADD COLUMN journalist_etag TEXT;
  CREATE TRIGGER profiles_answer_tags_in_step AFTER UPDATE OF article_answer, journalist_answer ON profiles
    WHEN (NEW.article_answer IS NOT OLD.article_answer AND NEW.article_etag IS OLD.article_etag)
      OR (NEW.journalist_answer IS NOT OLD.journalist_answer AND NEW.journalist_etag IS OLD.journalist_etag)
  BEGIN
    UPDATE profiles SET article_etag = NULL, journalist_etag = NULL WHERE id = NEW.id;
  END;
  `,
  },
  sqliteDataStep('017-tag-existing-answers'),
  {
    // The web origins an API account allows to call with its keys from a browser (CORS), in the order given.
    name: '018-api-account-origins',
    sql: `
  CREATE TABLE api_account_origins (
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    position INTEGER NOT NULL,
    origin TEXT NOT NULL,
    PRIMARY KEY (account_id, origin)
  ) WITHOUT ROWID;
  `,
  },
  {
    // A key's kind: every key until now is a server key. A browser key keeps its own web origins (a JSON array,
    // read whole with the credential) and its own requests per minute.
    name: '019-browser-keys',
    sql: `
  ALTER TABLE api_keys ADD COLUMN kind TEXT NOT NULL DEFAULT 'server';
  ALTER TABLE api_keys ADD COLUMN browser_origins TEXT;
  ALTER TABLE api_keys ADD COLUMN rate_limit_per_minute INTEGER;
  CREATE INDEX api_keys_browser ON api_keys (kind) WHERE kind = 'browser';
  `,
  },
  {
    // The leased queue every kind of background work shares (see queue/leased-queue.ts).
    name: '020-leased-queue',
    sql: QUEUE_SCHEMA_SQL,
  },
  {
    // Every live re-checked proof becomes a queue item, due when its next check was: re-checks lease queue items now.
    name: '021-rechecks-on-queue',
    sql: RECHECKS_ONTO_QUEUE_SQL,
  },
  {
    // Sign-ins in progress are queue items too (QueuedProofAttempts); the `proof_attempts` table stays, empty.
    name: '022-proof-attempts-on-queue',
    sql: PROOF_ATTEMPTS_ONTO_QUEUE_SQL,
  },
  {
    // A verified profile's identity change waiting for an editor (see profiles/identity-review.ts), as JSON beside
    // the approved profile, which the answers are rendered from; the index keeps the editors' queue one lookup.
    name: '023-pending-identity-changes',
    sql: `
  ALTER TABLE profiles ADD COLUMN pending_identity TEXT;
  CREATE INDEX profiles_pending_identity ON profiles (id) WHERE pending_identity IS NOT NULL;
  `,
  },
  {
    // The editors' log, filtered by who or by what (newest first); the directory's states read the actions too.
    name: '024-audit-log-indexes',
    sql: `
  CREATE INDEX verification_audit_actor ON verification_audit (actor, id);
  CREATE INDEX verification_audit_action ON verification_audit (action, id);
  `,
  },
  {
    // The domains whose pages may credit a profile, in the order given (see @byline/domain's
    // attribution-domains). A table of its own: they are the journalist's settings, not part of the answers.
    name: '025-attribution-domains',
    sql: `
  CREATE TABLE attribution_domains (
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    position INTEGER NOT NULL,
    domain TEXT NOT NULL,
    PRIMARY KEY (profile_id, domain)
  ) WITHOUT ROWID;
  `,
  },
  {
    // Articles become claims, proven by evidence, one proven profile per address (see ARTICLES_AS_CLAIMS_SQL).
    name: '026-articles-as-claims',
    sql: ARTICLES_AS_CLAIMS_SQL,
  },
  sqliteDataStep('027-render-unproven-article-owners'),
  {
    // The claims 026 left unchecked are queued for the worker's first check of their pages.
    name: '028-check-migrated-article-claims',
    sql: CHECK_MIGRATED_CLAIMS_SQL,
  },
  {
    // Outlets, the domains they prove (one publisher per proven domain) and their history.
    name: '029-publishers',
    sql: PUBLISHERS_SCHEMA_SQL,
  },
  {
    // What a publisher's trust.txt said when last read, kept whole as JSON (see @byline/shared's TrustSummary).
    name: '030-publisher-trust',
    sql: PUBLISHER_TRUST_SQL,
  },
  {
    // Who works for which publisher: invitations and affiliations, kept when they end.
    name: '031-publisher-staff',
    sql: STAFF_SCHEMA_SQL,
  },
  {
    // v2's article_verified answer (the v1 fields and the author's evidence) rendered with the others, so a lookup
    // reads it instead of reading the evidence. A writer from before it that rewrites the v1 answer clears it (the
    // trigger), and the lookup then renders it from what is stored.
    name: '032-article-v2-answer',
    sql: `
  ALTER TABLE profiles ADD COLUMN article_v2_answer TEXT;
  ALTER TABLE profiles ADD COLUMN article_v2_etag TEXT;
  CREATE TRIGGER profiles_v2_answer_in_step AFTER UPDATE OF article_answer ON profiles
    WHEN NEW.article_answer IS NOT OLD.article_answer AND NEW.article_v2_answer IS OLD.article_v2_answer
  BEGIN
    UPDATE profiles SET article_v2_answer = NULL, article_v2_etag = NULL WHERE id = NEW.id;
  END;
  `,
  },
  sqliteDataStep('033-render-article-v2-answers'),
  {
    // v2's answers for each publisher domain (its domain_info, and the answer for an article not known there),
    // rendered when the publisher, its staff or what they wrote change: a lookup reads them instead of the digest.
    name: '034-outlet-answers',
    sql: `
  ALTER TABLE publisher_domains ADD COLUMN info_json TEXT;
  ALTER TABLE publisher_domains ADD COLUMN info_etag TEXT;
  ALTER TABLE publisher_domains ADD COLUMN outlet_json TEXT;
  ALTER TABLE publisher_domains ADD COLUMN outlet_etag TEXT;
  `,
  },
  sqliteDataStep('035-render-outlet-answers'),
  {
    // API accounts' webhook endpoints and the messages delivered to them (their events come through the queue).
    name: '036-webhooks',
    sql: WEBHOOKS_SCHEMA_SQL,
  },
  {
    // A batch of verify_article lookups reads each answer's tag from here instead of from the profile's row, where it
    // lies behind the journalist answer: reaching it read one more overflow page per lookup, a quarter of the read.
    // Small (an id, a flag and a tag per profile), so it stays in the cache.
    name: '037-profile-article-tags-index',
    sql: 'CREATE INDEX IF NOT EXISTS profiles_article_tag ON profiles (id, verified, article_etag)',
  },
  // The worker's attributions record whether the page credited the journalist by link or by name alone, and the
  // affiliation a credit by name rests on (it ends with it): those made before are given theirs from their words.
  sqliteDataStep('038-attribution-basis'),
  // A credit by name alone ends when the publisher no longer stands behind it: its verification withdrawn, or the
  // domain the article sits on no longer proven by it. Those that stopped holding before that rule was applied end now.
  sqliteDataStep('039-vouching-as-it-stands'),
  {
    // Whether a portal user proved they receive mail at their address (everyone before this is unproven), and whether
    // their password alone waits for that proof (made by sign-up with mail).
    name: '040-user-email-proof',
    sql: `
  ALTER TABLE portal_users ADD COLUMN email_verified_at TEXT;
  ALTER TABLE portal_users ADD COLUMN sign_in_awaits_proof INTEGER NOT NULL DEFAULT 0;
  `,
  },
  {
    // Links that prove an address, kept as password-reset links are: a hash of the token, used once.
    name: '041-email-confirmations',
    sql: `
  CREATE TABLE portal_email_confirmations (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES portal_users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX portal_email_confirmations_user ON portal_email_confirmations (user_id);
  CREATE INDEX portal_email_confirmations_expiry ON portal_email_confirmations (expires_at);
  `,
  },
  {
    // A rotated key may keep working for an overlap its owner chose (see ApiKeys.rotateKey): its end is kept
    // beside its hash, and the credential check compares it with the clock. Keys until now have none.
    name: '042-api-key-retirement',
    sql: 'ALTER TABLE api_keys ADD COLUMN retires_at TEXT',
  },
  {
    // Readiness's probe write after a write failed for a full disk: a row written and deleted (see WriteHealth).
    name: '048-write-probe',
    sql: 'CREATE TABLE IF NOT EXISTS write_probe (id INTEGER PRIMARY KEY, filler BLOB NOT NULL)',
  },
  {
    // The public addresses a verified profile had before an approved change of its name: each redirects to the
    // profile's slug and is given to no one else while the profile exists (see profiles/profile-slugs.ts).
    name: '044-former-slugs',
    sql: `
  CREATE TABLE former_slugs (
    slug TEXT PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    left_at TEXT NOT NULL
  );
  CREATE INDEX former_slugs_of_profile ON former_slugs (profile_id);
  `,
  },
  // Article links are stored without tracking parameters; those stored before lose theirs (answers re-rendered).
  sqliteDataStep('045-article-links-without-tracking'),
  {
    // Co-authors: several profiles may have one address proven, each by its own evidence, so the one proven article
    // per address goes; the lookups take an address's authors in credit order (see creditOrderOf), which the lookup
    // index now carries. Each article proven until now was its address's one author: first (0), until a re-check of
    // its page places it. Every write from now on gives the order.
    name: '049-co-authored-articles',
    sql: `
  DROP INDEX IF EXISTS articles_proven_address;
  DROP INDEX IF EXISTS articles_lookup;
  ALTER TABLE articles ADD COLUMN credit_order INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX articles_lookup ON articles (canonical_url, active, credit_order, id, profile_id);
  `,
  },
  {
    // The keys credentials are signed with, each stored once (by its thumbprint) and following the one before it (a
    // unique successor_of: two starts or two rotations at once add one key); published until publish_until; the
    // private key only of the newest key Byline generated (see credential-keys.ts).
    name: '050-credential-keys',
    sql: `
  CREATE TABLE credential_keys (
    id INTEGER PRIMARY KEY,
    successor_of INTEGER NOT NULL UNIQUE,
    thumbprint TEXT NOT NULL UNIQUE,
    public_jwk TEXT NOT NULL,
    private_jwk TEXT,
    created_at TEXT NOT NULL,
    publish_until TEXT NOT NULL
  );
  `,
  },
  {
    // Journalists' credentials (see credential-documents.ts): one per profile, told what to claim by each re-render
    // (a change token while the worker has not issued it yet), served by slug; the status lists' entries, an index
    // given once per list (unique), with the time its credential was revoked; and the lists as published.
    name: '051-journalist-credentials',
    sql: `
  CREATE TABLE journalist_credentials (
    profile_id INTEGER PRIMARY KEY,
    claims TEXT,
    change TEXT,
    render_revision INTEGER NOT NULL DEFAULT 0,
    awaiting_note INTEGER NOT NULL DEFAULT 0,
    slug TEXT,
    issued_claims TEXT,
    status_entry INTEGER,
    jwt TEXT,
    cose TEXT,
    etag TEXT,
    issued_at TEXT,
    reissue_at TEXT
  );
  CREATE INDEX journalist_credentials_due ON journalist_credentials (change) WHERE change IS NOT NULL;
  CREATE INDEX journalist_credentials_reissue ON journalist_credentials (reissue_at) WHERE reissue_at IS NOT NULL;
  CREATE INDEX journalist_credentials_slug ON journalist_credentials (slug) WHERE slug IS NOT NULL;
  CREATE TABLE credential_status_entries (
    id INTEGER PRIMARY KEY,
    list INTEGER NOT NULL,
    list_index INTEGER NOT NULL,
    revoked_at TEXT,
    UNIQUE (list, list_index)
  );
  CREATE INDEX credential_status_entries_revoked ON credential_status_entries (list, revoked_at) WHERE revoked_at IS NOT NULL;
  CREATE TABLE credential_status_lists (
    id INTEGER PRIMARY KEY,
    revoked_count INTEGER NOT NULL,
    jwt TEXT,
    cose TEXT,
    etag TEXT,
    published_at TEXT,
    reissue_at TEXT
  );
  `,
  },
  {
    // Lookups of a Bluesky account by the handle its proven claim shows today (a DID is found by claims_by_key).
    name: '052-claims-by-value',
    sql: `
  CREATE INDEX claims_by_value ON claims (kind, value) WHERE released_at IS NULL AND state = 'proven';
  `,
  },
  {
    // What Byline's Bluesky account must assert about each verified journalist (noted by re-renders), and the
    // record it published: one row per profile, found by the worker while a change is pending or a look is due.
    name: '053-bluesky-verifications',
    sql: `
  CREATE TABLE bluesky_verifications (
    profile_id INTEGER PRIMARY KEY,
    subject TEXT,
    change TEXT,
    render_revision INTEGER NOT NULL DEFAULT 0,
    record TEXT,
    uri TEXT,
    cid TEXT,
    writing TEXT,
    failures INTEGER NOT NULL DEFAULT 0,
    due_at TEXT,
    last_error TEXT
  );
  CREATE INDEX bluesky_verifications_pending ON bluesky_verifications (change) WHERE change IS NOT NULL;
  CREATE INDEX bluesky_verifications_due ON bluesky_verifications (due_at) WHERE due_at IS NOT NULL;
  `,
  },
  // Journalists verified with a proven Bluesky account before 053: their re-render notes their records.
  sqliteDataStep('054-note-bluesky-verifications'),
  {
    // Each kind of answer the lookups serve in a narrow table, kept in step with the profile's row by triggers.
    name: '055-answer-tables',
    sql: ANSWER_TABLES_SQL,
  },
  { name: '056-fill-answer-tables', backfill: fillAnswerTables },
];
