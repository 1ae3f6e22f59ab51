import { checkPublisherDomain, type DomainCheckOutcome } from '@byline/editorial/publisher-domains/check-publisher-domain';
import { refreshPublisherTrust } from '@byline/editorial/trust-txt/refresh-publisher-trust';
import { setPublisherVerified } from '@byline/editorial/publishers/set-publisher-verified';
import { type TrustTxtSources } from '@byline/editorial/trust-txt/read-trust-txt';
import { newDomainToken } from '@byline/editorial/publisher-domains/domain-token';
import { type DomainProofSources } from '@byline/editorial/publisher-domains/check-domain-proof';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { slugOf } from '@byline/editorial/use-cases/slugs';
import { type LeasedQueue } from '@byline/domain/queue/leased-queue';
import {
  type Publisher,
  type PublisherDomain,
  type PublisherEvent,
  type PublisherEventAction,
  type Publishers,
} from '@byline/domain/publishers/publishers-repository';
import { type PublisherDomains } from '@byline/domain/publishers/publisher-domains-repository';
import { type PublisherHistory } from '@byline/domain/publishers/publisher-history-repository';
import { type RecheckPolicy } from '@byline/domain/proofs/claim-store';
import { type Staff } from '@byline/domain/staff/staff-repository';
import { type TrustSummary } from '@byline/domain/publishers/trust-summary';

/** The three publisher ports, as the store's repositories have them: the use cases below that read across them take these. */
export interface PublisherRepositories {
  publishers: Publishers;
  publisherDomains: PublisherDomains;
  publisherHistory: PublisherHistory;
}

/** How many slugs a new publisher tries (`name`, `name-2`, …) before the name is refused as taken. */
const SLUG_TRIES = 20;

export const TAKEN_NAME =
  'Publishers with this name already exist under every address Byline would give it: choose a fuller name (the town, the country).';

/**
 * How many publishers one person may administer: enough for a group's titles, few enough that no one can take every
 * address an outlet's name would get (see SLUG_TRIES) from one account.
 */
export const MAX_PUBLISHERS_PER_ADMIN = 5;

export const TOO_MANY_PUBLISHERS = `You administer ${MAX_PUBLISHERS_PER_ADMIN} publishers already, as many as one account may. Ask the operator for more.`;

export const OWN_PUBLISHER_REFUSAL = 'You administer this publisher: another editor must verify it or withdraw its verification.';

/** Whether the user runs the publisher's page (its domains): the person who created it. */
export const administers = (user: PortalUser, publisher: Publisher) => publisher.adminUserId === user.id;

/** Who may see a publisher's page: its admin and editors; to anyone else it does not exist. */
export const mayView = (user: PortalUser, publisher: Publisher) => administers(user, publisher) || user.role === 'editor';

/**
 * A new publisher, administered by the user: its slug from its name, with the first free suffix when another
 * publisher has it (as a profile's slug). 'taken' when every slug tried is; 'too-many' when the user administers
 * MAX_PUBLISHERS_PER_ADMIN already.
 */
export async function createPublisher(
  publishers: Publishers,
  user: PortalUser,
  fields: { name: string; logo_url: string },
  now: Date,
): Promise<Publisher | 'taken' | 'too-many'> {
  if ((await publishers.administeredBy(user.id)).length >= MAX_PUBLISHERS_PER_ADMIN) return 'too-many';
  const base = slugOf(fields.name) || 'publisher';
  for (let n = 1; n <= SLUG_TRIES; n++) {
    const created = await publishers.create(
      { slug: n === 1 ? base : `${base}-${n}`, name: fields.name, logoUrl: fields.logo_url || null, adminUserId: user.id },
      user.email,
      now,
    );
    if (created) return created;
  }
  return 'taken';
}

/** A domain for the publisher to prove, pending with a new token; null when it has the domain already. */
export function addPublisherDomain(
  publisherDomains: Pick<PublisherDomains, 'addDomain'>,
  user: PortalUser,
  publisher: Publisher,
  domain: string,
  now: Date,
): Promise<PublisherDomain | null> {
  return publisherDomains.addDomain(publisher.id, domain, newDomainToken(), user.email, now);
}

export interface DomainCheckDeps {
  publisherDomains: PublisherDomains;
  publisherHistory: PublisherHistory;
  queue: LeasedQueue;
  sources: DomainProofSources;
  policy: RecheckPolicy;
  /** Where trust.txt is read after a domain's first proof; not read when null. */
  trust: TrustTxtSources | null;
}

