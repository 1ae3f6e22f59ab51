import { forgetRenderedInTurn, rerenderInTurn } from '../answers/mongo-answers-unit';
import { isDuplicateKey } from '../store/mongo/mongo-errors';
import type { MongoDatabase } from '../database/mongo-database';
import { pushEvents } from '../webhook-events/mongo-outbox';
import { journalistVerificationEvent } from '../webhook-events/webhook-event';
import { insertAudit, openPendingRequest } from '../store/mongo/mongo-verification-records';
import { collectionOf, type VerificationRequestDoc } from '../store/mongo/mongo-schema';
import type { ReturnToQueue, Verification, VerificationDecision, VerificationRequest } from './verification-repository';

const toRequest = (doc: VerificationRequestDoc): VerificationRequest => ({
  id: doc._id,
  profileId: doc.profile_id,
  requestedBy: doc.requested_by,
  requestedAt: doc.requested_at,
  status: doc.status,
});

/**
 * The verificationRequests collection and the profiles' verified flag. Without transactions, each change is
 * single-document writes in an order that fails safe, said beside each.
 */
export class MongoVerification implements Verification {
  constructor(private readonly database: MongoDatabase) {}

  private get profiles() {
    return collectionOf(this.database.db, 'profiles');
  }
  private get requests() {
    return collectionOf(this.database.db, 'verificationRequests');
  }

  /*
   * The request first, then its "requested" audit record: of two concurrent requests only the one the
   * unique pending index accepts is audited. Interrupted in between, the request is pending (editors see
   * it) without its "requested" line in the history.
   */
  request(profileId: number, requestedBy: string): Promise<VerificationRequest> {
    return this.database.run(async () => {
      const { db } = this.database;
      const request = await openPendingRequest(db, profileId, requestedBy, new Date().toISOString());
      if (request.opened) {
        await insertAudit(db, {
          profile_id: profileId,
          actor: requestedBy,
          action: 'requested',
          note: '',
          at: request.doc.requested_at,
        });
      }
      return toRequest(request.doc);
    });
  }

  pendingOf(profileId: number): Promise<VerificationRequest | null> {
    return this.database.run(async () => {
      const doc = await this.requests.findOne({ open_for: profileId });
      return doc ? toRequest(doc) : null;
    });
  }

  pending(): Promise<VerificationRequest[]> {
    return this.database.run(async () =>
      (await this.requests.find({ status: 'pending' }).sort({ requested_at: 1, _id: 1 }).toArray()).map(toRequest),
    );
  }

  /*
   * Three single-document writes, in this order: the audit record, the verified flag, closing the pending
   * request. Interrupted after the audit record, the history shows a decision whose flag did not change
   * (the request is still in the queue, so an editor decides again); after the flag, the request stays in
   * the queue though decided (deciding again is harmless). No interruption changes the flag unaudited.
   */
  decide({ profileId, actor, action, note }: VerificationDecision): Promise<boolean> {
    return this.database.run(async () => {
      const profile = await this.profiles.findOne({ _id: profileId }, { projection: { slug: 1 } });
      if (!profile) return false;
      const verified = action === 'verified';
      await insertAudit(this.database.db, { profile_id: profileId, actor, action, note, at: new Date().toISOString() });
      // Its outlets show only verified staff: out of service first when it is unverified (see forgetRenderedInTurn).
      if (!verified) await forgetRenderedInTurn(this.database.db, [profileId]);
      await this.setVerified(profileId, profile.slug, verified);
      await rerenderInTurn(this.database.db, [profileId]); // its outlets show only verified staff
      const pending = await this.requests.findOne({ open_for: profileId });
      if (pending) {
        await this.requests.updateOne(
          { _id: pending._id, open_for: profileId },
          { $set: { status: verified ? 'approved' : 'rejected', open_for: -pending._id } },
        );
      }
      return true;
    });
  }

  /*
   * Three single-document writes, in this order: the verified flag off, the audit record, the pending request.
   * The flag goes first so that no interruption leaves verified a profile that has lost its last proof: cut
   * short after it, the profile is unverified with no line in its history or no request in the queue (its owner
   * can ask again); after the audit record, it is unverified and its history says why.
   */
  returnToQueue({ profileId, actor, action, note }: ReturnToQueue): Promise<boolean> {
    return this.database.run(async () => {
      const at = new Date().toISOString();
      const profile = await this.profiles.findOne({ _id: profileId }, { projection: { slug: 1 } });
      if (!profile) return false;
      await forgetRenderedInTurn(this.database.db, [profileId]); // its outlets show only verified staff
      await this.setVerified(profileId, profile.slug, false);
      await rerenderInTurn(this.database.db, [profileId]); // its outlets show only verified staff
      await insertAudit(this.database.db, { profile_id: profileId, actor, action, note, at });
      await openPendingRequest(this.database.db, profileId, actor, at);
      return true;
    });
  }

  /*
   * The "withdrawn" record first, keyed by the request (a unique index: FerretDB's conditional updates let two
   * concurrent writers both succeed), then the request closed: of two concurrent withdrawals only the one whose record
   * went in returns true; the other still closes the request. Interrupted in between, the history says withdrawn while
   * the request waits in the queue: withdrawing again closes it.
   */
  withdraw(profileId: number, actor: string): Promise<boolean> {
    return this.database.run(async () => {
      const pending = await this.requests.findOne({ open_for: profileId });
      if (!pending) return false;
      let recorded = true;
      try {
        const at = new Date().toISOString();
        await insertAudit(this.database.db, {
          profile_id: profileId,
          actor,
          action: 'withdrawn',
          note: '',
          at,
          closing: `withdrawn:${pending._id}`,
        });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        recorded = false;
      }
      await this.requests.updateOne(
        { _id: pending._id, open_for: profileId },
        { $set: { status: 'withdrawn', open_for: -pending._id } },
      );
      return recorded;
    });
  }

  /**
   * The flag, changed only when it differs, and in the same single-document update the webhook event that says so
   * (the profile carries it until the worker's relay queues it: see mongo-outbox.ts).
   */
  private async setVerified(profileId: number, slug: string, verified: boolean): Promise<void> {
    await this.profiles.updateOne(
      { _id: profileId, verified: { $ne: verified } },
      { $set: { verified }, ...pushEvents([journalistVerificationEvent(slug, verified)]) },
    );
  }
}
