import type { Db } from 'mongodb';
import { forgetRenderedInTurn, rerenderInTurn } from '../answers/mongo-answers-unit';
import {
  domainNoLongerProven,
  endVouchingSteps,
  publisherUnverified,
  type EndingVouching,
  type VouchingPublisher,
} from '../articles/end-vouched-articles';
import { mongoArticlesUnit } from '../articles/mongo-articles';
import { runInTurn } from '../database/steps';
import { pushEvents } from '../webhook-events/mongo-outbox';
import { publisherVerificationEvent } from '../webhook-events/webhook-event';
import type { MongoDatabase } from '../database/mongo-database';
import { isDuplicateKey } from '../store/mongo/mongo-errors';
import { withNewIds } from '../store/mongo/mongo-ids';
import { COLLECTIONS, collectionOf } from '../store/mongo/mongo-schema';
import { hostSuffixes } from './host-suffixes';
import type { PublisherDoc, PublisherDomainDoc, PublisherEventDoc } from './mongo-publisher-docs';
import type { TrustSummary } from './trust-summary';
import type {
  DomainCheck,
  EventEntry,
  NewPublisher,
  Publisher,
  PublisherDomain,
  PublisherEvent,
  OutletMatch,
  PublisherMatch,
  Publishers,
} from './publishers-repository';

export const toPublisher = (doc: PublisherDoc): Publisher => ({
  id: doc._id,
  slug: doc.slug,
  name: doc.name,
  logoUrl: doc.logo_url,
  verifiedAt: doc.verified_at,
  verifiedBy: doc.verified_by,
  adminUserId: doc.admin_user_id,
  attribution: doc.attribution,
  trust: doc.trust ?? null,
  createdAt: doc.created_at,
  updatedAt: doc.updated_at,
});

export const toDomain = (doc: PublisherDomainDoc): PublisherDomain => ({
  publisherId: doc.publisher_id,
  domain: doc.domain,
  token: doc.token,
  state: doc.state,
  method: doc.method,
  provenAt: doc.proven_at,
  lastCheckedAt: doc.last_checked_at,
  failingSince: doc.failing_since,
  lastFailure: doc.last_failure,
  addedAt: doc.added_at,
});

const toEvent = (doc: PublisherEventDoc): PublisherEvent => ({
  id: doc._id,
  publisherId: doc.publisher_id,
  actor: doc.actor,
  action: doc.action,
  note: doc.note,
  at: doc.at,
});

export const domainIdOf = (publisherId: number, domain: string) => JSON.stringify([publisherId, domain]);

async function insertEvent(db: Db, publisherId: number, entry: EventEntry, at: string): Promise<void> {
  await withNewIds(db, COLLECTIONS.publisherEvents, async () => ({
    count: 1,
    write: async (id) => {
      await collectionOf(db, 'publisherEvents').insertOne({ _id: id, publisher_id: publisherId, ...entry, at });
    },
  }));
}

/**
 * Publishers in MongoDB: collections publishers, publisher_domains and publisher_events. No transactions
 * (FerretDB 1.x): a change is its own single-document write and its history entry a second one, ordered so that an
 * interruption never leaves a publisher answering without the entry that says why: a verification writes its
 * entry first and then the flag; an unverification, a lapse and a removal take effect first (the publisher stops
 * answering at once) and are recorded after. What those three take away goes before them: the answers showing it,
 * then the credits by name resting on the publisher's vouching (endVouchingSteps, run again after the change). A
 * proof is one write, refused by the unique index on `proven_domain` while another publisher holds the domain.
 */
export class MongoPublishers implements Publishers {
  constructor(private readonly database: MongoDatabase) {}

  private get db(): Db {
    return this.database.db;
  }
  private get publishers() {
    return collectionOf(this.db, 'publishers');
  }
  private get domains() {
    return collectionOf(this.db, 'publisherDomains');
  }

