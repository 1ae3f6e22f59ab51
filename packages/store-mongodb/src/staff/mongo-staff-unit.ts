import type { Db } from 'mongodb';
import { forgetRenderedInTurn, mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { mongoArticlesUnit } from '../articles/mongo-articles';
import { isDuplicateKey } from '../store/mongo-errors';
import { collectionOf } from '../store/mongo-schema';
import { openProfileKey, toAffiliation } from './mongo-staff-docs';
import type { Closing, StaffUnitOfWrite } from '@byline/domain/staff/staff-unit';

/** An affiliation's fields once closed; it is no longer open, so its open keys go. */
const closed = ({ to, actor, reason, at }: Closing) => ({
  $set: { state: to, ended_at: at, ended_by: actor, ended_reason: reason },
  $unset: { open_profile: '' as const, open_email: '' as const },
});

/** The staff's unit of write on MongoDB: each method one read or one single-document write, awaited in turn. */
export function mongoStaffUnit(db: Db): StaffUnitOfWrite {
  const staff = collectionOf(db, 'publisherStaff');
  return {
    async affiliation(id) {
      const doc = await staff.findOne({ _id: id });
      return doc ? toAffiliation(doc) : null;
    },
    async isActiveStaff(publisherId, profileId) {
      const key = openProfileKey(publisherId, profileId);
      return (await staff.findOne({ open_profile: key, state: 'active' }, { projection: { _id: 1 } })) !== null;
    },
    async closeInvitationsOf(publisherId, profileId, exceptId, closing) {
      const key = openProfileKey(publisherId, profileId);
      await staff.updateMany({ open_profile: key, state: 'invited', _id: { $ne: exceptId } }, closed(closing));
    },
    async markAccepted(id, profileId, at) {
      const invitation = await staff.findOne({ _id: id }, { projection: { publisher_id: 1 } });
      if (!invitation) return false;
      const open_profile = openProfileKey(invitation.publisher_id, profileId);
      try {
        const accepted = await staff.updateOne(
          { _id: id, state: 'invited' },
          { $set: { state: 'active', profile_id: profileId, accepted_at: at, open_profile } },
        );
        return accepted.matchedCount > 0;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
    async close(id, from, closing) {
      const before = await staff.findOneAndUpdate({ _id: id, state: { $in: [...from] } }, closed(closing), {
        returnDocument: 'before',
      });
      return before ? toAffiliation(before) : null;
    },
    async publisherName(publisherId) {
      const publisher = await collectionOf(db, 'publishers').findOne({ _id: publisherId }, { projection: { name: 1 } });
      return publisher?.name ?? null;
    },
    takeOutOfService: (profileIds, publisherIds) => forgetRenderedInTurn(db, profileIds, publisherIds),
    articles: mongoArticlesUnit(db),
    answers: mongoAnswersUnit(db),
  };
}
