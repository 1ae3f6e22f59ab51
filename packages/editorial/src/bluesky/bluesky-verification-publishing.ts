import { randomInt } from 'node:crypto';
import type { Documents } from '@byline/domain/documents/documents';
import type {
  BlueskyVerificationDocument,
  PublishedVerification,
  VerificationSubject,
} from '@byline/domain/bluesky-verification/bluesky-verification-documents';
import { tidAt } from '@byline/domain/bluesky-verification/record-key';
import { readProfileRecord, resolveDid, type BlueskySources } from './bluesky-identity';
import type { VerifierAccount } from './bluesky-verifier-account';

/** Publications per run: a run renews its lease before each, and the next run takes the rest. */
const PER_RUN = 50;
/** The first retry after a failure; doubled with each failure after it, up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 3_600_000;

/** What a run did: records written (first or re-issued), records deleted, looks that found nothing to change, failures. */
export interface PublishingSummary {
  published: number;
  deleted: number;
  unchanged: number;
  failed: number;
}

/** Where the records stand: published (standing), pending (a change not yet published), failing (last attempt failed). */
export interface PublishingState {
  published: number;
  pending: number;
  failing: number;
}

/** The display name Bluesky shows for an account (its profile record's), '' when it has none; throws when unreadable. */
export type DisplayNameReader = (did: string) => Promise<string>;

/** The display name read from the account's own PDS, by its DID (the same reads as the proof's re-check). */
export function displayNameReaderOf(sources: BlueskySources): DisplayNameReader {
  return async (did) => {
    const account = await resolveDid(sources, did);
    const record = await readProfileRecord(sources, account);
    return typeof record?.displayName === 'string' ? record.displayName : '';
  };
}

export interface PublishingOptions {
  verifications: Documents<BlueskyVerificationDocument>;
  account: VerifierAccount;
  displayNameOf: DisplayNameReader;
  /** How often a standing record's display name is read again (RECHECK_INTERVAL): a change re-issues it. */
  lookAgainMs: number;
}

const backoffMs = (failures: number) => Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1));

/** Whether the standing record says what the subject, with this display name, needs said. */
const says = (standing: PublishedVerification, subject: VerificationSubject, displayName: string) =>
  standing.did === subject.did &&
  standing.handle === subject.handle &&
  standing.name === subject.name &&
  standing.displayName === displayName;

/**
 * Byline's verification records in its Bluesky repository, made to follow what re-renders noted: for each document
 * with a change pending (or due again), the record is published, re-issued (deleted, then written under a new key)
 * or deleted, and the change cleared if no newer one came meanwhile. One replica at a time runs it (the worker's
 * lease); what it leaves half done, the next run finishes:
 *
 * - the key of a record about to be written is stored first (`writing`), so a run that dies after the PDS took the
 *   record but before its address was stored leaves the key, and the next run writes that same record again
 *   (putRecord replaces it): never a second record;
 * - the standing record is deleted before its replacement is written, and forgotten only once the PDS deleted it
 *   (a delete of a record already gone is no error);
 * - a failure (the PDS down, the journalist's profile unreadable) keeps the change pending, due again after a
 *   back-off that doubles up to an hour: nothing is lost.
 */
export class BlueskyVerificationPublishing {
  constructor(private readonly options: PublishingOptions) {}

  /** Whether a run would find work, by reads only: a change pending now, or a document due again. */
  async hasWork(now: Date): Promise<boolean> {
    const { verifications } = this.options;
    if (await verifications.first({ change: { gt: '' }, dueAt: null })) return true;
    return (await verifications.first({ dueAt: { lte: now.toISOString() } })) !== null;
  }

  /** Where the records stand, counted from the store (every replica's work). */
  async state(): Promise<PublishingState> {
    const { verifications } = this.options;
    return {
      published: await verifications.count({ uri: { gt: '' } }),
      pending: await verifications.count({ change: { gt: '' } }),
      failing: await verifications.count({ failures: { gt: 0 } }),
    };
  }

