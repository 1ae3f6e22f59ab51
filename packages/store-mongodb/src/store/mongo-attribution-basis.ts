import type { Db } from 'mongodb';
import { forgetRenderedInTurn, rerenderInTurn } from '../answers/mongo-answers-unit';
import { withAttributionBasis, type AffiliationOfRecord } from '@byline/domain/articles/attribution-basis-backfill';
import { endVouchedArticlesSteps } from '@byline/domain/articles/end-vouched-articles';
import { mongoArticlesUnit } from '../articles/mongo-articles';
import { runInTurn } from '@byline/domain/store/steps';
import { collectionOf } from './mongo-schema';

/** Who the history names when an affiliation's end is applied to its attributions by this step, and it names no one. */
const MIGRATION_ACTOR = 'byline:migration';

/**
 * Data step 038 (see withAttributionBasis), in two passes, each idempotent: the worker's attributions without their
 * basis get it (one update per article); then each affiliation no longer active that a live credit by name rests on
 * has its end applied, its answers out of service first, as an ending does (MongoStaff.end). Interrupted between the
 * passes, the next run's second pass finds those credits by their recorded basis.
 */
export async function recordAttributionBasesIn(db: Db, now: Date): Promise<void> {
  const articles = collectionOf(db, 'articles');
  const affiliationsByProfile = new Map<number, AffiliationOfRecord[]>();
  const affiliationsOf = async (profileId: number): Promise<AffiliationOfRecord[]> => {
    let known = affiliationsByProfile.get(profileId);
    if (known) return known;
    const docs = await collectionOf(db, 'publisherStaff').find({ profile_id: profileId }).sort({ _id: -1 }).toArray();
    const publishers = new Map(
      (
        await collectionOf(db, 'publishers')
          .find({ _id: { $in: docs.map((doc) => doc.publisher_id) } })
          .toArray()
      ).map((publisher) => [publisher._id, publisher]),
    );
    known = docs.flatMap((doc) => {
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
    affiliationsByProfile.set(profileId, known);
    return known;
  };

  const attributed = { 'proof.evidence.by': 'byline:attribution' };
  const ending = new Map<number, { profileId: number; affiliation: AffiliationOfRecord }>();
  for await (const doc of articles.find(attributed)) {
    if (!doc.proof) continue;
    const { proof, endedVouching } = withAttributionBasis(doc.proof, await affiliationsOf(doc.profile_id));
    if (proof) {
      // Only onto the proof as it was read: another process running this step (or ending a proof) meanwhile is not
      // undone, and a proof it lapsed never says proven again.
      const unchanged: Record<string, unknown> = { _id: doc._id, 'proof.state': doc.proof.state };
      proof.evidence.forEach((each, index) => {
        if (each.attribution && !doc.proof!.evidence[index]?.attribution) {
          unchanged[`proof.evidence.${index}.attribution`] = { $exists: false };
        }
      });
      await articles.updateOne(unchanged, { $set: { proof } });
    }
    for (const affiliation of endedVouching) ending.set(affiliation.id, { profileId: doc.profile_id, affiliation });
  }
  // Those recorded by an earlier, interrupted run.
  for await (const doc of articles.find({ ...attributed, proven: true })) {
    for (const evidence of doc.proof?.evidence ?? []) {
      const basis = evidence.attribution;
      if (!basis || basis.by !== 'name' || evidence.endedAt !== null || ending.has(basis.affiliationId)) continue;
      const affiliation = (await affiliationsOf(doc.profile_id)).find((each) => each.id === basis.affiliationId);
      if (affiliation && affiliation.state !== 'active') ending.set(affiliation.id, { profileId: doc.profile_id, affiliation });
    }
  }
  for (const { profileId, affiliation } of ending.values()) {
    await forgetRenderedInTurn(db, [profileId], [affiliation.publisherId]);
    const about = {
      affiliationId: affiliation.id,
      profileId,
      publisherName: affiliation.publisherName,
      actor: affiliation.endedBy ?? MIGRATION_ACTOR,
    };
    await runInTurn(endVouchedArticlesSteps(mongoArticlesUnit(db), about, affiliation.endedAt ?? now.toISOString()));
    await rerenderInTurn(db, [profileId], [affiliation.publisherId]);
  }
}
