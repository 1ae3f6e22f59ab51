import type { Db } from 'mongodb';
import type { MongoDatabase } from '../database/mongo-database';
import { forgetRenderedInTurn, rerenderInTurn } from '../answers/mongo-answers-unit';
import { endVouchedArticlesSteps } from '../articles/end-vouched-articles';
import { mongoArticlesUnit } from '../articles/mongo-articles';
import { runInTurn } from '../database/steps';
import { isDuplicateKey } from '../store/mongo/mongo-errors';
import { withNewIds } from '../store/mongo/mongo-ids';
import { COLLECTIONS, collectionOf } from '../store/mongo/mongo-schema';
import type { AffiliationDoc } from './mongo-staff-docs';
import type { Affiliation, AffiliationState, Invitee, Staff } from './staff-repository';

const toAffiliation = (doc: AffiliationDoc): Affiliation => ({
  id: doc._id,
  publisherId: doc.publisher_id,
  profileId: doc.profile_id,
  invitedEmail: doc.invited_email,
  state: doc.state,
  invitedBy: doc.invited_by,
  invitedAt: doc.invited_at,
  acceptedAt: doc.accepted_at,
  endedAt: doc.ended_at,
  endedBy: doc.ended_by,
  endedReason: doc.ended_reason,
});

const openProfileKey = (publisherId: number, profileId: number) => `${publisherId} ${profileId}`;
const openEmailKey = (publisherId: number, email: string) => `${publisherId} ${email}`;

/**
 * Staff in MongoDB: collection publisher_staff, one document per invitation. Each change is one single-document
 * write, guarded by the state it changes from; the sparse unique `open_profile` and `open_email` refuse a second
 * open affiliation of the same person with the same publisher. Accepting an invitation by address that its profile
 * also had one of its own for ends that other one first: interrupted after, the person is left with the invitation
 * by address, still open.
 */
export class MongoStaff implements Staff {
  constructor(private readonly database: MongoDatabase) {}

  private get db(): Db {
    return this.database.db;
  }
  private get staff() {
    return collectionOf(this.db, 'publisherStaff');
  }

  invite(publisherId: number, invitee: Invitee, actor: string, at: Date): Promise<Affiliation | null> {
    const profileId = 'profileId' in invitee ? invitee.profileId : null;
    const email = 'email' in invitee ? invitee.email.toLowerCase() : null;
    const openKey =
      profileId !== null
        ? { open_profile: openProfileKey(publisherId, profileId) }
        : { open_email: openEmailKey(publisherId, email!) };
    return this.database.run(() =>
      // Planned again after a duplicate key: an invitation of the same person written meanwhile is then found.
      withNewIds(this.db, COLLECTIONS.publisherStaff, async () => {
        if (await this.staff.findOne(openKey, { projection: { _id: 1 } })) return { count: 0, write: async () => null };
        return {
          count: 1,
          write: async (id: number) => {
            const doc: AffiliationDoc = {
              _id: id,
              publisher_id: publisherId,
              profile_id: profileId,
              invited_email: email,
              state: 'invited',
              invited_by: actor,
              invited_at: at.toISOString(),
              accepted_at: null,
              ended_at: null,
              ended_by: null,
              ended_reason: null,
              ...(profileId !== null ? { open_profile: openProfileKey(publisherId, profileId) } : {}),
              ...(email !== null ? { open_email: openEmailKey(publisherId, email) } : {}),
            };
            await this.staff.insertOne(doc);
            return toAffiliation(doc);
          },
        };
      }),
    );
  }

  findById(id: number): Promise<Affiliation | null> {
    return this.database.run(async () => {
      const doc = await this.staff.findOne({ _id: id });
      return doc ? toAffiliation(doc) : null;
    });
  }

  invitationsFor({ profileId, email }: { profileId: number | null; email: string }): Promise<Affiliation[]> {
    const who = [{ invited_email: email.toLowerCase() }, ...(profileId !== null ? [{ profile_id: profileId }] : [])];
    return this.database.run(async () =>
      (await this.staff.find({ state: 'invited', $or: who }).sort({ _id: -1 }).toArray()).map(toAffiliation),
    );
  }

