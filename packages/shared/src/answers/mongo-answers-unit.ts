import type { Db } from 'mongodb';
import { runInTurn } from '../database/steps';
import { readEvidenceOfProfiles } from '../evidence/mongo-author-evidence';
import { mongoOutletsUnit } from '../outlets/mongo-outlets-unit';
import { chunks, WRITE_CHUNK } from '../store/mongo/chunks';
import { collectionOf } from '../store/mongo/mongo-schema';
import { authorViewOf, latestActiveArticles } from '../store/mongo/profile-derived-fields';
import type { AnswersUnit, EvidencedView, ProfileAnswers } from './answers-unit';
import { rerenderAnswers } from './rerender-answers';

/** MongoDB's side of re-rendering: one `$in` read and one count per round, written in batches. */
export function mongoAnswersUnit(db: Db): AnswersUnit {
  const profiles = collectionOf(db, 'profiles');
  const articles = collectionOf(db, 'articles');
  return {
    ...mongoOutletsUnit(db),
    async authorViews(profileIds: number[]): Promise<EvidencedView[]> {
      // Counted by the server, so a profile with many articles never streams them all here.
      const counts = new Map<number, number>(profileIds.map((id) => [id, 0]));
      const grouped = articles.aggregate<{ _id: number; n: number }>([
        { $match: { profile_id: { $in: profileIds }, active: true } },
        { $group: { _id: '$profile_id', n: { $sum: 1 } } },
      ]);
      for await (const { _id, n } of grouped) counts.set(_id, n);
      const evidence = await readEvidenceOfProfiles(db, profileIds);
      const views: EvidencedView[] = [];
      for await (const doc of profiles.find({ _id: { $in: profileIds } })) {
        const view = authorViewOf(doc, await latestActiveArticles(db, doc._id), counts.get(doc._id) ?? 0);
        views.push({ ...view, evidence: evidence.get(doc._id) ?? [] });
      }
      return views;
    },
    async saveAnswers(rendered: ProfileAnswers[]): Promise<void> {
      const updates = rendered.map(({ profileId, activeArticleCount, answers }) => ({
        updateOne: { filter: { _id: profileId }, update: { $set: { active_article_count: activeArticleCount, answers } } },
      }));
      for (const batch of chunks(updates, WRITE_CHUNK)) await profiles.bulkWrite(batch, { ordered: false });
    },
  };
}

/** Re-renders these profiles' answers, after the write that changed them (see rerenderAnswers for the order). */
export function rerenderInTurn(db: Db, profileIds: Iterable<number>, alsoPublishers: Iterable<number> = []): Promise<void> {
  return runInTurn(rerenderAnswers(mongoAnswersUnit(db), profileIds, alsoPublishers));
}

/**
 * Takes these profiles' rendered v2 answers, and those of the outlets they are active staff of (and of
 * `alsoPublishers`), out of service BEFORE a change that removes something they show (a proof, an affiliation, a
 * publisher's verification or domain, a journalist's verification): MongoDB has no transactions, and a change
 * interrupted before its re-render would otherwise leave an answer showing what is gone, which no retry repairs.
 * Until the re-render after the change, lookups render them from what is stored (see MongoStore and outletFor).
 */
export async function forgetRenderedInTurn(db: Db, profileIds: Iterable<number>, alsoPublishers: Iterable<number> = []) {
  const ids = [...new Set(profileIds)];
  const publishers = new Set(alsoPublishers);
  if (ids.length) {
    for (const id of await mongoOutletsUnit(db).publishersOfStaff(ids)) publishers.add(id);
    for (const part of chunks(ids, WRITE_CHUNK)) {
      await collectionOf(db, 'profiles').updateMany(
        { _id: { $in: part } },
        { $unset: { 'answers.articleV2': '', 'answers.articleV2Tag': '' } },
      );
    }
  }
  if (publishers.size) {
    await collectionOf(db, 'publisherDomains').updateMany(
      { publisher_id: { $in: [...publishers] } },
      { $unset: { rendered: '' } },
    );
  }
}
