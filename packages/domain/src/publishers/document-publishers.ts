import { UniqueTakenError, type DocumentSteps } from '../documents/documents';
import { mapStep, recoverStep, step, type Steps } from '../store/steps';
import type { PublishersStore } from './publishers-store';
import type { PublisherFields, PublishersUnitOfWrite } from './publishers-unit';
import {
  bySlug,
  newDomain,
  type PublisherDocuments,
  type StoredPublishers,
  type StoredPublishersUnit,
} from './publisher-documents';
import type {
  EventEntry,
  NewPublisher,
  NewPublisherEvent,
  OutletMatch,
  Publisher,
  PublisherDomain,
  PublisherEvent,
  PublisherMatch,
} from './publishers-repository';

/** What a write refused as taken stands for (anything else fails the write). */
const takenAs =
  <T>(value: T) =>
  (error: unknown): T => {
    if (error instanceof UniqueTakenError) return value;
    throw error;
  };

/** The fields given a value: one left undefined is left as it is. */
function givenOf(fields: PublisherFields): PublisherFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * Publishers, their domains and their history, read and written once over the generic document port; their rules
 * (publisher-changes.ts, through publishersOver) run in the unit of write built here from the documents' steps and
 * what each database keeps by hand (see StoredPublishers).
 */
export class DocumentPublishers implements PublishersStore {
  private readonly steps: {
    publishers: DocumentSteps<Publisher, Omit<Publisher, 'id'>>;
    domains: DocumentSteps<PublisherDomain>;
    events: DocumentSteps<PublisherEvent, NewPublisherEvent>;
  };

  constructor(
    private readonly documents: PublisherDocuments,
    private readonly stored: StoredPublishers,
  ) {
    const { publishers, domains, events } = documents;
    this.steps = { publishers: publishers.steps, domains: domains.steps, events: events.steps };
  }

  /** The publisher, then its first history entry: one transaction on SQLite, in this order on MongoDB. */
  create({ slug, name, logoUrl = null, adminUserId = null }: NewPublisher, actor: string, at: Date): Promise<Publisher | null> {
    const { publishers, events } = this.steps;
    const when = at.toISOString();
    const publisher: Omit<Publisher, 'id'> = {
      slug,
      name,
      logoUrl,
      verifiedAt: null,
      verifiedBy: null,
      adminUserId,
      attribution: true,
      trust: null,
      createdAt: when,
      updatedAt: when,
    };
    return this.stored.inOneWrite(function* () {
      if (yield* step(publishers.first({ slug }))) return null;
      const created = yield* step(recoverStep(() => publishers.insert(publisher), takenAs(null)));
      if (!created) return null;
      yield* step(events.insert({ publisherId: created.id, actor, action: 'created', note: name, at: when }));
      return created;
    });
  }

  findBySlug(slug: string): Promise<Publisher | null> {
    return this.documents.publishers.first({ slug });
  }

  findById(id: number): Promise<Publisher | null> {
    return this.documents.publishers.first({ id });
  }

  async list(): Promise<Publisher[]> {
    return bySlug(await this.documents.publishers.all({}));
  }

  async administeredBy(userId: number): Promise<Publisher[]> {
    return bySlug(await this.documents.publishers.all({ adminUserId: userId }));
  }

  /** One publisher at a time (each its own write on MongoDB) until none names the user: one transaction on SQLite. */
  forgetAdmin(userId: number, at: Date): Promise<number> {
    const { publishers } = this.steps;
    const forgotten = { adminUserId: null, updatedAt: at.toISOString() };
    return this.stored.inOneWrite(function* () {
      let count = 0;
      while (yield* step(publishers.updateFirst({ adminUserId: userId }, forgotten))) count += 1;
      return count;
    });
  }

  delete(publisherId: number): Promise<boolean> {
    return this.stored.delete(publisherId);
  }

  domainsOf(publisherId: number): Promise<PublisherDomain[]> {
    // In key order: by name.
    return this.documents.domains.all({ publisherId });
  }

  findDomain(publisherId: number, domain: string): Promise<PublisherDomain | null> {
    return this.documents.domains.first({ publisherId, domain });
  }

  matchHost(host: string): Promise<PublisherMatch | null> {
    return this.stored.matchHost(host);
  }

  outletFor(host: string): Promise<OutletMatch | null> {
    return this.stored.outletFor(host);
  }

  historyOf(publisherId: number): Promise<PublisherEvent[]> {
    return this.documents.events.all({ publisherId }, { newestFirst: true });
  }

  recordEvent(publisherId: number, entry: EventEntry, at: Date): Promise<boolean> {
    return this.inOneWrite(function* (unit) {
      if (!(yield* step(unit.publisher(publisherId)))) return false;
      yield* step(unit.appendEvent(publisherId, entry, at.toISOString()));
      return true;
    });
  }

  inOneWrite<T>(rule: (unit: PublishersUnitOfWrite) => Steps<T>): Promise<T> {
    return this.stored.inOneWrite((stored) => rule(this.unitOver(stored)));
  }

  /** The unit of write: the documents' steps, and what the database keeps by hand. */
  private unitOver(stored: StoredPublishersUnit): PublishersUnitOfWrite {
    const { publishers, domains, events } = this.steps;
    const { staffOf, writeDomain, articles, answers } = stored;
    return {
      staffOf,
      writeDomain,
      articles,
      answers,
      publisher: (publisherId) => publishers.first({ id: publisherId }),
      domain: (publisherId, domain) => domains.first({ publisherId, domain }),
      provenDomainsOf: (publisherId) =>
        mapStep(domains.all({ publisherId, state: 'proven' }), (proven) => proven.map((each) => each.domain)),
      // The webhook event is written with the change (see Documents.updateFirst).
      writePublisher: (publisherId, fields, at, event) =>
        mapStep(
          publishers.updateFirst({ id: publisherId }, { ...givenOf(fields), updatedAt: at }, event ? [event] : []),
          (before) => before !== null,
        ),
      insertDomain: (publisherId, domain, token, at) =>
        recoverStep(() => mapStep(domains.insert(newDomain(publisherId, domain, token, at)), () => true), takenAs(false)),
      deleteDomain: (publisherId, domain) => mapStep(domains.deleteAll({ publisherId, domain }), (deleted) => deleted > 0),
      appendEvent: (publisherId, { actor, action, note }, at) =>
        mapStep(events.insert({ publisherId, actor, action, note, at }), () => undefined),
    };
  }
}