  create({ slug, name, logoUrl = null, adminUserId = null }: NewPublisher, actor: string, at: Date): Promise<Publisher | null> {
    const when = at.toISOString();
    return this.database.run(async () => {
      const created = await withNewIds(this.db, COLLECTIONS.publishers, async () => {
        if (await this.publishers.findOne({ slug }, { projection: { _id: 1 } })) return { count: 0, write: async () => null };
        return {
          count: 1,
          write: async (id: number) => {
            const doc: PublisherDoc = {
              _id: id,
              slug,
              name,
              logo_url: logoUrl,
              verified_at: null,
              verified_by: null,
              admin_user_id: adminUserId,
              attribution: true,
              trust: null,
              created_at: when,
              updated_at: when,
            };
            await this.publishers.insertOne(doc);
            return doc;
          },
        };
      });
      if (!created) return null;
      await insertEvent(this.db, created._id, { actor, action: 'created', note: name }, when);
      return toPublisher(created);
    });
  }

  findBySlug(slug: string): Promise<Publisher | null> {
    return this.database.run(async () => {
      const doc = await this.publishers.findOne({ slug });
      return doc ? toPublisher(doc) : null;
    });
  }

  findById(id: number): Promise<Publisher | null> {
    return this.database.run(async () => {
      const doc = await this.publishers.findOne({ _id: id });
      return doc ? toPublisher(doc) : null;
    });
  }

  list(): Promise<Publisher[]> {
    return this.database.run(async () => (await this.publishers.find({}).sort({ slug: 1 }).toArray()).map(toPublisher));
  }

  administeredBy(userId: number): Promise<Publisher[]> {
    return this.database.run(async () =>
      (await this.publishers.find({ admin_user_id: userId }).sort({ slug: 1 }).toArray()).map(toPublisher),
    );
  }

  forgetAdmin(userId: number, at: Date): Promise<number> {
    return this.database.run(async () => {
      const updated = await this.publishers.updateMany(
        { admin_user_id: userId },
        { $set: { admin_user_id: null, updated_at: at.toISOString() } },
      );
      return updated.modifiedCount;
    });
  }

  update(id: number, fields: Partial<Pick<Publisher, 'name' | 'logoUrl' | 'attribution'>>, at: Date): Promise<Publisher | null> {
    const set: Partial<PublisherDoc> = { updated_at: at.toISOString() };
    if (fields.name !== undefined) set.name = fields.name;
    if (fields.logoUrl !== undefined) set.logo_url = fields.logoUrl;
    if (fields.attribution !== undefined) set.attribution = fields.attribution;
    return this.database.run(async () => {
      const doc = await this.publishers.findOneAndUpdate({ _id: id }, { $set: set }, { returnDocument: 'after' });
      if (!doc) return null;
      // The staff's evidence names the publisher; a logo or the attribution switch is the domains' answers alone.
      await this.rerenderPublisher(id, { staff: fields.name !== undefined });
      return toPublisher(doc);
    });
  }

  setVerified(id: number, verified: boolean, actor: string, note: string, at: Date): Promise<boolean> {
    const when = at.toISOString();
    const entry: EventEntry = { actor, action: verified ? 'verified' : 'unverified', note };
    return this.database.run(async () => {
      const before = await this.publishers.findOne({ _id: id }, { projection: { slug: 1, verified_at: 1 } });
      if (!before) return false;
      // The webhook event rides on the flag's own update when the verification changes (see mongo-outbox.ts).
      const changes = ((before.verified_at ?? null) !== null) !== verified;
      const flag = () =>
        this.publishers.updateOne(
          { _id: id },
          {
            $set: { verified_at: verified ? when : null, verified_by: verified ? actor : null, updated_at: when },
            ...(changes ? pushEvents([publisherVerificationEvent(before.slug, verified, at)]) : {}),
          },
        );
      const owners = new Set<number>();
      if (verified) {
        await insertEvent(this.db, id, entry, when);
        await flag();
      } else {
        // Its answers and its staff's affiliations stop showing it before it stops being verified, and what it
        // vouched for stops counting (see endVouchingSteps): interrupted, it is still verified, nothing answers on
        // its word, and withdrawing again finishes. Verifying it again later restores none of it.
        const ending = (publisher: VouchingPublisher) => publisherUnverified(publisher, actor, when);
        await this.forgetRendered(id);
        if (changes) await this.endVouching(id, ending, when, owners);
        await flag();
        await insertEvent(this.db, id, entry, when);
        if (changes) await this.endVouching(id, ending, when, owners);
      }
      await this.rerenderPublisher(id, { staff: changes, also: owners });
      return true;
    });
  }

