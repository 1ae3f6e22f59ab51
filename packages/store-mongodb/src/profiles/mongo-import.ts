import type { Db, Document } from 'mongodb';
import type { ProfileInput } from '@byline/domain/domain/types';
import { claimedHandleKeys, handleId, planHandles, type PlannedClaim } from '@byline/domain/profiles/import-plan';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { ImportConflictError, type ImportProgress, type ImportSummary } from '@byline/domain/profiles/profiles-repository';
import { chunks, WRITE_CHUNK } from '../store/chunks';
import { DUPLICATE_KEY, isDuplicateKey, writeErrorsOf } from '../store/mongo-errors';
import { reserveIds, withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf, type ArticleDoc, type ProfileDoc } from '../store/mongo-schema';
import { derivedFieldsOf } from '../store/profile-derived-fields';
import { mongoImportedHandlesUnit } from '../claims/mongo-import-claims';
import { settleImportSteps } from '@byline/domain/profiles/imported-handles';
import { operatorImportProof, UNPLACED_CREDIT } from '@byline/domain/articles/article-proof';
import { IMPORT_PROGRESS_EVERY, importedRecord } from '@byline/domain/profiles/import-changes';
import { runInTurn } from '@byline/domain/store/steps';

/*
 * Import without multi-document transactions (FerretDB 1.x has none), in two phases:
 *
 * 1. Plan (reads only, but for reserving ids). Every handle the file claims is checked against the
 *    database and against the earlier records of the file, with the embedded store's rules: a profile
 *    being imported releases its old handles first, the first record to claim a handle wins. Any conflict
 *    rejects the whole import with ImportConflictError before anything is written. New profiles get
 *    their ids here.
 * 2. Write, each step idempotent and keyed by a unique index: articles by profile and canonical address, then
 *    profiles by slug, then handles (the released ones deleted, the claimed ones inserted), then their
 *    claims (proven by the import, others' unproven claims of them released: see settleImportSteps), then the
 *    derived fields (active count, rendered answers) of the existing profiles imported, recomputed from
 *    the articles collection. A new profile's articles are all in the file, so its derived fields are
 *    rendered from it and go in with its insert: an update per profile is what FerretDB 1.x does slowest
 *    (it scans the collection for each).
 *
 * Residual race, documented rather than hidden: a handle claimed by another writer between the plan and
 * the write makes the handle insert hit the unique index; the import then stops with ImportConflictError,
 * having written the articles and profiles before it. A new slug created by another writer meanwhile (or,
 * on FerretDB, a reserved id handed out twice) makes that profile's insert fail; it is then written as an
 * update (or with a fresh id), its articles moved to its id and its derived fields recomputed. Re-running
 * an import after fixing the file converges, since every write is keyed. Readers may see articles whose
 * profile is not written yet during a large import (they answer as unknown until it is); the derived
 * fields are recomputed (never incremented), so they are exact once the import ends, whatever ran
 * concurrently, except when two imports touching the same profile interleave their final recounts, which
 * the next import of that profile corrects.
 */

interface ImportPlan {
  /** The last record of each slug, whose profile fields win (as sequential upserts would). */
  profileBySlug: Map<string, ProfileInput>;
  /** Handles each slug claims: the union over its records. */
  claimsBySlug: Map<string, PlannedClaim[]>;
  /**
   * Each slug's articles by address (keyed by articleKey): the last of its records listing an address gives its
   * fields. Several slugs may list one address: each is proven on each (co-authors).
   */
  articlesPlanned: Map<string, PlannedArticle>;
  existingIds: Map<string, number>;
  claimRecord: Map<string, number>;
  /** The profile id holding each claimed handle before the import, if any. */
  holders: Map<string, number>;
}

async function profileIdsBySlug(db: Db, slugs: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(slugs)) {
    const found = collectionOf(db, 'profiles').find({ slug: { $in: part } }, { projection: { _id: 1, slug: 1 } });
    for await (const doc of found) ids.set(doc.slug, doc._id);
  }
  return ids;
}

interface PlannedArticle {
  slug: string;
  canonicalUrl: string;
  recordIndex: number;
  article: ProfileInput['articles'][number];
}

/** The key of a profile's article at an address (a slug holds no NUL). */
const articleKey = (slugOrId: string | number, canonicalUrl: string) => `${slugOrId}\u0000${canonicalUrl}`;

