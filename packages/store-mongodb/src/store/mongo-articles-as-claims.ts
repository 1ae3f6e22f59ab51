import type { AnyBulkWriteOperation, Db } from 'mongodb';
import {
  claimedProof,
  evidenceOf,
  listedWhenApprovedEvidence,
  operatorImportProof,
  NOT_CHECKED_YET,
  type ArticleProof,
} from '@byline/domain/articles/article-proof';
import { articleCheckItemOf } from '@byline/domain/articles/article-check-item';
import { enqueueIn } from '../queue/mongo-leased-queue';
import { chunks, WRITE_CHUNK } from './chunks';
import { collectionOf, type ArticleDoc } from './mongo-schema';

/**
 * Data step 026: articles become claims (see the embedded store's ARTICLES_AS_CLAIMS_SQL for what each existing
 * article becomes, decided the same way here). Resumable: only articles without a proof are written; the unique
 * index on the address, which would refuse a second profile's claim, is dropped once they all have one. The owners of
 * the claims not proven get their answers rendered again by the next step (027, see @byline/domain's data-steps.ts).
 */
export async function articlesAsClaims(db: Db, at: Date): Promise<void> {
  const now = at.toISOString();
  const portalProfiles = new Set<number>();
  for await (const user of collectionOf(db, 'portalUsers').find(
    { profile_id: { $ne: null } },
    { projection: { profile_id: 1 } },
  )) {
    portalProfiles.add(user.profile_id!);
  }
  const verifiedBy = new Map<number, string>();
  for await (const record of collectionOf(db, 'audit').find({ action: 'verified' }).sort({ _id: 1 })) {
    verifiedBy.set(record.profile_id, record.actor);
  }
  const verified = new Set<number>();
  for (const part of chunks([...portalProfiles])) {
    for await (const doc of collectionOf(db, 'profiles').find(
      { _id: { $in: part }, verified: true },
      { projection: { _id: 1 } },
    )) {
      verified.add(doc._id);
    }
  }

  const articles = collectionOf(db, 'articles');
  const imported = operatorImportProof(now);
  let updates: AnyBulkWriteOperation<ArticleDoc>[] = [];
  const flush = async () => {
    for (const batch of chunks(updates, WRITE_CHUNK)) await articles.bulkWrite(batch, { ordered: false });
    updates = [];
  };
  for await (const doc of articles.find({ proof: { $exists: false } })) {
    let proof: ArticleProof;
    if (!portalProfiles.has(doc.profile_id)) proof = imported;
    else if (verified.has(doc.profile_id)) {
      const editor = verifiedBy.get(doc.profile_id) ?? 'unknown';
      proof = { state: 'proven', reason: null, mention: null, evidence: [evidenceOf(listedWhenApprovedEvidence(editor), now)] };
    } else proof = claimedProof();
    const proven = proof.state === 'proven';
    updates.push({
      updateOne: {
        filter: { _id: doc._id },
        update: proven
          ? { $set: { proven: true, proven_url: doc.canonical_url, proof } }
          : { $set: { proven: false, active: false, proof } },
      },
    });
    if (updates.length >= 500) await flush();
  }
  await flush();
  try {
    await articles.dropIndex('canonical_url_unique');
  } catch {
    // Dropped by a run before, or never made (a store created after this step).
  }
}

/**
 * Data step 028: the claims 026 left unchecked get their page's first check, once, from the worker (see
 * @byline/editorial's article-recheck.ts): an item each, due at once. Resumable: queueing again only moves the
 * due time of an item not yet taken.
 */
export async function checkMigratedArticleClaims(db: Db, now: Date): Promise<void> {
  const unchecked = collectionOf(db, 'articles').find(
    { proven: false, 'proof.state': 'claimed', 'proof.reason': NOT_CHECKED_YET },
    { projection: { _id: 1, profile_id: 1 } },
  );
  for await (const doc of unchecked) await enqueueIn(db, articleCheckItemOf({ id: doc._id, profileId: doc.profile_id }, now));
}

/**
 * Data step 049, co-authors: several profiles may have one address proven, each by its own evidence, so the unique
 * index of proven addresses goes (and the field it indexed); the lookups sort an address's authors by credit order
 * (see creditOrderOf): each article proven before was its address's one author, first (0) until a re-check of its
 * page places it; the index of addresses without the order goes too (address_in_credit_order replaces it).
 * Resumable: each write only touches what is left to do.
 */
export async function coAuthoredArticles(db: Db): Promise<void> {
  const articles = collectionOf(db, 'articles');
  for (const index of ['proven_address_unique', 'address']) {
    try {
      await articles.dropIndex(index);
    } catch {
      // Dropped by a run before, or never made (a store created after this step).
    }
  }
  await articles.updateMany({ credit_order: { $exists: false } }, { $set: { credit_order: 0 } });
  await articles.updateMany({ proven_url: { $exists: true } }, { $unset: { proven_url: '' } });
}
