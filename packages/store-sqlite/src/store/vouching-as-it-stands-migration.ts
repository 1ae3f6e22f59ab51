import type Database from 'better-sqlite3';
import { rerenderNow } from '../answers/sqlite-answers-unit';
import { endVouchingSteps, vouchingAsItStands, type StandingPublisher } from '@byline/domain/articles/end-vouched-articles';
import { sqliteArticlesUnit } from '../articles/sqlite-articles';
import { runNow } from '@byline/domain/store/steps';

/** Who the history names when the step ends a credit and the publisher's history names no one. */
const MIGRATION_ACTOR = 'byline:migration';

/**
 * Data step 039 (see vouchingAsItStands): the credits by name resting on a publisher's vouching that no longer
 * holds — its verification withdrawn, or the article's address covered by none of the domains it proves — end `at`,
 * as its unverification, a domain's lapse or its removal end them since. One short transaction per publisher; run
 * again, it finds nothing live to end.
 */
export function endVouchingAsItStands(db: Database.Database, at: Date): void {
  const now = at.toISOString();
  const publishers = db
    .prepare<[], { id: number; name: string; verified_at: string | null }>(
      'SELECT id, name, verified_at FROM publishers ORDER BY id',
    )
    .all();
  const staff = db
    .prepare<[number], number>(
      'SELECT DISTINCT profile_id FROM publisher_staff WHERE publisher_id = ? AND profile_id IS NOT NULL',
    )
    .pluck();
  const proven = db
    .prepare<[number], string>("SELECT domain FROM publisher_domains WHERE publisher_id = ? AND state = 'proven'")
    .pluck();
  const withdrawal = db.prepare<[number], { actor: string; at: string }>(
    "SELECT actor, at FROM publisher_events WHERE publisher_id = ? AND action = 'unverified' ORDER BY id DESC LIMIT 1",
  );
  const endOne = db.transaction((publisherId: number, publisherName: string, verified: boolean) => {
    const profileIds = staff.all(publisherId);
    if (!profileIds.length) return;
    const standing: StandingPublisher = {
      publisherId,
      publisherName,
      profileIds,
      unverified: verified ? 'verified' : (withdrawal.get(publisherId) ?? 'never-recorded'),
      provenDomains: proven.all(publisherId),
    };
    const ended = runNow(endVouchingSteps(sqliteArticlesUnit(db), vouchingAsItStands(standing, MIGRATION_ACTOR, now), now));
    if (ended.profileIds.length) rerenderNow(db, ended.profileIds, [publisherId]);
  });
  for (const { id, name, verified_at } of publishers) endOne.immediate(id, name, verified_at !== null);
}
