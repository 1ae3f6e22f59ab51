import type { Db, Document, MongoBulkWriteError } from 'mongodb';
import { SOCIAL_TYPES, type ProfileInput, type SocialType } from '../../domain/types';
import { handleKey } from '../../social/social-handle';
import { canonicalizeUrl } from '../../url/canonical-url';
import type { ImportProblem, ImportProgress, ImportSummary } from '../store';
import { ImportConflictError } from '../store';
import { chunks, WRITE_CHUNK } from './chunks';
import { isDuplicateKey } from './mongo-errors';
import { withNewIds } from './mongo-ids';
import { COLLECTIONS, collectionOf, type ArticleDoc, type ProfileDoc } from './mongo-schema';
import { refreshDerivedFields } from './profile-derived-fields';

/*
 * Import without multi-document transactions (FerretDB 1.x has none), in two phases:
 *
 * 1. Plan (reads only). Every handle the file claims is checked against the database and against the
 *    earlier records of the file, with the embedded store's rules: a profile being imported releases its
 *    old handles first, the first record to claim a handle wins. Any conflict rejects the whole import
 *    with ImportConflictError before anything is written.
 * 2. Write, each step an idempotent upsert keyed by a unique index: profiles by slug, then handles (the
 *    released ones deleted, the claimed ones upserted), then articles by canonical address, then the
 *    derived fields (active count, rendered answers) of every profile touched (importers, and previous owners of moved articles)
 *    recomputed from the articles collection.
 *
 * Residual race, documented rather than hidden: a handle claimed by another writer between the plan and
 * the write makes the handle upsert hit the unique index; the import then stops with ImportConflictError,
 * having written the profiles (and handles) before it. Re-running the import after fixing the file
 * converges, since every write is an upsert. Readers may see a profile whose articles are still being
 * written during a large import; the active count is recomputed (never incremented), so it is exact once
 * the import ends, whatever ran concurrently, except when two imports touching the same profile
 * interleave their final recounts, which the next import of that profile corrects.
 */

const PROGRESS_EVERY = 500;

interface Claim {
  type: SocialType;
  key: string;
  value: string;
}

interface ImportPlan {
  /** The last record of each slug, whose profile fields win (as sequential upserts would). */
  profileBySlug: Map<string, ProfileInput>;
  /** Handles each slug claims: the union over its records. */
  claimsBySlug: Map<string, Claim[]>;
  /** The last record claiming each canonical address owns the article. */
  articleOwner: Map<string, { slug: string; recordIndex: number; article: ProfileInput['articles'][number] }>;
  existingIds: Map<string, number>;
  claimRecord: Map<string, number>;
  /** The profile id holding each claimed handle before the import, if any. */
  holders: Map<string, number>;
}

const handleId = (type: string, key: string) => `${type}\u0000${key}`;

async function profileIdsBySlug(db: Db, slugs: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(slugs)) {
    const found = collectionOf(db, 'profiles').find({ slug: { $in: part } }, { projection: { _id: 1, slug: 1 } });
    for await (const doc of found) ids.set(doc.slug, doc._id);
  }
  return ids;
}

async function plan(db: Db, records: ProfileInput[]): Promise<ImportPlan> {
  const profileBySlug = new Map<string, ProfileInput>();
  const claimsBySlug = new Map<string, Claim[]>();
  const articleOwner: ImportPlan['articleOwner'] = new Map();
  const wanted = new Map<SocialType, Set<string>>(SOCIAL_TYPES.map((type) => [type, new Set()]));
  records.forEach((record, recordIndex) => {
    profileBySlug.set(record.profile_slug, record);
    for (const type of SOCIAL_TYPES) {
      const value = record.profile_social_profiles[type];
      if (value) wanted.get(type)!.add(handleKey(type, value));
    }
    for (const article of record.articles) {
      articleOwner.set(canonicalizeUrl(article.link), { slug: record.profile_slug, recordIndex, article });
    }
  });

  const existingIds = await profileIdsBySlug(db, [...profileBySlug.keys()]);
  const importedIds = new Set(existingIds.values());
  const holders = new Map<string, number>();
  for (const [type, keys] of wanted) {
    for (const part of chunks([...keys])) {
      const found = collectionOf(db, 'handles').find({ social_type: type, handle_key: { $in: part } });
      for await (const doc of found) holders.set(handleId(type, doc.handle_key), doc.profile_id);
    }
  }

  const problems: ImportProblem[] = [];
  const claimedBy = new Map<string, string>();
  const claimRecord = new Map<string, number>();
  records.forEach((record, index) => {
    const slug = record.profile_slug;
    for (const type of SOCIAL_TYPES) {
      const value = record.profile_social_profiles[type];
      if (!value) continue;
      const key = handleKey(type, value);
      const id = handleId(type, key);
      const holder = holders.get(id);
      const claimant = claimedBy.get(id);
      if ((holder !== undefined && !importedIds.has(holder)) || (claimant !== undefined && claimant !== slug)) {
        problems.push({ index, reason: `${type} handle "${value}" is already held by another profile` });
        continue;
      }
      if (claimant === undefined) {
        claimedBy.set(id, slug);
        claimRecord.set(id, index);
        const claims = claimsBySlug.get(slug) ?? [];
        claims.push({ type, key, value });
        claimsBySlug.set(slug, claims);
      }
    }
  });
  if (problems.length) throw new ImportConflictError(problems);
  return { profileBySlug, claimsBySlug, articleOwner, existingIds, claimRecord, holders };
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
  items: { key: string; set: Partial<T>; onInsert?: Partial<T> }[],
  onExisting?: (doc: T) => void,
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
            const docs = inserts.map(({ key, set, onInsert }, i) => ({ _id: firstId + i, [keyField]: key, ...set, ...onInsert }));
            await coll.insertMany(docs as Document[], { ordered: false });
          }
        },
      };
    });
  }
}

