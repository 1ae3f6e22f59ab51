import type { MongoDatabase } from '../store/mongo-database';
import { serialised } from '../store/mongo-ids';
import { collectionOf } from '../store/mongo-schema';
import type { NewOneTimeLink, OneTimeLinks } from '@byline/domain/one-time-links/one-time-links';

/** The collections of the kinds of one-time links; each has the same documents. */
export type OneTimeLinksCollection = 'passwordResets' | 'emailConfirmations';

/**
 * One kind of the portal's one-time links in its collection. Using a link is one findOneAndUpdate conditional on
 * "unused and unexpired", so of concurrent uses only one wins on MongoDB. FerretDB 1.x applies it as read-then-write
 * (FerretDB#3040), so uses are also serialised in this process; on FerretDB (tests only) two processes using the
 * same link at the same instant could both win.
 */
export class MongoOneTimeLinks implements OneTimeLinks {
  constructor(
    private readonly database: MongoDatabase,
    private readonly kind: OneTimeLinksCollection,
  ) {}

  private get links() {
    return collectionOf(this.database.db, this.kind);
  }

  /** The sweep, then the insert: interrupted in between, only expired links are gone. */
  create({ tokenHash, userId, expiresAt }: NewOneTimeLink, now: Date): Promise<void> {
    return this.database.run(async () => {
      const at = now.toISOString();
      await this.links.deleteMany({ expires_at: { $lte: at } });
      await this.links.insertOne({
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
      return (await this.links.findOne(live))?.user_id ?? null;
    });
  }

  consume(tokenHash: string, now: Date): Promise<number | null> {
    const at = now.toISOString();
    return this.database.run(() =>
      serialised(this.database.db, `${this.kind}-use`, async () => {
        const before = await this.links.findOneAndUpdate(
          { token_hash: tokenHash, used_at: null, expires_at: { $gt: at } },
          { $set: { used_at: at } },
        );
        return before?.user_id ?? null;
      }),
    );
  }

  deleteOfUser(userId: number): Promise<void> {
    return this.database.run(async () => {
      await this.links.deleteMany({ user_id: userId });
    });
  }
}
