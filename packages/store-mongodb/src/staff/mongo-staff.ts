import type { Db } from 'mongodb';
import type { MongoDatabase } from '../store/mongo-database';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import { withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf } from '../store/mongo-schema';
import { openEmailKey, openProfileKey, toAffiliation, type AffiliationDoc } from './mongo-staff-docs';
import { mongoStaffUnit } from './mongo-staff-unit';
import type { Affiliation, Invitee } from '@byline/domain/staff/staff-repository';
import type { StaffStore } from '@byline/domain/staff/staff-store';
import type { StaffUnitOfWrite } from '@byline/domain/staff/staff-unit';

/**
 * Staff in MongoDB: collection publisher_staff, one document per invitation. Each write is one single-document write,
 * guarded by the state it changes from, in the order the rules name (staff-changes.ts); the sparse unique
 * `open_profile` and `open_email` refuse a second open affiliation of the same person with the same publisher.
 */
export class MongoStaff implements StaffStore {
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

  inOneWrite<T>(steps: (unit: StaffUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoStaffUnit(this.db))));
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
