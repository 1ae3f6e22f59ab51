import type { Db } from 'mongodb';
import { rerenderInTurn } from '../answers/mongo-answers-unit';
import { endVouchingSteps, vouchingAsItStands, type StandingPublisher } from '@byline/domain/articles/end-vouched-articles';
import { mongoArticlesUnit } from '../articles/mongo-articles';
import { runInTurn } from '@byline/domain/store/steps';
import { collectionOf } from './mongo-schema';

/** Who the history names when the step ends a credit and the publisher's history names no one. */
const MIGRATION_ACTOR = 'byline:migration';

/**
 * Data step 039 (see vouchingAsItStands and the embedded store's endVouchingAsItStands): per publisher, the credits
 * by name on a vouching that no longer holds end `at` (each proof its own write, then its owners' answers). Idempotent:
 * run again, it finds nothing live to end; interrupted before a re-render, the next run does not repeat it, and the
 * answers lag until the profile's next change (an ended proof never answers: the article lapsed with it).
 */
export async function endVouchingAsItStandsIn(db: Db, at: Date): Promise<void> {
  const now = at.toISOString();
  for await (const publisher of collectionOf(db, 'publishers').find({}, { projection: { name: 1, verified_at: 1 } })) {
    const affiliations = await collectionOf(db, 'publisherStaff')
      .find({ publisher_id: publisher._id, profile_id: { $ne: null } }, { projection: { profile_id: 1 } })
      .toArray();
    const profileIds = [...new Set(affiliations.flatMap((each) => (each.profile_id === null ? [] : [each.profile_id])))];
    if (!profileIds.length) continue;
    const verified = (publisher.verified_at ?? null) !== null;
    const [withdrawal] = verified
      ? []
      : await collectionOf(db, 'publisherEvents')
          .find({ publisher_id: publisher._id, action: 'unverified' })
          .sort({ _id: -1 })
          .limit(1)
          .toArray();
    const domains = await collectionOf(db, 'publisherDomains')
      .find({ publisher_id: publisher._id, state: 'proven' }, { projection: { domain: 1 } })
      .toArray();
    const standing: StandingPublisher = {
      publisherId: publisher._id,
      publisherName: publisher.name,
      profileIds,
      unverified: verified ? 'verified' : withdrawal ? { actor: withdrawal.actor, at: withdrawal.at } : 'never-recorded',
      provenDomains: domains.map((each) => each.domain),
    };
    const ended = await runInTurn(
      endVouchingSteps(mongoArticlesUnit(db), vouchingAsItStands(standing, MIGRATION_ACTOR, now), now),
    );
    if (ended.profileIds.length) await rerenderInTurn(db, ended.profileIds, [publisher._id]);
  }
}
