import { verificationOver } from '@byline/domain/verification/verification';
import { staffOver } from '@byline/domain/staff/staff';
import { profilesOver } from '@byline/domain/profiles/profiles';
import { DocumentAuditHistory } from '@byline/domain/audit/document-audit-history';
import { DocumentArticles } from '@byline/domain/articles/article-documents';
import { articlesOver } from '@byline/domain/articles/articles';
import { directoryOver } from '@byline/domain/directory/directory-over';
import { storedDirectoryOver } from '@byline/domain/directory/shared-records';
import { DocumentStaff } from '@byline/domain/staff/document-staff';
import { DocumentVerification } from '@byline/domain/verification/document-verification';
import { recheckRecordsOver } from '@byline/domain/recheck/recheck-records-over';
import { DocumentRecheckRecords } from '@byline/domain/recheck/document-recheck-records';
import { DocumentUsers } from '@byline/domain/users/document-users';
import { DocumentSessions } from '@byline/domain/sessions/document-sessions';
import { DocumentOneTimeLinks } from '@byline/domain/one-time-links/document-one-time-links';
import { DocumentWebhooks } from '@byline/domain/webhooks/document-webhooks';
import { QueuedProofAttempts } from '@byline/domain/proofs/queued-proof-attempts';
import type { LeasedQueue } from '@byline/domain/queue/leased-queue';
import { CredentialKeys } from '@byline/domain/credentials/credential-keys';
import type { ResourceRepositories } from './store-repositories';
import { lazily, servedByOne, type Closeable } from './lazily';
import { PROFILE_PORTS, WEBHOOK_PORTS } from './store-repositories';

/** The `index`th argument of a constructor: what a database must give the class the rules live in. */
type Given<C extends abstract new (...args: never) => unknown, Index extends number> = ConstructorParameters<C>[Index];

/**
 * What one database gives the resources: its generic documents of each stored shape (one table or collection
 * each), and the few adapters it keeps by hand (hot reads, batched writes, searches). Each is made when first asked
 * for. How the resources are built over them, and which rules they run, is written once, in repositoriesOver.
 */
export interface DatabaseAdapters {
  /** The profiles' store: their reads, export and units of write. */
  profiles(): Parameters<typeof profilesOver>[0];
  profileDocuments(): Given<typeof DocumentVerification, 2>;
  articles(): Given<typeof DocumentArticles, 0>;
  storedArticles(): Given<typeof DocumentArticles, 1>;
  verificationRequests(): Given<typeof DocumentVerification, 0>;
  closingAudit(): Given<typeof DocumentVerification, 1>;
  storedVerification(): Given<typeof DocumentVerification, 3>;
  claims(): ResourceRepositories['claims'];
  audit(): Given<typeof DocumentAuditHistory, 0>;
  /** What a re-check reads of a claim: the claims, their evidence, the history and the profiles' documents. */
  recheckReads(): Given<typeof DocumentRecheckRecords, 1>;
  storedRecheckRecords(): Given<typeof DocumentRecheckRecords, 2>;
  /** The directory's search, and the documents it reads its rows from. */
  directorySearch(): Parameters<typeof storedDirectoryOver>[0];
  directoryReads(): Parameters<typeof storedDirectoryOver>[1];
  staff(): Given<typeof DocumentStaff, 0>;
  publishers(): Given<typeof DocumentStaff, 1>;
  storedStaff(): Given<typeof DocumentStaff, 2>;
  users(): Given<typeof DocumentUsers, 0>;
  sessions(): Given<typeof DocumentSessions, 0>;
  passwordResets(): Given<typeof DocumentOneTimeLinks, 0>;
  emailConfirmations(): Given<typeof DocumentOneTimeLinks, 0>;
  attributionDomains(): ResourceRepositories['attributionDomains'];
  credentialKeys(): Given<typeof CredentialKeys, 0>;
  journalistCredentials(): Omit<ResourceRepositories['journalistCredentials'], 'keys'>;
  blueskyVerifications(): ResourceRepositories['blueskyVerifications'];
  webhookEndpoints(): Given<typeof DocumentWebhooks, 0>;
  webhookMessages(): Given<typeof DocumentWebhooks, 1>;
}

/**
 * Every resource's repository over one database's adapters, each made on first use (see lazily) and remembered in
 * `opened` for closing; the proof attempts ride on the verifiers' leased queue.
 */
export function repositoriesOver(
  database: DatabaseAdapters,
  queue: () => LeasedQueue,
  opened: Closeable[],
): ResourceRepositories {
  const users = database.users();
  // What a user's removal ends before the user, in that order (see DocumentUsers.remove).
  const endedWithUser = () => [repositories.sessions, repositories.passwordResets, repositories.emailConfirmations];
  const repositories: ResourceRepositories = lazily<ResourceRepositories>(opened, {
    ...servedByOne(PROFILE_PORTS, () => profilesOver(database.profiles())),
    articles: () => articlesOver(new DocumentArticles(database.articles(), database.storedArticles())),
    verification: () =>
      verificationOver(
        new DocumentVerification(
          database.verificationRequests(),
          database.closingAudit(),
          database.profileDocuments(),
          database.storedVerification(),
        ),
      ),
    claims: () => database.claims(),
    audit: () => new DocumentAuditHistory(database.audit()),
    recheckRecords: () =>
      recheckRecordsOver(
        new DocumentRecheckRecords(database.verificationRequests(), database.recheckReads(), database.storedRecheckRecords()),
      ),
    directory: () => directoryOver(storedDirectoryOver(database.directorySearch(), database.directoryReads())),
    staff: () => staffOver(new DocumentStaff(database.staff(), database.publishers(), database.storedStaff())),
    users: () => new DocumentUsers(users, endedWithUser),
    sessions: () => new DocumentSessions(database.sessions(), users),
    passwordResets: () => new DocumentOneTimeLinks(database.passwordResets()),
    emailConfirmations: () => new DocumentOneTimeLinks(database.emailConfirmations()),
    proofAttempts: () => new QueuedProofAttempts(queue()),
    attributionDomains: () => database.attributionDomains(),
    credentialKeys: () => new CredentialKeys(database.credentialKeys()),
    journalistCredentials: () => ({ ...database.journalistCredentials(), keys: repositories.credentialKeys }),
    blueskyVerifications: () => database.blueskyVerifications(),
    ...servedByOne(
      WEBHOOK_PORTS,
      () => new DocumentWebhooks(database.webhookEndpoints(), database.webhookMessages(), () => repositories.profiles),
    ),
  });
  return repositories;
}
