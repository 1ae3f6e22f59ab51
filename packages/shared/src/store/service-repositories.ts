import type { ApiAccounts } from '@byline/domain/api-accounts/api-accounts-repository';
import type { ApiCredentials } from '@byline/domain/api-accounts/api-credentials-repository';
import type { ApiKeys } from '@byline/domain/api-accounts/api-keys-repository';
import { DocumentApiAccounts } from '@byline/domain/api-accounts/document-api-accounts';
import type { AccountDocument, ApiKeyDocument } from '@byline/domain/api-accounts/api-account-documents';
import { MongoStoredApiAccounts } from '@byline/store-mongodb/api-accounts/mongo-api-accounts';
import { ACCOUNTS_COLLECTION, API_KEYS_COLLECTION } from '@byline/store-mongodb/api-accounts/mongo-api-account-collections';
import { MongoDocuments } from '@byline/store-mongodb/documents/mongo-documents';
import { SqliteStoredApiAccounts } from '@byline/store-sqlite/api-accounts/sqlite-api-accounts';
import { ACCOUNTS_TABLE, API_KEYS_TABLE } from '@byline/store-sqlite/api-accounts/sqlite-api-account-tables';
import { SqliteDocuments } from '@byline/store-sqlite/documents/sqlite-documents';
import type { Store } from '@byline/domain/store/store';
import type { AuthorEvidence } from '@byline/domain/evidence/author-evidence-repository';
import { DocumentAuthorEvidence } from '@byline/domain/evidence/evidence-documents';
import { mongoEvidenceDocuments } from '@byline/store-mongodb/evidence/mongo-author-evidence';
import { ARTICLES_COLLECTION } from '@byline/store-mongodb/articles/mongo-articles';
import { CLAIMS_TABLE, EVIDENCE_TABLE } from '@byline/store-sqlite/claims/sqlite-claim-tables';
import { STAFF_TABLE } from '@byline/store-sqlite/staff/sqlite-staff-tables';
import { ARTICLES_TABLE } from '@byline/store-sqlite/articles/sqlite-articles';
import { MongoStoredPublishers } from '@byline/store-mongodb/publishers/mongo-publishers';
import {
  PUBLISHER_DOMAINS_COLLECTION,
  PUBLISHER_EVENTS_COLLECTION,
  PUBLISHERS_COLLECTION,
} from '@byline/store-mongodb/publishers/mongo-publisher-collections';
import type { Publishers } from '@byline/domain/publishers/publishers-repository';
import type { PublisherDomains } from '@byline/domain/publishers/publisher-domains-repository';
import type { PublisherHistory } from '@byline/domain/publishers/publisher-history-repository';
import { publishersOver } from '@byline/domain/publishers/publishers';
import { DocumentPublishers } from '@byline/domain/publishers/document-publishers';
import { SqliteStoredPublishers } from '@byline/store-sqlite/publishers/sqlite-publishers';
import {
  PUBLISHER_DOMAINS_TABLE,
  PUBLISHER_EVENTS_TABLE,
  PUBLISHERS_TABLE,
} from '@byline/store-sqlite/publishers/sqlite-publisher-tables';
import type { OutletDigests } from '@byline/domain/outlets/outlet-digests-repository';
import { MongoOutletDigests } from '@byline/store-mongodb/outlets/mongo-outlet-digests';
import { SqliteOutletDigests } from '@byline/store-sqlite/outlets/sqlite-outlet-digests';
import { DocumentUsageRecords } from '@byline/domain/usage/document-usage-records';
import type { UsageRecords } from '@byline/domain/usage/usage-repository';
import { USAGE_COLLECTION } from '@byline/store-mongodb/usage/mongo-usage-collections';
import { MongoUnitOfWrite } from '@byline/store-mongodb/documents/mongo-unit-of-write';
import { USAGE_TABLE, USAGE_WRITE_PATIENCE_MS } from '@byline/store-sqlite/usage/sqlite-usage-tables';
import { SqliteUnitOfWrite } from '@byline/store-sqlite/documents/sqlite-unit-of-write';
import type { LeasedQueue } from '@byline/domain/queue/leased-queue';
import { MongoLeasedQueue } from '@byline/store-mongodb/queue/mongo-leased-queue';
import { SqliteLeasedQueue } from '@byline/store-sqlite/queue/sqlite-leased-queue';
import { lazily, servedByOne } from './lazily';
import type { MongoDatabase } from '@byline/store-mongodb/store/mongo-database';
import { openedDatabase } from './opened-database';
import type { SqliteDatabase } from '@byline/store-sqlite/store/sqlite-database';

/**
 * The repositories a verifier uses besides its lookups: credentials and origins to check, usage to count, and for
 * the v2 answers the publisher of a domain (its rendered answers) and the outlet's digest (rendering them where a
 * writer from before them left them out), and the queue where a v2 lookup leaves work; and the author's evidence read
 * live, which the rendered v2 answers are checked against.
 */