async function plan(db: Db, records: ProfileInput[]): Promise<ImportPlan> {
  const profileBySlug = new Map<string, ProfileInput>();
  const articlesPlanned: ImportPlan['articlesPlanned'] = new Map();
  records.forEach((record, recordIndex) => {
    profileBySlug.set(record.profile_slug, record);
    for (const article of record.articles) {
      const canonicalUrl = canonicalizeUrl(article.link);
      const key = articleKey(record.profile_slug, canonicalUrl);
      // Re-inserted: the map keeps the order of each article's last listing, the order they are written in.
      articlesPlanned.delete(key);
      articlesPlanned.set(key, { slug: record.profile_slug, canonicalUrl, recordIndex, article });
    }
  });

  const existingIds = await profileIdsBySlug(db, [...profileBySlug.keys()]);
  const holders = new Map<string, number>();
  for (const [type, keys] of claimedHandleKeys(records)) {
    for (const part of chunks([...keys])) {
      const found = collectionOf(db, 'handles').find({ social_type: type, handle_key: { $in: part } });
      for await (const doc of found) holders.set(handleId(type, doc.handle_key), doc.profile_id);
    }
  }
  const { claimsBySlug, claimRecord } = planHandles(records, holders, new Set(existingIds.values()));
  return { profileBySlug, claimsBySlug, articlesPlanned, existingIds, claimRecord, holders };
}

/**
 * Writes documents keyed by a unique natural key (slug, canonical address): existing ones get `$set`,
 * missing ones are inserted whole with ids from the counters (inserts, not upserts: FerretDB 1.x scans
 * the collection for every upsert). A duplicate key (a concurrent writer inserted the same key, or an id
 * handed out twice) re-plans with fresh ids (see withNewIds); repeating a `$set` that landed changes nothing.
 */
async function writeByKey<T extends { _id: number }>(
  db: Db,
  collection: string,
  keyField: keyof T & string,
  items: { key: string; set: Partial<T> }[],
  onExisting?: (doc: T) => void,
  onInserted?: (key: string, id: number) => void,
): Promise<void> {
  const coll = db.collection<Document>(collection);
  for (const part of chunks(items)) {
    await withNewIds(db, collection, async () => {
      const existing = new Set<string>();
      for await (const doc of coll.find({ [keyField]: { $in: part.map((item) => item.key) } })) {
        existing.add(doc[keyField] as string);
        onExisting?.(doc as unknown as T);
      }
      const updates = part.filter((item) => existing.has(item.key));
      const inserts = part.filter((item) => !existing.has(item.key));
      return {
        count: inserts.length,
        write: async (firstId) => {
          for (const batch of chunks(updates, WRITE_CHUNK)) {
            await coll.bulkWrite(
              batch.map(({ key, set }) => ({ updateOne: { filter: { [keyField]: key }, update: { $set: set } } })),
              { ordered: false },
            );
          }
          if (inserts.length) {
            const docs = inserts.map(({ key, set }, i) => ({ _id: firstId + i, [keyField]: key, ...set }));
            await coll.insertMany(docs as Document[], { ordered: false });
            inserts.forEach(({ key }, i) => onInserted?.(key, firstId + i));
          }
        },
      };
    });
  }
}

/** The ids of every slug: the stored profile's, or a new one reserved for a slug not stored yet. */
async function profileIds(db: Db, importPlan: ImportPlan): Promise<Map<string, number>> {
  const ids = new Map(importPlan.existingIds);
  const newSlugs = [...importPlan.profileBySlug.keys()].filter((slug) => !ids.has(slug));
  const first = await reserveIds(db, COLLECTIONS.profiles, newSlugs.length);
  newSlugs.forEach((slug, i) => ids.set(slug, first + i));
  return ids;
}

const profileFields = ({ articles: _articles, verified, ...profile }: ProfileInput) => ({ verified, profile });

/**
 * Inserts the new profiles whole, derived fields included, with their reserved ids. Returns the slugs
 * whose insert the unique indexes refused (a concurrent writer took the slug or the id).
 */
