import type { Db } from 'mongodb';
import { runInTurn } from '../database/steps';
import { readEvidenceOf } from '../evidence/mongo-author-evidence';
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
      const views: EvidencedView[] = [];
      for await (const doc of profiles.find({ _id: { $in: profileIds } })) {
        const view = authorViewOf(doc, await latestActiveArticles(db, doc._id), counts.get(doc._id) ?? 0);
        views.push({ ...view, evidence: await readEvidenceOf(db, doc._id) });
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
