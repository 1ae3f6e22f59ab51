import type { Db } from 'mongodb';
import type { MongoDatabase } from '../store/mongo-database';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import { mongoClaimsUnit } from '../claims/mongo-claims-unit';
import { isDuplicateKey } from '../store/mongo-errors';
import { collectionOf, type QueueItemDoc } from '../store/mongo-schema';
import { WRITE_CHUNK } from '../store/chunks';
import { queueItemIdOf, settleIn } from '../queue/mongo-leased-queue';
import { RECHECK_TOPIC } from '@byline/domain/recheck/recheck-records';
import type { RecheckStoredUnit, StoredRecheckRecords } from '@byline/domain/recheck/document-recheck-records';

/**
 * The re-check's unit of write on MongoDB: each method one read or one single-document write, awaited in the rule's
 * order (see recheck-changes.ts; FerretDB 1.x has no transactions).
 */
function mongoRecheckUnit(db: Db): RecheckStoredUnit {
  return {
    async leaseHolder(itemId) {
      return (await collectionOf(db, 'queueItems').findOne({ _id: itemId }, { projection: { holder: 1 } }))?.holder ?? null;
    },
    settle: (item, next, at) => settleIn(db, item.id, item.holder, next, at),
    claims: mongoClaimsUnit(db),
    answers: mongoAnswersUnit(db),
  };
}

/** The MongoDB re-check records: the unit of write the rule of recheck-changes.ts runs in. */
export class MongoRecheckRecords implements StoredRecheckRecords {
  constructor(private readonly database: MongoDatabase) {}

  inOneWrite<T>(steps: (unit: RecheckStoredUnit) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoRecheckUnit(this.database.db))));
  }
}

/**
 * Data step 021: every live re-checked proof gets its queue item, due when its next check was. Resumable: an item
 * already there (a run before, or a proof recorded meanwhile) is left as it is.
 */
export async function rechecksOntoQueue(db: Db): Promise<void> {
  const live = collectionOf(db, 'evidence').find(
    { ended_at: null, next_check_at: { $ne: null } },
    { projection: { _id: 1, next_check_at: 1 } },
  );
  let docs: QueueItemDoc[] = [];
  const insert = async () => {
    try {
      await collectionOf(db, 'queueItems').insertMany(docs, { ordered: false });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    docs = [];
  };
  for await (const { _id, next_check_at } of live) {
    docs.push({
      _id: queueItemIdOf(RECHECK_TOPIC, String(_id)),
      topic: RECHECK_TOPIC,
      key: String(_id),
      payload: '{}',
      due_at: next_check_at!,
      holder: null,
      leased_until: null,
      settled_at: null,
    });
    if (docs.length === WRITE_CHUNK) await insert();
  }
  if (docs.length) await insert();
}
