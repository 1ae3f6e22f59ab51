import type { Db, Filter } from 'mongodb';
import type { AffiliationOfRecord } from '@byline/domain/articles/attribution-basis-backfill';
import { answersFollow, DATA_STEPS, type DataStepName } from '@byline/domain/data-steps/data-steps';
import type { DataStepsUnit, RenderReason } from '@byline/domain/data-steps/data-steps-unit';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { mongoArticlesUnit } from '../articles/mongo-articles';
import { collectionOf, type ArticleDoc, type ProfileDoc } from './mongo-schema';

/** The profiles each reason selects: those written before the answers a field holds, or with unproven articles. */
const TO_RENDER: Record<Exclude<RenderReason, 'unproven-articles' | 'bluesky-claims'>, Filter<ProfileDoc>> = {
  article: { 'answers.article': { $exists: false } },
  'article-tag': { 'answers.articleTag': { $exists: false } },
  'article-v2': { 'answers.articleV2Tag': { $exists: false } },
};

/** MongoDB's side of the data steps (see data-steps-unit.ts): single-document writes, each awaited in turn. */
export function mongoDataStepsUnit(db: Db): DataStepsUnit {
  const articles = collectionOf(db, 'articles');
  let unprovenOwners: Promise<number[]> | undefined;
  let blueskyOwners: Promise<number[]> | undefined;
  return {
    ownWrite: <T>(steps: () => Steps<T>) => runInTurn(steps()),
    articles: mongoArticlesUnit(db),
    answers: mongoAnswersUnit(db),
    async profilesToRender(reason, afterId, limit) {
      if (reason === 'unproven-articles') {
        // Read once per step, then paged: one distinct over the articles, not one per page.
        unprovenOwners ??= articles.distinct('profile_id', { proven: { $ne: true } }).then((ids) => ids.sort((a, b) => a - b));
        return (await unprovenOwners).filter((id) => id > afterId).slice(0, limit);
      }
      if (reason === 'bluesky-claims') {
        // Few profiles: read once per step, then paged.
        blueskyOwners ??= collectionOf(db, 'claims')
          .distinct('profile_id', { kind: 'bluesky', state: 'proven', released_at: null })
          .then((ids) => ids.sort((a, b) => a - b));
        return (await blueskyOwners).filter((id) => id > afterId).slice(0, limit);
      }
      const found = collectionOf(db, 'profiles')
        .find({ ...TO_RENDER[reason], _id: { $gt: afterId } }, { projection: { _id: 1 } })
        .sort({ _id: 1 })
        .limit(limit);
      return (await found.toArray()).map((doc) => doc._id);
    },
    async publisherIds() {
      const found = collectionOf(db, 'publishers')
        .find({}, { projection: { _id: 1 } })
        .sort({ _id: 1 });
      return (await found.toArray()).map((doc) => doc._id);
    },
    async standingOf(publisherId) {
      const publisher = await collectionOf(db, 'publishers').findOne({ _id: publisherId });
      if (!publisher) return null;
      const affiliations = await collectionOf(db, 'publisherStaff')
        .find({ publisher_id: publisherId, profile_id: { $ne: null } }, { projection: { profile_id: 1 } })
        .toArray();
      const verified = (publisher.verified_at ?? null) !== null;
      const [withdrawal] = verified
        ? []
        : await collectionOf(db, 'publisherEvents')
            .find({ publisher_id: publisherId, action: 'unverified' })
            .sort({ _id: -1 })
            .limit(1)
            .toArray();
      const domains = await collectionOf(db, 'publisherDomains')
        .find({ publisher_id: publisherId, state: 'proven' }, { projection: { domain: 1 } })
        .toArray();
      return {
        publisherId,
        publisherName: publisher.name,
        profileIds: [...new Set(affiliations.flatMap((each) => (each.profile_id === null ? [] : [each.profile_id])))],
        unverified: verified ? 'verified' : withdrawal ? { actor: withdrawal.actor, at: withdrawal.at } : 'never-recorded',
        provenDomains: domains.map((each) => each.domain),
      };
    },
    async attributedArticles(afterId, limit) {
      const found = articles
        .find({ 'proof.evidence.by': 'byline:attribution', _id: { $gt: afterId } })
        .sort({ _id: 1 })
        .limit(limit);
      return (await found.toArray()).flatMap((doc) =>
        doc.proof ? [{ id: doc._id, profileId: doc.profile_id, proven: doc.proven === true, proof: doc.proof }] : [],
      );
    },
    async affiliationsOf(profileId) {
      const docs = await collectionOf(db, 'publisherStaff').find({ profile_id: profileId }).sort({ _id: -1 }).toArray();
      const publishers = new Map(
        (
          await collectionOf(db, 'publishers')
            .find({ _id: { $in: docs.map((doc) => doc.publisher_id) } })
            .toArray()
        ).map((publisher) => [publisher._id, publisher]),
      );
      return docs.flatMap((doc): AffiliationOfRecord[] => {
        const publisher = publishers.get(doc.publisher_id);
        if (!publisher) return [];
        return [
          {
            id: doc._id,
            publisherId: doc.publisher_id,
            publisherSlug: publisher.slug,
            publisherName: publisher.name,
            state: doc.state,
            acceptedAt: doc.accepted_at,
            endedAt: doc.ended_at,
            endedBy: doc.ended_by,
          },
        ];
      });
    },
    async recordAttributionBasis(articleId, proof, was) {
      // Only onto the proof as it was read: its state unchanged, and no basis recorded meanwhile on evidence that
      // had none (a proof another process lapsed never says proven again).
      const unchanged: Filter<ArticleDoc> = { _id: articleId, 'proof.state': was.state };
      proof.evidence.forEach((each, index) => {
        if (each.attribution && !was.evidence[index]?.attribution) {
          (unchanged as Record<string, unknown>)[`proof.evidence.${index}.attribution`] = { $exists: false };
        }
      });
      await articles.updateOne(unchanged, { $set: { proof } });
    },
    async articleLinksWithQuery() {
      const found = articles.find({ 'article.link': /\?/ }, { projection: { profile_id: 1, 'article.link': 1 } });
      return (await found.toArray()).map((doc) => ({ id: doc._id, profileId: doc.profile_id, link: doc.article.link }));
    },
    async setArticleLink(articleId, link, was) {
      await articles.updateOne({ _id: articleId, 'article.link': was }, { $set: { 'article.link': link } });
    },
  };
}

/** A data step as MongoDB's migrations run it. */
export function mongoDataStep(name: DataStepName) {
  return { name, run: (db: Db, now: Date) => runInTurn(DATA_STEPS[name](mongoDataStepsUnit(db), now.toISOString())) };
}

/** Profiles whose stored fields a migration changed: their answers follow (see answersFollow). */
export type AnswersFollow = (profileIds: Iterable<number>) => Promise<void>;

export const answersFollowInTurn =
  (db: Db): AnswersFollow =>
  (profileIds) =>
    runInTurn(answersFollow(mongoDataStepsUnit(db), profileIds));