export interface ServiceRepositories {
  /** API accounts, with the web origins their server keys may be used from. */
  apiAccounts: ApiAccounts;
  /** The accounts' keys: made, listed, rotated and revoked. */
  apiKeys: ApiKeys;
  /** What a credential check and a preflight read of the accounts and keys: the hot path. */
  apiCredentials: ApiCredentials;
  usage: UsageRecords;
  /** Outlets themselves. */
  publishers: Publishers;
  /** Outlets' domains, their proofs, and the outlet of a host (what the v2 answers read). */
  publisherDomains: PublisherDomains;
  /** Outlets' history and their trust.txt as last read. */
  publisherHistory: PublisherHistory;
  authorEvidence: AuthorEvidence;
  outletDigests: OutletDigests;
  /**
   * The leased queue: a v2 lookup of an unknown article on a verified outlet queues its attribution here. Registered
   * with the verifiers' own repositories (repositoriesOf hands out this one too) because a verifier writes to it.
   */
  queue: LeasedQueue;
}

const known = new WeakMap<Store, ServiceRepositories>();

type Makers = { [Name in keyof ServiceRepositories]: () => ServiceRepositories[Name] };

const API_ACCOUNT_PORTS = ['apiAccounts', 'apiKeys', 'apiCredentials'] as const;
const PUBLISHER_PORTS = ['publishers', 'publisherDomains', 'publisherHistory'] as const;

const sqliteServiceRepositories = (database: SqliteDatabase): Makers => ({
  ...servedByOne(
    API_ACCOUNT_PORTS,
    () =>
      new DocumentApiAccounts(
        new SqliteDocuments<AccountDocument, Omit<AccountDocument, 'id'>>(database, ACCOUNTS_TABLE),
        new SqliteDocuments<ApiKeyDocument, Omit<ApiKeyDocument, 'id'>>(database, API_KEYS_TABLE),
        new SqliteStoredApiAccounts(database),
      ),
  ),
  usage: () =>
    new DocumentUsageRecords(
      new SqliteDocuments(database, USAGE_TABLE),
      new SqliteDocuments<ApiKeyDocument, Omit<ApiKeyDocument, 'id'>>(database, API_KEYS_TABLE),
      new SqliteUnitOfWrite(database, USAGE_WRITE_PATIENCE_MS),
    ),
  ...servedByOne(PUBLISHER_PORTS, () =>
    publishersOver(
      new DocumentPublishers(
        {
          publishers: new SqliteDocuments(database, PUBLISHERS_TABLE),
          domains: new SqliteDocuments(database, PUBLISHER_DOMAINS_TABLE),
          events: new SqliteDocuments(database, PUBLISHER_EVENTS_TABLE),
        },
        new SqliteStoredPublishers(database),
      ),
    ),
  ),
  authorEvidence: () =>
    new DocumentAuthorEvidence({
      articles: new SqliteDocuments(database, ARTICLES_TABLE),
      claims: new SqliteDocuments(database, CLAIMS_TABLE),
      evidence: new SqliteDocuments(database, EVIDENCE_TABLE),
      staff: new SqliteDocuments(database, STAFF_TABLE),
      publishers: new SqliteDocuments(database, PUBLISHERS_TABLE),
      domains: new SqliteDocuments(database, PUBLISHER_DOMAINS_TABLE),
    }),
  outletDigests: () => new SqliteOutletDigests(database),
  queue: () => new SqliteLeasedQueue(database),
});

const mongoServiceRepositories = (database: MongoDatabase): Makers => ({
  ...servedByOne(
    API_ACCOUNT_PORTS,
    () =>
      new DocumentApiAccounts(
        new MongoDocuments<AccountDocument, Omit<AccountDocument, 'id'>>(database, ACCOUNTS_COLLECTION),
        new MongoDocuments<ApiKeyDocument, Omit<ApiKeyDocument, 'id'>>(database, API_KEYS_COLLECTION),
        new MongoStoredApiAccounts(database),
      ),
  ),
  usage: () =>
    new DocumentUsageRecords(
      new MongoDocuments(database, USAGE_COLLECTION),
      new MongoDocuments<ApiKeyDocument, Omit<ApiKeyDocument, 'id'>>(database, API_KEYS_COLLECTION),
      new MongoUnitOfWrite(database),
    ),
  ...servedByOne(PUBLISHER_PORTS, () =>
    publishersOver(
      new DocumentPublishers(
        {
          publishers: new MongoDocuments(database, PUBLISHERS_COLLECTION),
          domains: new MongoDocuments(database, PUBLISHER_DOMAINS_COLLECTION),
          events: new MongoDocuments(database, PUBLISHER_EVENTS_COLLECTION),
        },
        new MongoStoredPublishers(database),
      ),
    ),
  ),
  authorEvidence: () =>
    new DocumentAuthorEvidence({
      ...mongoEvidenceDocuments(database),
      articles: new MongoDocuments(database, ARTICLES_COLLECTION),
    }),
  outletDigests: () => new MongoOutletDigests(database),
  queue: () => new MongoLeasedQueue(database),
});

/**
 * The verifiers' repositories on an opened store (the same objects every time; repositoriesOf hands out these too).
 * Registered apart from the other resources so that a verifier loads only these adapters.
 * None holds anything to close beyond the store's own database.
 */
export function serviceRepositoriesOf(store: Store): ServiceRepositories {
  const found = known.get(store);
  if (found) return found;
  const database = openedDatabase(store.database);
  // The one place the verifiers' repositories follow the database the store opened.
  const makers =
    database.kind === 'embedded' ? sqliteServiceRepositories(database.sqlite) : mongoServiceRepositories(database.mongo);
  const repositories = lazily<ServiceRepositories>([], makers);

  known.set(store, repositories);
  return repositories;
}