  setTrust(publisherId: number, summary: TrustSummary | null, at: Date): Promise<boolean> {
    return this.database.run(async () => {
      const updated = await this.publishers.updateOne(
        { _id: publisherId },
        { $set: { trust: summary, updated_at: at.toISOString() } },
      );
      if (updated.matchedCount === 0) return false;
      await this.rerenderPublisher(publisherId, { staff: false }); // domain_info shows its confirmed memberships
      return true;
    });
  }

  domainsOf(publisherId: number): Promise<PublisherDomain[]> {
    return this.database.run(async () =>
      (await this.domains.find({ publisher_id: publisherId }).sort({ domain: 1 }).toArray()).map(toDomain),
    );
  }

  findDomain(publisherId: number, domain: string): Promise<PublisherDomain | null> {
    return this.database.run(async () => {
      const doc = await this.domains.findOne({ _id: domainIdOf(publisherId, domain) });
      return doc ? toDomain(doc) : null;
    });
  }

  addDomain(publisherId: number, domain: string, token: string, actor: string, at: Date): Promise<PublisherDomain | null> {
    const when = at.toISOString();
    const doc: PublisherDomainDoc = {
      _id: domainIdOf(publisherId, domain),
      publisher_id: publisherId,
      domain,
      token,
      state: 'pending',
      method: null,
      proven_at: null,
      last_checked_at: null,
      failing_since: null,
      last_failure: null,
      added_at: when,
    };
    return this.database.run(async () => {
      try {
        await this.domains.insertOne(doc);
      } catch (error) {
        if (isDuplicateKey(error)) return null;
        throw error;
      }
      await insertEvent(this.db, publisherId, { actor, action: 'domain-added', note: domain }, when);
      await this.rerenderPublisher(publisherId, { staff: false });
      return toDomain(doc);
    });
  }

  recordCheck(publisherId: number, domain: string, check: DomainCheck, event: EventEntry | null): Promise<boolean> {
    const _id = domainIdOf(publisherId, domain);
    return this.database.run(async () => {
      const doc = await this.domains.findOne({ _id });
      if (!doc) return false;
      const proven = doc.state === 'proven';
      const owners = new Set<number>();
      const common = { last_checked_at: check.at };
      if (check.outcome === 'proven') {
        const set = {
          ...common,
          state: 'proven' as const,
          method: check.method,
          proven_at: proven ? doc.proven_at : check.at,
          failing_since: null,
          last_failure: null,
          proven_domain: domain,
        };
        try {
          await this.domains.updateOne({ _id }, { $set: set });
        } catch (error) {
          if (isDuplicateKey(error)) return false;
          throw error;
        }
      } else if (check.outcome === 'failing') {
        const failingSince = proven ? (doc.failing_since ?? check.at) : null;
        await this.domains.updateOne({ _id }, { $set: { ...common, last_failure: check.failure, failing_since: failingSince } });
      } else {
        // A proven domain lapsing: the answers showing it are taken out of service first, and what the publisher
        // vouched for on it stops counting (see endVouchingSteps).
        const ending = this.domainEnding(publisherId, domain, 'lapsed', event?.actor ?? null, check.at);
        if (proven) {
          await this.forgetRendered(publisherId);
          await this.endVouching(publisherId, ending, check.at, owners);
        }
        await this.domains.updateOne(
          { _id },
          {
            $set: { ...common, state: proven ? 'lapsed' : doc.state, last_failure: check.failure, failing_since: null },
            $unset: { proven_domain: '' },
          },
        );
        if (proven) await this.endVouching(publisherId, ending, check.at, owners);
      }
      if (event) await insertEvent(this.db, publisherId, event, check.at);
      // The staff's affiliations name the first proven domain: theirs too when the domain is proven or no longer is.
      const stillProven = check.outcome === 'proven' || (check.outcome === 'failing' && proven);
      await this.rerenderPublisher(publisherId, { staff: stillProven !== proven, also: owners });
      return true;
    });
  }