/**
 * "Check now": the domain's proof read at once, recorded, and (proven) its re-check queued like the worker's; a
 * domain proven for the first time may be the one the publisher's trust.txt is read from, so it is read then.
 */
export async function checkDomainNow(
  { publisherDomains, publisherHistory, queue, sources, policy, trust }: DomainCheckDeps,
  user: PortalUser,
  publisher: Publisher,
  domain: string,
  now: Date,
): Promise<DomainCheckOutcome> {
  const found = await checkPublisherDomain(
    { publisherDomains, queue },
    { publisherId: publisher.id, domain },
    { sources, schedule: policy, actor: user.email, now },
  );
  if (trust && found.outcome === 'proven' && found.firstProof) {
    await refreshPublisherTrust({ publisherDomains, publisherHistory }, publisher.id, { sources: trust, now });
  }
  return found;
}

/**
 * How long after a reading the file may be read again on request: each reading asks up to 21 sites (the outlet's and
 * those its file names, which its admin chooses), so a button pressed in a loop would make Byline a requester for them.
 */
export const TRUST_READ_PAUSE_MS = 60_000;

export type TrustReading =
  | { read: true; trust: TrustSummary }
  | { read: false; reason: 'no-proven-domain' }
  | { read: false; reason: 'too-soon'; retryAfterMs: number };

/**
 * "Read trust.txt again" (its admin or an editor): the file read at once, as after a first proof and on the re-check
 * schedule. Nothing is read, and the last reading is kept, within TRUST_READ_PAUSE_MS of the last reading, or while no
 * domain is proven: a file on a domain the publisher has not proven says nothing of it.
 */
export async function readTrustAgain(
  repositories: PublisherRepositories,
  publisher: Publisher,
  sources: TrustTxtSources,
  now: Date,
): Promise<TrustReading> {
  const last = publisher.trust ? Date.parse(publisher.trust.readAt) : NaN;
  const since = now.getTime() - last;
  if (since >= 0 && since < TRUST_READ_PAUSE_MS) {
    return { read: false, reason: 'too-soon', retryAfterMs: TRUST_READ_PAUSE_MS - since };
  }
  const domains = await repositories.publisherDomains.domainsOf(publisher.id);
  if (!domains.some((domain) => domain.state === 'proven')) return { read: false, reason: 'no-proven-domain' };
  await refreshPublisherTrust(repositories, publisher.id, { sources, now });
  const trust = (await repositories.publishers.findById(publisher.id))?.trust;
  // The publisher was deleted meanwhile, or its domain removed between the two reads: nothing to show.
  return trust ? { read: true, trust } : { read: false, reason: 'no-proven-domain' };
}

export type PublisherDecision = { ok: true } | { ok: false; reason: 'own-publisher' | 'unchanged' | 'no-such-publisher' };

/**
 * An editor verifies a publisher or withdraws its verification, with the note the history keeps. Separation of
 * duties: the editor who administers it may not decide on it (another editor must), as with one's own profile.
 */
export async function decidePublisher(
  publishers: Publishers,
  editor: PortalUser,
  publisher: Publisher,
  verified: boolean,
  note: string,
  now: Date,
): Promise<PublisherDecision> {
  if (administers(editor, publisher)) return { ok: false, reason: 'own-publisher' };
  const change = await setPublisherVerified(publishers, publisher, verified, editor.email, note, now);
  return change === 'changed' ? { ok: true } : { ok: false, reason: change };
}

export interface PublisherPageData {
  publisher: Publisher;
  domains: PublisherDomain[];
  history: PublisherEvent[];
}

export async function publisherPageData(
  { publisherDomains, publisherHistory }: Pick<PublisherRepositories, 'publisherDomains' | 'publisherHistory'>,
  publisher: Publisher,
): Promise<PublisherPageData> {
  const [domains, history] = await Promise.all([
    publisherDomains.domainsOf(publisher.id),
    publisherHistory.historyOf(publisher.id),
  ]);
  return { publisher, domains, history };
}

