import type { Db } from 'mongodb';
import { readEvidenceOfProfiles } from '../evidence/mongo-author-evidence';
import { mongoOutletsUnit } from '../outlets/mongo-outlets-unit';
import { chunks, WRITE_CHUNK } from '../store/chunks';
import { collectionOf } from '../store/mongo-schema';
import { missedSaves, revisionIs } from '../store/render-revision';
import { authorViewOf, latestActiveArticles } from '../store/profile-derived-fields';
import type { AnswersUnit, EvidencedView, ProfileAnswers } from '@byline/domain/answers/answers-unit';
import { MongoDocuments } from '../documents/mongo-documents';
import { inTurn } from '../store/mongo-database';
import { JOURNALIST_CREDENTIALS_COLLECTION } from '../credentials/mongo-journalist-credentials-collections';
import { BLUESKY_VERIFICATIONS_COLLECTION } from '../bluesky-verification/mongo-bluesky-verifications-collection';
import type { ProvenBlueskyAccount } from '@byline/domain/bluesky-verification/note-bluesky-verifications';

/**
 * The answers unit on MongoDB: what a profile's answers are rendered from, read with one `$in` read and one count per
 * round, and the rendered answers stored in batches, each save a compare-and-set on the profile's render revision
 * (see AnswersUnit.saveAnswers).
 */
export function mongoAnswersUnit(db: Db): AnswersUnit {
  const profiles = collectionOf(db, 'profiles');
  const articles = collectionOf(db, 'articles');
  return {
    ...mongoOutletsUnit(db),
    // Steps of the unit's own ordered writes: awaited in turn by the rule that runs them.
    credentials: new MongoDocuments(inTurn(db), JOURNALIST_CREDENTIALS_COLLECTION).steps,
    blueskyVerifications: new MongoDocuments(inTurn(db), BLUESKY_VERIFICATIONS_COLLECTION).steps,
    async provenBlueskyAccounts(profileIds: number[]): Promise<ProvenBlueskyAccount[]> {
      if (!profileIds.length) return [];
      const claims = await collectionOf(db, 'claims')
        .find({ profile_id: { $in: profileIds }, kind: 'bluesky', state: 'proven', released_at: null })
        .sort({ _id: 1 })
        .toArray();
      if (!claims.length) return [];
      const live = new Set(
        (
          await collectionOf(db, 'evidence')
            .find({ claim_id: { $in: claims.map((claim) => claim._id) }, ended_at: null }, { projection: { claim_id: 1 } })
            .toArray()
        ).map((proof) => proof.claim_id),
      );
      return claims
        .filter((claim) => live.has(claim._id))
        .map((claim) => ({ profileId: claim.profile_id, did: claim.key, value: claim.value }));
    },
    // Profile ids come from a counter, never given twice: an erased profile's claims stay withdrawn over any read.
    goneRevision: Number.MAX_SAFE_INTEGER,
    async authorViews(profileIds: number[]): Promise<EvidencedView[]> {
      // The documents first: each one's revision is read with its fields, before its articles and evidence, so a
      // change made after any of those reads is followed by a save or forgetting that moves the revision on.
      const docs = await profiles.find({ _id: { $in: profileIds } }).toArray();
      // Counted by the server, so a profile with many articles never streams them all here.
      const counts = new Map<number, number>(profileIds.map((id) => [id, 0]));
      const grouped = articles.aggregate<{ _id: number; n: number }>([
        { $match: { profile_id: { $in: profileIds }, active: true } },
        { $group: { _id: '$profile_id', n: { $sum: 1 } } },
      ]);
      for await (const { _id, n } of grouped) counts.set(_id, n);
      const evidence = await readEvidenceOfProfiles(db, profileIds);
      const views: EvidencedView[] = [];
      for (const doc of docs) {
        const view = authorViewOf(doc, await latestActiveArticles(db, doc._id), counts.get(doc._id) ?? 0);
        views.push({ ...view, evidence: evidence.get(doc._id) ?? [], revision: doc.answers_rev ?? 0 });
      }
      return views;
    },
    async credentialViews(profileIds: number[]) {
      // The documents first, their revision with them (as authorViews reads it), then the evidence.
      const docs = await profiles.find({ _id: { $in: profileIds } }).toArray();
      const evidence = await readEvidenceOfProfiles(db, profileIds);
      return docs.map((doc) => ({
        profile: authorViewOf(doc, [], 0).profile,
        evidence: evidence.get(doc._id) ?? [],
        revision: doc.answers_rev ?? 0,
      }));
    },
    async saveAnswers(rendered: ProfileAnswers[]): Promise<number[]> {
      const updates = rendered.map(({ profileId, activeArticleCount, answers, revision }) => ({
        updateOne: {
          filter: { _id: profileId, ...revisionIs('answers_rev', revision) },
          update: { $set: { active_article_count: activeArticleCount, answers }, $inc: { answers_rev: 1 } },
        },
      }));
      let matched = 0;
      for (const batch of chunks(updates, WRITE_CHUNK))
        matched += (await profiles.bulkWrite(batch, { ordered: false })).matchedCount;
      if (matched === rendered.length) return [];
      return missedSaves(
        rendered.map((r) => ({ id: r.profileId, revision: r.revision })),
        profiles.find(
          { _id: { $in: rendered.map((r) => r.profileId) } },
          { projection: { answers_rev: 1, 'answers.articleV2Tag': 1 } },
        ),
        (doc) => ({ id: doc._id, revision: doc.answers_rev ?? 0, rendered: doc.answers?.articleV2Tag !== undefined }),
      );
    },
    async forgetAnswers(profileIds: number[]): Promise<void> {
      for (const part of chunks(profileIds, WRITE_CHUNK)) {
        await profiles.updateMany({ _id: { $in: part } }, { $unset: { answers: '' }, $inc: { answers_rev: 1 } });
      }
    },
    // No transactions: what a change removes is taken out of service before it (see takeOutOfService).
    outOfService: {
      profilesPerWrite: WRITE_CHUNK,
      async forgetV2Answers(profileIds: number[]): Promise<void> {
        await profiles.updateMany(
          { _id: { $in: profileIds } },
          { $unset: { 'answers.articleV2': '', 'answers.articleV2Tag': '' }, $inc: { answers_rev: 1 } },
        );
      },
      async forgetOutletsOf(publisherIds: number[]): Promise<void> {
        await collectionOf(db, 'publisherDomains').updateMany(
          { publisher_id: { $in: publisherIds } },
          { $unset: { rendered: '' }, $inc: { rendered_rev: 1 } },
        );
      },
    },
  };
}