  removeDomain(publisherId: number, domain: string, actor: string, at: Date): Promise<boolean> {
    const when = at.toISOString();
    return this.database.run(async () => {
      const _id = domainIdOf(publisherId, domain);
      const wasProven = (await this.domains.findOne({ _id }, { projection: { state: 1 } }))?.state === 'proven';
      const ending = this.domainEnding(publisherId, domain, 'removed', actor, when);
      const owners = new Set<number>();
      await this.forgetRendered(publisherId);
      // What the publisher vouched for on the domain stops counting before it goes (see endVouchingSteps).
      if (wasProven) await this.endVouching(publisherId, ending, when, owners);
      const removed = await this.domains.deleteOne({ _id });
      if (removed.deletedCount === 0) return false;
      if (wasProven) await this.endVouching(publisherId, ending, when, owners);
      await insertEvent(this.db, publisherId, { actor, action: 'domain-removed', note: domain }, when);
      await this.rerenderPublisher(publisherId, { staff: true, also: owners });
      return true;
    });
  }

  /**
   * How a domain no longer proven ends the credits by name on it (see domainNoLongerProven): the publisher's other
   * domains proven when it runs still hold theirs.
   */
  private domainEnding(publisherId: number, domain: string, how: 'lapsed' | 'removed', actor: string | null, now: string) {
    return async (publisher: VouchingPublisher) => {
      const proven = await this.domains
        .find({ publisher_id: publisherId, state: 'proven' }, { projection: { domain: 1 } })
        .toArray();
      const stillProven = proven.map((each) => each.domain).filter((each) => each !== domain);
      return domainNoLongerProven(publisher, { domain, how, stillProven }, actor, now);
    };
  }

  /**
   * Ends the credits by name resting on the publisher's vouching that `ending` selects (see endVouchingSteps): every
   * profile it ever had on its staff may hold one. Their owners are added to `owners`, to be re-rendered.
   */
  private async endVouching(
    publisherId: number,
    ending: (publisher: VouchingPublisher) => EndingVouching | Promise<EndingVouching>,
    now: string,
    owners: Set<number>,
  ): Promise<void> {
    const publisher = await this.publishers.findOne({ _id: publisherId }, { projection: { name: 1 } });
    const staff = await collectionOf(this.db, 'publisherStaff')
      .find({ publisher_id: publisherId, profile_id: { $ne: null } }, { projection: { profile_id: 1 } })
      .toArray();
    const profileIds = [...new Set(staff.flatMap((each) => (each.profile_id === null ? [] : [each.profile_id])))];
    const vouching = await ending({ publisherId, publisherName: publisher?.name ?? 'the publisher', profileIds });
    const ended = await runInTurn(endVouchingSteps(mongoArticlesUnit(this.db), vouching, now));
    for (const profileId of ended.profileIds) owners.add(profileId);
  }

