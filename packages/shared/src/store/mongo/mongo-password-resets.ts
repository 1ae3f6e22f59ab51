import type { Db } from 'mongodb';
import type { NewPasswordReset } from '../portal-store';
import { serialised } from './mongo-ids';
import { collectionOf } from './mongo-schema';

/**
 * The portal's password-reset links in MongoDB: a hash of each link's token, its user, expiry and use. Using
 * a link is one findOneAndUpdate conditional on "unused and unexpired", so of concurrent uses only one wins
 * on MongoDB. FerretDB 1.x applies it as read-then-write (FerretDB#3040), so uses are also serialised in
 * this process; on FerretDB (tests only) two processes using the same link at the same instant could both win.
 */
export class MongoPasswordResets {
  constructor(private readonly db: () => Db) {}

  private get resets() {
    return collectionOf(this.db(), 'passwordResets');
  }

  /** Expired links are swept as new ones are made, like sessions. */
  async create({ tokenHash, userId, expiresAt }: NewPasswordReset): Promise<void> {
    const now = new Date().toISOString();
    await this.resets.deleteMany({ expires_at: { $lte: now } });
    await this.resets.insertOne({
      token_hash: tokenHash,
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    });
  }

  async usable(tokenHash: string, now: Date): Promise<boolean> {
    const live = { token_hash: tokenHash, used_at: null, expires_at: { $gt: now.toISOString() } };
    return (await this.resets.countDocuments(live, { limit: 1 })) > 0;
  }

  consume(tokenHash: string, now: Date): Promise<number | null> {
    const at = now.toISOString();
    return serialised(this.db(), 'password-reset-use', async () => {
      const before = await this.resets.findOneAndUpdate(
        { token_hash: tokenHash, used_at: null, expires_at: { $gt: at } },
        { $set: { used_at: at } },
      );
      return before?.user_id ?? null;
    });
  }

  async deleteOf(userId: number): Promise<void> {
    await this.resets.deleteMany({ user_id: userId });
  }
}