  accept(id: number, profileId: number, at: Date): Promise<Affiliation | null> {
    const when = at.toISOString();
    return this.database.run(async () => {
      const doc = await this.staff.findOne({ _id: id });
      if (!doc || doc.state !== 'invited') return null;
      if (doc.profile_id !== null && doc.profile_id !== profileId) return null;
      const key = openProfileKey(doc.publisher_id, profileId);
      if (await this.staff.findOne({ open_profile: key, state: 'active' }, { projection: { _id: 1 } })) return null;
      await this.staff.updateMany(
        { open_profile: key, state: 'invited', _id: { $ne: id } },
        {
          $set: {
            state: 'ended',
            ended_at: when,
            ended_by: `profile:${profileId}`,
            ended_reason: 'Another invitation was accepted.',
          },
          $unset: { open_profile: '', open_email: '' },
        },
      );
      try {
        const accepted = await this.staff.findOneAndUpdate(
          { _id: id, state: 'invited' },
          { $set: { state: 'active', profile_id: profileId, accepted_at: when, open_profile: key } },
          { returnDocument: 'after' },
        );
        if (!accepted) return null;
        await rerenderInTurn(this.database.db, [profileId]); // the affiliation is evidence its answers show
        return toAffiliation(accepted);
      } catch (error) {
        if (isDuplicateKey(error)) return null;
        throw error;
      }
    });
  }

  decline(id: number, actor: string, at: Date): Promise<boolean> {
    return this.closeAffiliation(id, ['invited'], 'declined', actor, null, at);
  }

  end(id: number, actor: string, reason: string, at: Date): Promise<boolean> {
    return this.closeAffiliation(id, ['invited', 'active'], 'ended', actor, reason, at);
  }

  private closeAffiliation(
    id: number,
    from: AffiliationState[],
    to: AffiliationState,
    actor: string,
    reason: string | null,
    at: Date,
  ) {
    return this.database.run(async () => {
      // An active affiliation's answers stop showing it before it ends (see forgetRenderedInTurn).
      const current = await this.staff.findOne({ _id: id, state: 'active' }, { projection: { profile_id: 1, publisher_id: 1 } });
      if (current?.profile_id != null) {
        await forgetRenderedInTurn(this.database.db, [current.profile_id], [current.publisher_id]);
        // What the publisher vouched for stops counting before the affiliation ends (see endVouchedArticlesSteps).
        if (to === 'ended') await this.endVouchedArticles(id, current.profile_id, current.publisher_id, actor, at);
      }
      const before = await this.staff.findOneAndUpdate(
        { _id: id, state: { $in: from } },
        {
          $set: { state: to, ended_at: at.toISOString(), ended_by: actor, ended_reason: reason },
          $unset: { open_profile: '', open_email: '' },
        },
        { returnDocument: 'before' },
      );
      // An active affiliation was evidence its journalist's answers showed, and its outlet's answers showed them.
      if (before?.state === 'active' && before.profile_id !== null) {
        // Once more now it is ended: a proof the worker wrote since the first pass ends too (see endVouchingSteps).
        if (to === 'ended') await this.endVouchedArticles(id, before.profile_id, before.publisher_id, actor, at);
        await rerenderInTurn(this.database.db, [before.profile_id], [before.publisher_id]);
      }
      return before !== null;
    });
  }

  private async endVouchedArticles(id: number, profileId: number, publisherId: number, actor: string, at: Date) {
    const publisher = await collectionOf(this.db, 'publishers').findOne({ _id: publisherId }, { projection: { name: 1 } });
    const ending = { affiliationId: id, profileId, publisherName: publisher?.name ?? 'the publisher', actor };
    await runInTurn(endVouchedArticlesSteps(mongoArticlesUnit(this.db), ending, at.toISOString()));
  }

  eraseInvitationsTo(email: string): Promise<number> {
    return this.database.run(
      async () => (await this.staff.deleteMany({ invited_email: email.toLowerCase(), profile_id: null })).deletedCount,
    );
  }

  ofPublisher(publisherId: number): Promise<Affiliation[]> {
    return this.database.run(async () =>
      (await this.staff.find({ publisher_id: publisherId }).sort({ _id: -1 }).toArray()).map(toAffiliation),
    );
  }

  ofProfile(profileId: number): Promise<Affiliation[]> {
    return this.database.run(async () =>
      (await this.staff.find({ profile_id: profileId }).sort({ _id: -1 }).toArray()).map(toAffiliation),
    );
  }
}
