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
import { newChange } from '@byline/domain/credentials/note-credential-claims';
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
  };
}

/**
 * Takes these profiles' rendered v2 answers, and those of the outlets they are active staff of (and of
 * `alsoPublishers`), out of service BEFORE a change that removes something they show (a proof, an affiliation, a
 * publisher's verification or domain, a journalist's verification): MongoDB has no transactions, and a change
 * interrupted before its re-render would otherwise leave an answer showing what is gone, which no retry repairs.
 * Until the re-render after the change, lookups render them from what is stored (see MongoStore and outletFor).
 *
 * It also moves their render revisions on, so a re-render running concurrently (another request, another process)
 * that read them before this cannot save after it (a save applies only at the revision its read saw: see
 * AnswersUnit.saveAnswers); one that reads after this but before the
 * change still can, and then the change's own re-render, which reads after the change, saves over it or (its save
 * missing) renders once more. What remains: such a concurrent re-render, reading in the few milliseconds between
 * this and the change and saving before the change's re-render does, AND the process making the change killed
 * after the change but before its re-render: that answer, showing what is gone, stays until the profile's next
 * change. Forgetting once more after the change would narrow this to the moment between the change and that second
 * forgetting, but only each caller knows its change is done (a re-render cannot tell a removal's from any other),
 * so it is left as said.
 */
export async function forgetRenderedInTurn(db: Db, profileIds: Iterable<number>, alsoPublishers: Iterable<number> = []) {
  const ids = [...new Set(profileIds)];
  const publishers = new Set(alsoPublishers);
  const blueskyVerifications = new MongoDocuments(inTurn(db), BLUESKY_VERIFICATIONS_COLLECTION);
  if (ids.length) {
    for (const id of await mongoOutletsUnit(db).publishersOfStaff(ids)) publishers.add(id);
    for (const part of chunks(ids, WRITE_CHUNK)) {
      await collectionOf(db, 'profiles').updateMany(
        { _id: { $in: part } },
        { $unset: { 'answers.articleV2': '', 'answers.articleV2Tag': '' }, $inc: { answers_rev: 1 } },
      );
      // Their credentials too: pending from now and awaiting the note of the re-render after the change, so none is
      // served, nor issued again from the claims as they were, until that note says what the change leaves.
      await collectionOf(db, 'journalistCredentials').updateMany(
        { _id: { $in: part } },
        { $set: { change: newChange(), awaiting_note: true } },
      );
      // Byline's Bluesky records likewise: withdrawn from now until the note of the re-render after the change names
      // their subject again (it then differs, and the worker finds the standing record says what it asks: nothing is
      // rewritten). A change whose re-render never comes — its process killed in between — has the record deleted
      // rather than left asserting what the change undid.
      await blueskyVerifications.updateAll(
        { profileId: { in: part }, subject: { gt: '' } },
        // Due now, as a note's change is: a display name's next read gives way to it.
        { subject: null, change: newChange(), dueAt: null },
      );
    }
  }
  if (publishers.size) {
    await collectionOf(db, 'publisherDomains').updateMany(
      { publisher_id: { $in: [...publishers] } },
      { $unset: { rendered: '' }, $inc: { rendered_rev: 1 } },
    );
  }
}
