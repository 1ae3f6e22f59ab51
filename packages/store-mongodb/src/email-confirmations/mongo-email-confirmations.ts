import type { MongoDatabase } from '../store/mongo-database';
import { serialised } from '../store/mongo-ids';
import { collectionOf } from '../store/mongo-schema';
import type { EmailConfirmations, NewEmailConfirmation } from '@byline/domain/email-confirmations/email-confirmations-repository';

/**
 * The portal's address-confirmation links in the portal_email_confirmations collection. Using a link is one
 * findOneAndUpdate conditional on "unused and unexpired", so of concurrent uses only one wins on MongoDB;
 * serialised in this process too, as FerretDB 1.x applies it as read-then-write (see mongo-password-resets.ts).
 */
export class MongoEmailConfirmations implements EmailConfirmations {
  constructor(private readonly database: MongoDatabase) {}

  private get confirmations() {
    return collectionOf(this.database.db, 'emailConfirmations');
  }

  /** The sweep, then the insert: interrupted in between, only expired links are gone. */
  create({ tokenHash, userId, expiresAt }: NewEmailConfirmation, now: Date): Promise<void> {
    return this.database.run(async () => {
      const at = now.toISOString();
      await this.confirmations.deleteMany({ expires_at: { $lte: at } });
      await this.confirmations.insertOne({
        token_hash: tokenHash,
        user_id: userId,
        created_at: at,
        expires_at: expiresAt,
        used_at: null,
      });
    });
  }

  usableBy(tokenHash: string, now: Date): Promise<number | null> {
    return this.database.run(async () => {
      const live = { token_hash: tokenHash, used_at: null, expires_at: { $gt: now.toISOString() } };
      return (await this.confirmations.findOne(live))?.user_id ?? null;
    });
  }

  consume(tokenHash: string, now: Date): Promise<number | null> {
    const at = now.toISOString();
    return this.database.run(() =>
      serialised(this.database.db, 'email-confirmation-use', async () => {
        const before = await this.confirmations.findOneAndUpdate(
          { token_hash: tokenHash, used_at: null, expires_at: { $gt: at } },
          { $set: { used_at: at } },
        );
        return before?.user_id ?? null;
      }),
    );
  }

  deleteOfUser(userId: number): Promise<void> {
    return this.database.run(async () => {
      await this.confirmations.deleteMany({ user_id: userId });
    });
  }
}
