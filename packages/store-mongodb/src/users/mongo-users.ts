import type { MongoDatabase } from '../store/mongo-database';
import { isDuplicateKey } from '../store/mongo-errors';
import { serialised, withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf, type PortalUserDoc } from '../store/mongo-schema';
import {
  EmailTakenError,
  type NewPortalUser,
  type PortalRole,
  type PortalUser,
  type PortalUserWithPassword,
  type TemporaryPasswordUse,
  type Users,
} from '@byline/domain/users/users-repository';

export const toUser = (doc: PortalUserDoc): PortalUser => ({
  id: doc._id,
  email: doc.email,
  role: doc.role,
  profileId: doc.profile_id,
  createdAt: doc.created_at,
  mustChangePassword: doc.must_change_password === true,
  emailVerifiedAt: doc.email_verified_at ?? null,
  signInAwaitsProof: doc.sign_in_awaits_proof === true,
});

/** The portal's users in the portal_users collection; every change is one single-document write. */
export class MongoUsers implements Users {
  constructor(private readonly database: MongoDatabase) {}

  private get users() {
    return collectionOf(this.database.db, 'portalUsers');
  }

  create(
    { email, passwordHash, role, temporaryPasswordExpiresAt, emailVerifiedAt, signInAwaitsProof }: NewPortalUser,
    at: Date,
  ): Promise<PortalUser> {
    return this.database.run(() =>
      withNewIds(this.database.db, COLLECTIONS.portalUsers, async () => ({
        count: 1,
        write: async (id) => {
          const doc: PortalUserDoc = {
            _id: id,
            email,
            password_hash: passwordHash,
            role,
            profile_id: null,
            created_at: at.toISOString(),
            must_change_password: temporaryPasswordExpiresAt !== undefined,
            temporary_password_expires_at: temporaryPasswordExpiresAt ?? null,
            email_verified_at: emailVerifiedAt ?? null,
            sign_in_awaits_proof: signInAwaitsProof === true,
          };
          try {
            await this.users.insertOne(doc);
          } catch (error) {
            // The email taken: refuse. Otherwise the id was taken: withNewIds retries with another.
            if (isDuplicateKey(error) && (await this.users.countDocuments({ email }, { limit: 1 })) > 0) {
              throw new EmailTakenError();
            }
            throw error;
          }
          return toUser(doc);
        },
      })),
    );
  }

  findByEmail(email: string): Promise<PortalUserWithPassword | null> {
    return this.database.run(async () => {
      const doc = await this.users.findOne({ email });
      return doc ? { ...toUser(doc), passwordHash: doc.password_hash } : null;
    });
  }

  findById(userId: number): Promise<PortalUserWithPassword | null> {
    return this.database.run(async () => {
      const doc = await this.users.findOne({ _id: userId });
      return doc ? { ...toUser(doc), passwordHash: doc.password_hash } : null;
    });
  }

  setRole(email: string, role: PortalRole): Promise<boolean> {
    return this.database.run(async () => (await this.users.updateOne({ email }, { $set: { role } })).matchedCount > 0);
  }

  setPassword(userId: number, passwordHash: string): Promise<void> {
    return this.database.run(async () => {
      await this.users.updateOne(
        { _id: userId },
        { $set: { password_hash: passwordHash, must_change_password: false, temporary_password_expires_at: null } },
      );
    });
  }

  setTemporaryPassword(userId: number, passwordHash: string, expiresAt: string): Promise<void> {
    return this.database.run(async () => {
      await this.users.updateOne(
        { _id: userId },
        { $set: { password_hash: passwordHash, must_change_password: true, temporary_password_expires_at: expiresAt } },
      );
    });
  }

  /**
   * One updateOne conditional on an unexpired one-time password: of concurrent callers only one matches on
   * MongoDB; serialised in this process too, as FerretDB 1.x applies it as read-then-write (see mongo-ids.ts).
   */
  useTemporaryPassword(userId: number, now: Date, replacementHash: string): Promise<TemporaryPasswordUse> {
    return this.database.run(() =>
      serialised(this.database.db, 'temporary-password-use', async () => {
        const used = await this.users.updateOne(
          { _id: userId, temporary_password_expires_at: { $gt: now.toISOString() } },
          { $set: { password_hash: replacementHash, temporary_password_expires_at: null } },
        );
        if (used.modifiedCount > 0) return 'used';
        const left = await this.users.findOne({ _id: userId }, { projection: { temporary_password_expires_at: 1 } });
        return left?.temporary_password_expires_at ? 'expired' : 'none';
      }),
    );
  }

  /** One updateOne conditional on "not yet proven", so the first proof's time stays; then whether the user exists. */
  markEmailVerified(userId: number, at: string): Promise<boolean> {
    return this.database.run(async () => {
      const unproven = { _id: userId, $or: [{ email_verified_at: null }, { email_verified_at: { $exists: false } }] };
      if ((await this.users.updateOne(unproven, { $set: { email_verified_at: at } })).matchedCount > 0) return true;
      return (await this.users.countDocuments({ _id: userId }, { limit: 1 })) > 0;
    });
  }

  findByProfileId(profileId: number): Promise<PortalUser | null> {
    return this.database.run(async () => {
      const doc = await this.users.findOne({ profile_id: profileId });
      return doc ? toUser(doc) : null;
    });
  }

  /*
   * Sessions first (signed out everywhere at once), then reset and confirmation links (none can set a password or
   * prove the address again), then the user. Interrupted before the last, the user is still there, signed out, and can sign in and delete again.
   */
  remove(userId: number): Promise<boolean> {
    return this.database.run(async () => {
      const { db } = this.database;
      await collectionOf(db, 'portalSessions').deleteMany({ user_id: userId });
      await collectionOf(db, 'passwordResets').deleteMany({ user_id: userId });
      await collectionOf(db, 'emailConfirmations').deleteMany({ user_id: userId });
      return (await this.users.deleteOne({ _id: userId })).deletedCount > 0;
    });
  }
}