async function writeProfiles(db: Db, importPlan: ImportPlan): Promise<Map<string, number>> {
  // A new profile's active count is known up front: the active articles this file gives it.
  const activeOf = new Map<string, number>();
  for (const { slug, article } of importPlan.articleOwner.values()) {
    if (article.active) activeOf.set(slug, (activeOf.get(slug) ?? 0) + 1);
  }
  const items = [...importPlan.profileBySlug].map(([slug, record]) => {
    const { articles: _articles, verified, ...profile } = record;
    return { key: slug, set: { verified, profile }, onInsert: { active_article_count: activeOf.get(slug) ?? 0 } };
  });
  await writeByKey<ProfileDoc>(db, COLLECTIONS.profiles, 'slug', items);
  // Re-read: a concurrent import may have created one of the new slugs first, with its own id.
  return profileIdsBySlug(db, [...importPlan.profileBySlug.keys()]);
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
      const failed = (error as MongoBulkWriteError).writeErrors;
      const indexes = (Array.isArray(failed) ? failed : [failed]).map((e) => e?.index ?? 0);
      throw new ImportConflictError(
        indexes.map((i) => {
          const { claim } = part[i]!;
          return {
            index: importPlan.claimRecord.get(handleId(claim.type, claim.key)) ?? 0,
            reason: `${claim.type} handle "${claim.value}" was claimed by another profile during the import; the import was partly applied, re-run it`,
          };
        }),
      );
    }
  }
}

async function writeArticles(
  db: Db,
  importPlan: ImportPlan,
  ids: Map<string, number>,
  total: number,
  onProgress?: (progress: ImportProgress) => void,
): Promise<Set<number>> {
  // Existing importers and previous owners of moved articles; new profiles got their count at insert.
  const touched = new Set(importPlan.existingIds.values());
  const entries = [...importPlan.articleOwner].sort((a, b) => a[1].recordIndex - b[1].recordIndex);
  let reported = 0;
  for (const part of chunks(entries)) {
    const items = part.map(([canonical_url, { slug, article }]) => ({
      key: canonical_url,
      set: { profile_id: ids.get(slug)!, active: article.active, published_at: article.published_at, article },
    }));
    await writeByKey<ArticleDoc>(db, COLLECTIONS.articles, 'canonical_url', items, (doc) => touched.add(doc.profile_id));
    const done = Math.min(total, part[part.length - 1]![1].recordIndex + 1);
    if (onProgress && done < total && done - reported >= PROGRESS_EVERY) {
      reported = done;
      onProgress({ done, total });
    }
  }
  return touched;
}

export async function importProfiles(
  db: Db,
  records: ProfileInput[],
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportSummary> {
  const total = records.length;
  const articleCount = records.reduce((sum, record) => sum + record.articles.length, 0);
  if (total === 0) return { profiles: 0, articles: 0 };
  const importPlan = await plan(db, records);
  const ids = await writeProfiles(db, importPlan);
  await writeHandles(db, importPlan, ids);
  const touched = await writeArticles(db, importPlan, ids, total, onProgress);
  await refreshDerivedFields(db, touched);
  onProgress?.({ done: total, total });
  return { profiles: total, articles: articleCount };
}
