import type { Db } from 'mongodb';
import { MongoDocuments } from '../documents/mongo-documents';
import { inTurn } from '../store/mongo-database';
import { STAFF_COLLECTION } from '../staff/mongo-staff-collections';
import { domainIdOf, PUBLISHER_DOMAINS_COLLECTION, PUBLISHERS_COLLECTION } from '../publishers/mongo-publisher-collections';
import { collectionOf } from '../store/mongo-schema';
import { missedSaves, revisionIs } from '../store/render-revision';
import { toArticle, toProfile } from '../store/profile-derived-fields';
import { DIGEST_SCAN, DIGEST_SIZE, digestArticles, type OutletDigest } from '@byline/domain/outlets/outlet-digests-repository';
import type { DomainAnswers, OutletsUnit } from '@byline/domain/outlets/outlets-unit';
import { outletsUnitOver } from '@byline/domain/outlets/outlet-documents';

/** A publisher's digest in MongoDB: its active staff, their verified profiles, then their latest active articles. */
export async function readDigestOf(db: Db, publisherId: number): Promise<OutletDigest> {
  const domains = (
    await collectionOf(db, 'publisherDomains')
      .find({ publisher_id: publisherId, state: 'proven' }, { projection: { domain: 1 } })
      .toArray()
  ).map((doc) => doc.domain);
  const staff = await collectionOf(db, 'publisherStaff')
    .find({ publisher_id: publisherId, state: 'active' }, { projection: { profile_id: 1 } })
    .sort({ accepted_at: -1, _id: -1 })
    .toArray();
  const order = staff.map((affiliation) => affiliation.profile_id!);
  // Ids and slugs of all the verified staff (their articles are looked through), documents of the three shown only.
  const verified = await collectionOf(db, 'profiles')
    .find({ _id: { $in: order }, verified: true }, { projection: { _id: 1, slug: 1 } })
    .toArray();
  const byId = new Map(verified.map((doc) => [doc._id, doc]));
  const shown = order.filter((id) => byId.has(id)).slice(0, DIGEST_SIZE);
  const shownDocs = new Map(
    (
      await collectionOf(db, 'profiles')
        .find({ _id: { $in: shown } })
        .toArray()
    ).map((doc) => [doc._id, doc]),
  );
  const journalists = shown.flatMap((id) => (shownDocs.has(id) ? [shownDocs.get(id)!] : []));
  const candidates = await collectionOf(db, 'articles')
    .find({ profile_id: { $in: [...byId.keys()] }, active: true }, { projection: { canonical_url: 1 } })
    .sort({ published_at: -1, _id: -1 })
    .limit(DIGEST_SCAN)
    .toArray();
  const chosen = digestArticles(candidates, domains);
  const docs = new Map(
    (
      await collectionOf(db, 'articles')
        .find({ _id: { $in: chosen.map((doc) => doc._id) } })
        .toArray()
    ).map((doc) => [doc._id, doc]),
  );
  return {
    journalists: journalists.map(toProfile),
    articles: chosen.map(({ _id }) => {
      const doc = docs.get(_id)!;
      return { article: toArticle(doc), authorSlug: byId.get(doc.profile_id)!.slug };
    }),
  };
}

/**
 * The outlets unit on MongoDB: the documents read over the generic port; each domain's rendered answers, stored after
 * the change they follow, one update, a compare-and-set on its render revision (see OutletsUnit.saveOutlet).
 */
export function mongoOutletsUnit(db: Db): OutletsUnit {
  const documents = {
    publishers: new MongoDocuments(inTurn(db), PUBLISHERS_COLLECTION).steps,
    domains: new MongoDocuments(inTurn(db), PUBLISHER_DOMAINS_COLLECTION).steps,
    staff: new MongoDocuments(inTurn(db), STAFF_COLLECTION).steps,
  };
  return outletsUnitOver(documents, {
    async renderRevisions(publisherId: number): Promise<ReadonlyMap<string, number>> {
      const domains = collectionOf(db, 'publisherDomains').find(
        { publisher_id: publisherId },
        { projection: { domain: 1, rendered_rev: 1 } },
      );
      return new Map((await domains.toArray()).map((doc) => [doc.domain, doc.rendered_rev ?? 0]));
    },
    digestOf: (publisherId) => readDigestOf(db, publisherId),
    async saveOutlet(publisherId: number, answers: DomainAnswers[]): Promise<string[]> {
      const domains = collectionOf(db, 'publisherDomains');
      const updates = answers.map(({ domain, domainInfo, outlet, revision }) => ({
        updateOne: {
          filter: { _id: domainIdOf(publisherId, domain), ...revisionIs('rendered_rev', revision) },
          update: {
            $set: {
              rendered: { info: domainInfo.json, info_tag: domainInfo.etag, outlet: outlet.json, outlet_tag: outlet.etag },
            },
            $inc: { rendered_rev: 1 },
          },
        },
      }));
      if (!updates.length || (await domains.bulkWrite(updates, { ordered: false })).matchedCount === updates.length) return [];
      const ids = answers.map((a) => domainIdOf(publisherId, a.domain));
      const missed = await missedSaves(
        answers.map((a, i) => ({ id: ids[i], revision: a.revision })),
        domains.find({ _id: { $in: ids } }, { projection: { rendered_rev: 1, 'rendered.outlet_tag': 1 } }),
        (doc) => ({ id: doc._id, revision: doc.rendered_rev ?? 0, rendered: doc.rendered?.outlet_tag !== undefined }),
      );
      const missedIds = new Set(missed);
      return answers.flatMap((a, i) => (missedIds.has(ids[i]) ? [a.domain] : []));
    },
    async forgetOutlet(publisherId: number, domains: string[]): Promise<void> {
      await collectionOf(db, 'publisherDomains').updateMany(
        { _id: { $in: domains.map((domain) => domainIdOf(publisherId, domain)) } },
        { $unset: { rendered: '' }, $inc: { rendered_rev: 1 } },
      );
    },
  });
}
