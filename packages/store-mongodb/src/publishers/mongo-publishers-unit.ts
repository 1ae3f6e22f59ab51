import type { Db } from 'mongodb';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { mongoArticlesUnit } from '../articles/mongo-articles';
import { isDuplicateKey } from '../store/mongo-errors';
import { collectionOf } from '../store/mongo-schema';
import { domainIdOf } from './mongo-publisher-collections';
import type { StoredPublishersUnit } from '@byline/domain/publishers/publisher-documents';

/** The publishers' unit of write on MongoDB, by hand (see StoredPublishers): each a read or a single-document write. */
export function mongoPublishersUnit(db: Db): StoredPublishersUnit {
  const domains = collectionOf(db, 'publisherDomains');
  const staff = collectionOf(db, 'publisherStaff');
  return {
    async staffOf(publisherId, which) {
      const filter = which === 'active' ? { publisher_id: publisherId, state: 'active' as const } : { publisher_id: publisherId };
      const rows = await staff.find(filter, { projection: { profile_id: 1 } }).toArray();
      const ids = rows.flatMap((row) => (row.profile_id === null ? [] : [row.profile_id]));
      return which === 'active' ? ids : [...new Set(ids)].sort((a, b) => a - b);
    },
    async writeDomain(publisherId, domain, fields, asRead) {
      const set = {
        state: fields.state,
        method: fields.method,
        proven_at: fields.provenAt,
        last_checked_at: fields.lastCheckedAt,
        failing_since: fields.failingSince,
        last_failure: fields.lastFailure,
      };
      // `proven_domain` exists only while proven: its unique index keeps a proven domain to one publisher.
      const update =
        fields.state === 'proven'
          ? { $set: { ...set, proven_domain: domain } }
          : { $set: set, $unset: { proven_domain: '' as const } };
      try {
        // Only while the state is the one read: the filter and the update are one document write.
        return (await domains.updateOne({ _id: domainIdOf(publisherId, domain), state: asRead }, update)).matchedCount > 0;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
    articles: mongoArticlesUnit(db),
    answers: mongoAnswersUnit(db),
  };
}