async function insertNewProfiles(
  db: Db,
  importPlan: ImportPlan,
  ids: Map<string, number>,
  articleIds: Map<string, number>,
): Promise<string[]> {
  const articlesOf = new Map<string, ArticleDoc[]>();
  for (const [key, { slug, canonicalUrl: canonical_url, article }] of importPlan.articlesPlanned) {
    if (importPlan.existingIds.has(slug)) continue;
    const doc = { _id: articleIds.get(key)!, profile_id: ids.get(slug)!, canonical_url, ...articleFields(article) };
    const list = articlesOf.get(slug);
    if (list) list.push(doc);
    else articlesOf.set(slug, [doc]);
  }
  const docs = [...importPlan.profileBySlug]
    .filter(([slug]) => !importPlan.existingIds.has(slug))
    .map(([slug, record]): ProfileDoc => {
      const doc = { _id: ids.get(slug)!, slug, ...profileFields(record) };
      return { ...doc, ...derivedFieldsOf(doc, articlesOf.get(slug) ?? []) };
    });
  const refused: string[] = [];
  for (const part of chunks(docs, WRITE_CHUNK)) {
    try {
      await collectionOf(db, 'profiles').insertMany(part, { ordered: false });
    } catch (error) {
      const failed = writeErrorsOf(error);
      if (!failed.length || failed.some(({ code }) => code !== DUPLICATE_KEY)) throw error;
      refused.push(...failed.map(({ index }) => part[index]!.slug));
    }
  }
  return refused;
}

/**
 * Writes every profile: new ones inserted whole, the rest (and any refused insert) through writeByKey,
 * whose profiles then get their derived fields recomputed (`touched`). A refused profile that ended up
 * with another id than the reserved one takes its articles with it, and `ids` is corrected.
 */
async function writeProfiles(
  db: Db,
  importPlan: ImportPlan,
  ids: Map<string, number>,
  articleIds: Map<string, number>,
  touched: Set<number>,
): Promise<void> {
  const refused = await insertNewProfiles(db, importPlan, ids, articleIds);
  const rest = [...importPlan.existingIds.keys(), ...refused];
  const items = rest.map((slug) => ({ key: slug, set: profileFields(importPlan.profileBySlug.get(slug)!) }));
  await writeByKey<ProfileDoc>(db, COLLECTIONS.profiles, 'slug', items);
  const stored = await profileIdsBySlug(db, rest);
  for (const slug of rest) {
    const planned = ids.get(slug)!;
    const id = stored.get(slug)!;
    if (id !== planned) {
      const urls = [...importPlan.articlesPlanned.values()].filter((each) => each.slug === slug).map((each) => each.canonicalUrl);
      for (const part of chunks(urls)) {
        await collectionOf(db, 'articles').updateMany(
          { profile_id: planned, canonical_url: { $in: part } },
          { $set: { profile_id: id } },
        );
      }
      ids.set(slug, id);
    }
    touched.add(id);
  }
}

async function writeHandles(db: Db, importPlan: ImportPlan, ids: Map<string, number>): Promise<void> {
  const handles = collectionOf(db, 'handles');
  const keep = new Set<string>();
  for (const [slug, claims] of importPlan.claimsBySlug) {
    for (const claim of claims) keep.add(`${ids.get(slug)}\u0000${handleId(claim.type, claim.key)}`);
  }
  for (const part of chunks([...importPlan.existingIds.values()])) {
    const released = [];
    for await (const doc of handles.find({ profile_id: { $in: part } })) {
      if (!keep.has(`${doc.profile_id}\u0000${handleId(doc.social_type, doc.handle_key)}`)) released.push(doc._id);
    }
    if (released.length) await handles.deleteMany({ _id: { $in: released } });
  }
  const claims = [...importPlan.claimsBySlug]
    .flatMap(([slug, list]) => list.map((claim) => ({ profileId: ids.get(slug)!, claim })))
    .filter(({ profileId, claim }) => importPlan.holders.get(handleId(claim.type, claim.key)) !== profileId);
  for (const part of chunks(claims)) {
    try {
      await handles.insertMany(
        part.map(({ profileId, claim }) => ({ social_type: claim.type, handle_key: claim.key, profile_id: profileId })),
        { ordered: false },
      );
    } catch (error) {
      // The unique (network, handle) index refused a claim made by another writer since the plan.
      if (!isDuplicateKey(error)) throw error;
      throw new ImportConflictError(
        writeErrorsOf(error).map(({ index }) => {
          const { claim } = part[index]!;
          return {
            index: importPlan.claimRecord.get(handleId(claim.type, claim.key)) ?? 0,
            reason: `${claim.type} handle "${claim.value}" was claimed by another profile during the import; the import was partly applied, re-run it`,
          };
        }),
      );
    }
  }
}