/** Every publisher with its proven domains, for the editors' list. */
export async function publishersWithDomains({
  publishers,
  publisherDomains,
  publisherHistory,
}: PublisherRepositories): Promise<{ publisher: Publisher; proven: string[]; pending: number; askedAt: string | null }[]> {
  const all = await publishers.list();
  const rows = await Promise.all(
    all.map(async (publisher) => {
      const [domains, history] = await Promise.all([
        publisherDomains.domainsOf(publisher.id),
        publisherHistory.historyOf(publisher.id),
      ]);
      return {
        publisher,
        proven: domains.filter((d) => d.state === 'proven').map((d) => d.domain),
        pending: domains.filter((d) => d.state !== 'proven').length,
        askedAt: publisher.verifiedAt === null ? verificationAskedAt(history) : null,
      };
    }),
  );
  // Those asking for verification first, oldest ask first: the editors' queue of publishers.
  const asking = rows.filter((row) => row.askedAt !== null).sort((a, b) => a.askedAt!.localeCompare(b.askedAt!));
  return [...asking, ...rows.filter((row) => row.askedAt === null)];
}

/**
 * When its admin asked the editors to verify it, if they have not decided since (the history is newest first): the
 * editors' list shows it as asked, and the admin's page says it waits.
 */
export function verificationAskedAt(history: PublisherEvent[]): string | null {
  const latest = history.find(
    (event) => event.action === 'verification-requested' || event.action === 'verified' || event.action === 'unverified',
  );
  return latest?.action === 'verification-requested' ? latest.at : null;
}

export type VerificationAsk = 'asked' | 'already-verified' | 'already-asked' | 'no-proven-domain';

/**
 * Its admin asks the editors to verify it, with what they should know (optional): recorded in its history, which
 * the editors' list reads. Editors verify an outlet on its proven domains, so one must be proven first.
 */
export async function askForVerification(
  { publisherDomains, publisherHistory }: Pick<PublisherRepositories, 'publisherDomains' | 'publisherHistory'>,
  user: PortalUser,
  publisher: Publisher,
  note: string,
  now: Date,
): Promise<VerificationAsk> {
  if (publisher.verifiedAt !== null) return 'already-verified';
  const [domains, history] = await Promise.all([
    publisherDomains.domainsOf(publisher.id),
    publisherHistory.historyOf(publisher.id),
  ]);
  if (!domains.some((domain) => domain.state === 'proven')) return 'no-proven-domain';
  if (verificationAskedAt(history) !== null) return 'already-asked';
  await publisherHistory.recordEvent(publisher.id, { actor: user.email, action: 'verification-requested', note }, now);
  return 'asked';
}

/**
 * What keeps a publisher from being deleted: a verified one is answered by lookups (an editor withdraws it first);
 * one an editor has decided on (verified, or withdrew) keeps that decision and its reason on record — deleting it
 * would let the outlet be made again under its name with no trace; one with staff or an invitation, in any state, is
 * named in journalists' records and its vouching may have made their articles count; a proven domain is removed
 * first (its removal is recorded, its re-checks stop).
 */
export type DeletionBlock = 'verified' | 'decided' | 'staff' | 'proven-domain';

/** The history entries that record an editor's decision about the publisher. */
const EDITORS_DECISIONS: readonly PublisherEventAction[] = ['verified', 'unverified'];

export async function deletionBlocks(
  repositories: PublisherRepositories & { staff: Pick<Staff, 'ofPublisher'> },
  publisher: Publisher,
): Promise<DeletionBlock[]> {
  const [domains, staff, history] = await Promise.all([
    repositories.publisherDomains.domainsOf(publisher.id),
    repositories.staff.ofPublisher(publisher.id),
    repositories.publisherHistory.historyOf(publisher.id),
  ]);
  const decided = history.some((event) => EDITORS_DECISIONS.includes(event.action));
  return [
    ...(publisher.verifiedAt !== null ? (['verified'] as const) : []),
    ...(decided && publisher.verifiedAt === null ? (['decided'] as const) : []),
    ...(staff.length ? (['staff'] as const) : []),
    ...(domains.some((domain) => domain.state === 'proven') ? (['proven-domain'] as const) : []),
  ];
}

/** Deletes a mistaken publisher with its domains and history, unless something above keeps it. */
export async function deletePublisher(
  repositories: PublisherRepositories & { staff: Pick<Staff, 'ofPublisher'> },
  publisher: Publisher,
): Promise<{ ok: true } | { ok: false; blocks: DeletionBlock[] }> {
  const blocks = await deletionBlocks(repositories, publisher);
  if (blocks.length) return { ok: false, blocks };
  // Refused by the store when an invitation was made meanwhile: asked again, with what keeps it now.
  if (await repositories.publishers.delete(publisher.id)) return { ok: true };
  return { ok: false, blocks: await deletionBlocks(repositories, publisher) };
}