  /**
   * Re-renders the answers of the publisher's domains, and of its active staff when `staff` (their evidence names the
   * publisher and its first proven domain, and shows the affiliation only while the publisher is verified), and of
   * the profiles `also` names (whose articles stopped counting). Interrupted before it, the answers lag the change
   * until the next one (as any MongoDB re-render, see rerenderAnswers).
   */
  private async rerenderPublisher(
    publisherId: number,
    { staff, also = new Set() }: { staff: boolean; also?: Set<number> },
  ): Promise<void> {
    await rerenderInTurn(this.db, [...(staff ? await this.staffOf(publisherId) : []), ...also], [publisherId]);
  }

  /** Before a change that takes away what they show: see forgetRenderedInTurn. */
  private async forgetRendered(publisherId: number): Promise<void> {
    await forgetRenderedInTurn(this.db, await this.staffOf(publisherId), [publisherId]);
  }

  private async staffOf(publisherId: number): Promise<number[]> {
    const staff = await collectionOf(this.db, 'publisherStaff')
      .find({ publisher_id: publisherId, state: 'active' }, { projection: { profile_id: 1 } })
      .toArray();
    return staff.flatMap((affiliation) => (affiliation.profile_id === null ? [] : [affiliation.profile_id]));
  }

  outletFor(host: string): Promise<OutletMatch | null> {
    return this.database.run(async () => {
      const found = await this.closestVerifiedDomain(host);
      if (!found) return null;
      const { domain, publisher } = found;
      const { rendered } = domain;
      return {
        publisherId: publisher._id,
        attribution: publisher.attribution,
        rendered: rendered
          ? {
              domainInfo: { json: rendered.info, etag: rendered.info_tag },
              outlet: { json: rendered.outlet, etag: rendered.outlet_tag },
            }
          : null,
      };
    });
  }

  matchHost(host: string): Promise<PublisherMatch | null> {
    return this.database.run(async () => {
      const found = await this.closestVerifiedDomain(host);
      return found ? { publisher: toPublisher(found.publisher), domain: toDomain(found.domain) } : null;
    });
  }

  /** The proven domain covering `host` whose publisher is verified, the closest (longest) first, with its publisher. */
  private async closestVerifiedDomain(host: string) {
    const suffixes = hostSuffixes(host);
    if (!suffixes.length) return null;
    const candidates = await this.domains.find({ proven_domain: { $in: suffixes } }).toArray();
    candidates.sort((a, b) => b.domain.length - a.domain.length);
    for (const domain of candidates) {
      const publisher = await this.publishers.findOne({ _id: domain.publisher_id, verified_at: { $ne: null } });
      if (publisher) return { domain, publisher };
    }
    return null;
  }

  recordEvent(publisherId: number, entry: EventEntry, at: Date): Promise<boolean> {
    return this.database.run(async () => {
      if (!(await this.publishers.findOne({ _id: publisherId }, { projection: { _id: 1 } }))) return false;
      await insertEvent(this.db, publisherId, entry, at.toISOString());
      return true;
    });
  }

  /**
   * The publisher first (its page and every list lose it at once), then its domains and its history: an interruption
   * leaves only documents nothing reads (none proven, so none matches a host) for a second deletion to miss.
   */
  delete(publisherId: number): Promise<boolean> {
    return this.database.run(async () => {
      // Verified since the caller looked: lookups name it now, so it stays (checked before its answers are forgotten).
      if (!(await this.publishers.findOne({ _id: publisherId, verified_at: null }, { projection: { _id: 1 } }))) return false;
      await this.forgetRendered(publisherId);
      const removed = await this.publishers.deleteOne({ _id: publisherId, verified_at: null });
      if (removed.deletedCount === 0) return false;
      await this.domains.deleteMany({ publisher_id: publisherId });
      await collectionOf(this.db, 'publisherEvents').deleteMany({ publisher_id: publisherId });
      return true;
    });
  }

  historyOf(publisherId: number): Promise<PublisherEvent[]> {
    return this.database.run(async () =>
      (await collectionOf(this.db, 'publisherEvents').find({ publisher_id: publisherId }).sort({ _id: -1 }).toArray()).map(
        toEvent,
      ),
    );
  }
}