const articleFields = (article: ProfileInput['articles'][number]) => ({
  active: article.active,
  published_at: article.published_at,
  article,
  credit_order: UNPLACED_CREDIT,
});

/**
 * Writes every planned article on its profile, proven by the import: the profile's own article at the address (a
 * claim, or one imported before) is updated, any other inserted with ids from the counters (inserts, not upserts:
 * see writeByKey). Other profiles' articles at the address are left as they are (co-authors). Returns each
 * article's id by articleKey(slug, address).
 */
async function writeArticles(
  db: Db,
  importPlan: ImportPlan,
  ids: Map<string, number>,
  total: number,
  now: string,
  onProgress?: (progress: ImportProgress) => void,
): Promise<Map<string, number>> {
  const articles = collectionOf(db, 'articles');
  const articleIds = new Map<string, number>();
  const entries = [...importPlan.articlesPlanned].sort((a, b) => a[1].recordIndex - b[1].recordIndex);
  let reported = 0;
  const proof = operatorImportProof(now);
  for (const part of chunks(entries)) {
    const items = part.map(([key, { slug, canonicalUrl, article }]) => ({
      key,
      profileId: ids.get(slug)!,
      set: { canonical_url: canonicalUrl, ...articleFields(article), proven: true, proof },
    }));
    await withNewIds(db, COLLECTIONS.articles, async () => {
      const existing = new Map<string, number>();
      const urls = [...new Set(items.map((item) => item.set.canonical_url))];
      const found = articles.find({ canonical_url: { $in: urls } }, { projection: { profile_id: 1, canonical_url: 1 } });
      for await (const doc of found) existing.set(articleKey(doc.profile_id, doc.canonical_url), doc._id);
      const idOf = (item: (typeof items)[number]) => existing.get(articleKey(item.profileId, item.set.canonical_url));
      const updates = items.filter((item) => idOf(item) !== undefined);
      const inserts = items.filter((item) => idOf(item) === undefined);
      return {
        count: inserts.length,
        write: async (firstId) => {
          for (const batch of chunks(updates, WRITE_CHUNK)) {
            const writes = batch.map((item) => ({ updateOne: { filter: { _id: idOf(item)! }, update: { $set: item.set } } }));
            await articles.bulkWrite(writes, { ordered: false });
          }
          for (const item of updates) articleIds.set(item.key, idOf(item)!);
          if (inserts.length) {
            const docs = inserts.map((item, i) => ({ _id: firstId + i, profile_id: item.profileId, ...item.set }));
            await articles.insertMany(docs, { ordered: false });
            inserts.forEach((item, i) => articleIds.set(item.key, firstId + i));
          }
        },
      };
    });
    const done = Math.min(total, part[part.length - 1]![1].recordIndex + 1);
    if (onProgress && done < total && done - reported >= IMPORT_PROGRESS_EVERY) {
      reported = done;
      onProgress({ done, total });
    }
  }
  return articleIds;
}

export async function importProfiles(
  db: Db,
  given: ProfileInput[],
  now: string,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportSummary> {
  // Before anything is written: a refused handle fails the import with nothing written.
  const records = given.map(importedRecord);
  const total = records.length;
  const articleCount = records.reduce((sum, record) => sum + record.articles.length, 0);
  if (total === 0) return { profiles: 0, articles: 0 };
  const importPlan = await plan(db, records);
  const ids = await profileIds(db, importPlan);
  // Existing importers, and (added on the way) refused inserts.
  const touched = new Set(importPlan.existingIds.values());
  const articleIds = await writeArticles(db, importPlan, ids, total, now, onProgress);
  await writeProfiles(db, importPlan, ids, articleIds, touched);
  await writeHandles(db, importPlan, ids);
  // The new profiles were written whole with their v1 answers; their v2 answers, which need the evidence just
  // recorded, are rendered at their first lookup until their next change (rendering them here rewrote every
  // document once more, which FerretDB makes slower the larger the import). Unproven claims of others are looked up
  // (the embedded store skips that when it holds none).
  await runInTurn(settleImportSteps(mongoImportedHandlesUnit(db), ids.values(), touched, now, true));
  onProgress?.({ done: total, total });
  return { profiles: total, articles: articleCount };
}