  /** Publishes what is pending or due; `mayGoOn` (the lease's heartbeat) is asked before each document. */
  async run(now: Date, mayGoOn: () => Promise<boolean>): Promise<PublishingSummary> {
    const { verifications } = this.options;
    const summary: PublishingSummary = { published: 0, deleted: 0, unchanged: 0, failed: 0 };
    const seen = new Set<number>();
    const due = [
      ...(await verifications.all({ change: { gt: '' }, dueAt: null }, { limit: PER_RUN })),
      ...(await verifications.all({ dueAt: { lte: now.toISOString() } }, { limit: PER_RUN })),
    ].filter((doc) => !seen.has(doc.profileId) && seen.add(doc.profileId));
    for (const doc of due) {
      if (!(await mayGoOn())) break;
      summary[await this.publish(doc, now)]++;
    }
    return summary;
  }

  private async publish(doc: BlueskyVerificationDocument, now: Date): Promise<keyof PublishingSummary> {
    const { verifications, account, displayNameOf, lookAgainMs } = this.options;
    const { profileId, change } = doc;
    // The document as it was read: a note written since moves the token, and its own change is published next.
    const asRead = { profileId, change };
    const settled = (next: Date | null) => ({
      change: null,
      dueAt: next ? next.toISOString() : null,
      failures: 0,
      lastError: null,
    });
    const subject = doc.subject ? (JSON.parse(doc.subject) as VerificationSubject) : null;
    const standing = doc.record ? (JSON.parse(doc.record) as PublishedVerification) : null;
    // The standing record's key, from its address: a note that withdrew it cleared what it says, not where it is.
    const standingKey = doc.uri ? doc.uri.slice(doc.uri.lastIndexOf('/') + 1) : null;
    try {
      const displayName = subject ? await displayNameOf(subject.did) : '';
      if (subject && standing && standingKey && !doc.writing && says(standing, subject, displayName)) {
        await verifications.updateFirst(asRead, settled(new Date(now.getTime() + lookAgainMs)));
        return 'unchanged';
      }
      if (standingKey) {
        await account.deleteVerification(standingKey);
        await verifications.updateFirst({ profileId }, { record: null, uri: null, cid: null });
      }
      if (subject && !displayName) {
        // Bluesky counts no verification of a profile without a display name: none is written until it has one,
        // which the next look finds.
        if (doc.writing) await account.deleteVerification(doc.writing);
        await verifications.updateFirst({ profileId }, { writing: null });
        await verifications.updateFirst(asRead, {
          ...settled(new Date(now.getTime() + lookAgainMs)),
          lastError: 'the Bluesky profile shows no display name',
        });
        return standingKey || doc.writing ? 'deleted' : 'unchanged';
      }
      if (!subject) {
        if (doc.writing) await account.deleteVerification(doc.writing);
        await verifications.updateFirst({ profileId }, { writing: null });
        await verifications.updateFirst(asRead, settled(null));
        return standingKey || doc.writing ? 'deleted' : 'unchanged';
      }
      const rkey = doc.writing ?? tidAt(now, randomInt(1024));
      if (!doc.writing) await verifications.updateFirst({ profileId }, { writing: rkey });
      const createdAt = now.toISOString();
      const { uri, cid } = await account.putVerification(rkey, {
        subject: subject.did,
        handle: subject.handle,
        displayName,
        createdAt,
      });
      const record: PublishedVerification = { rkey, ...subject, displayName, createdAt };
      await verifications.updateFirst({ profileId }, { record: JSON.stringify(record), uri, cid, writing: null });
      await verifications.updateFirst(asRead, settled(new Date(now.getTime() + lookAgainMs)));
      return 'published';
    } catch (error) {
      const failures = doc.failures + 1;
      await verifications.updateFirst(asRead, {
        failures,
        dueAt: new Date(now.getTime() + backoffMs(failures)).toISOString(),
        lastError: (error instanceof Error ? error.message : 'it failed').slice(0, 200),
      });
      return 'failed';
    }
  }
}
