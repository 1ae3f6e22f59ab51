import type { AffiliationDocument } from '@byline/domain/staff/staff-documents';
import type { MongoCollection } from '../documents/mongo-documents';

/** Affiliations in the publisher_staff collection; an open one carries its open keys, a closed one none. */
export const STAFF_COLLECTION: MongoCollection<AffiliationDocument> = {
  name: 'publisherStaff',
  fields: {
    id: '_id',
    publisherId: 'publisher_id',
    profileId: 'profile_id',
    invitedEmail: 'invited_email',
    state: 'state',
    invitedBy: 'invited_by',
    invitedAt: 'invited_at',
    acceptedAt: 'accepted_at',
    endedAt: 'ended_at',
    endedBy: 'ended_by',
    endedReason: 'ended_reason',
    openProfile: 'open_profile',
    openEmail: 'open_email',
  },
  key: 'id',
  generatedKey: true,
  unique: ['openProfile', 'openEmail'],
  unsetWhenNull: ['openProfile', 'openEmail'],
};
