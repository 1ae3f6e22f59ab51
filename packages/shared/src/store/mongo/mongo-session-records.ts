import type { Db } from 'mongodb';
import { serialised } from './mongo-ids';
import { collectionOf } from './mongo-schema';

/** What the MongoDB portal store does to sessions beyond making, finding and ending one: a user's others, flashes. */
export class MongoSessionRecords {
  constructor(private readonly db: () => Db) {}

  private get sessions() {
    return collectionOf(this.db(), 'portalSessions');
  }

  async deleteOfUser(userId: number, exceptTokenHash?: string): Promise<void> {
    await this.sessions.deleteMany(
      exceptTokenHash === undefined ? { user_id: userId } : { user_id: userId, token_hash: { $ne: exceptTokenHash } },
    );
  }

  async putFlash(tokenHash: string, sealed: string): Promise<void> {
    await this.sessions.updateOne({ token_hash: tokenHash }, { $set: { flash: sealed } });
  }

  /**
   * Read and cleared by one findOneAndUpdate, so two takers cannot both get it on MongoDB; serialised in this
   * process too, as FerretDB 1.x applies it as read-then-write (see mongo-ids.ts).
   */
  takeFlash(tokenHash: string): Promise<string | null> {
    return serialised(this.db(), 'session-flash', async () => {
      const before = await this.sessions.findOneAndUpdate(
        { token_hash: tokenHash, flash: { $ne: null } },
        { $set: { flash: null } },
        // No projection: FerretDB 1.x has none on findAndModify.
        { returnDocument: 'before' },
      );
      return before?.flash ?? null;
    });
  }
}
