import type { MongoDatabase } from '../store/mongo-database';
import { serialised } from '../store/mongo-ids';
import { collectionOf } from '../store/mongo-schema';
import type { NewPasswordReset, PasswordResets } from '@byline/domain/password-resets/password-resets-repository';

/**
 * The portal's password-reset links in the portal_password_resets collection. Using a link is one
 * findOneAndUpdate conditional on "unused and unexpired", so of concurrent uses only one wins on MongoDB.
 * FerretDB 1.x applies it as read-then-write (FerretDB#3040), so uses are also serialised in this process;
 * on FerretDB (tests only) two processes using the same link at the same instant could both win.
 */
export class MongoPasswordResets implements PasswordResets {
  constructor(private readonly database: MongoDatabase) {}

  private get resets() {
    return collectionOf(this.database.db, 'passwordResets');
  }

  /** The sweep, then the insert: interrupted in between, only expired links are gone. */
  create({ tokenHash, userId, expiresAt }: NewPasswordReset, now: Date): Promise<void> {
    return this.database.run(async () => {
      const at = now.toISOString();
      await this.resets.deleteMany({ expires_at: { $lte: at } });
      await this.resets.insertOne({
        token_hash: tokenHash,
        user_id: userId,
        created_at: at,
        expires_at: expiresAt,
        used_at: null,
      });
    });
  }

  usable(tokenHash: string, now: Date): Promise<boolean> {
    return this.database.run(async () => {
      const live = { token_hash: tokenHash, used_at: null, expires_at: { $gt: now.toISOString() } };
      return (await this.resets.countDocuments(live, { limit: 1 })) > 0;
    });
  }

  consume(tokenHash: string, now: Date): Promise<number | null> {
    const at = now.toISOString();
    return this.database.run(() =>
      serialised(this.database.db, 'password-reset-use', async () => {
        const before = await this.resets.findOneAndUpdate(
          { token_hash: tokenHash, used_at: null, expires_at: { $gt: at } },
          { $set: { used_at: at } },
        );
        return before?.user_id ?? null;
      }),
    );
  }

  deleteOfUser(userId: number): Promise<void> {
    return this.database.run(async () => {
      await this.resets.deleteMany({ user_id: userId });
    });
  }
}
