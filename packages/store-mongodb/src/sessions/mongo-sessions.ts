import type { MongoDatabase } from '../store/mongo-database';
import { serialised } from '../store/mongo-ids';
import { collectionOf } from '../store/mongo-schema';
import { toUser } from '../users/mongo-users';
import type { NewPortalSession, PortalSession, Sessions } from '@byline/domain/sessions/sessions-repository';

/** The portal's sessions in the portal_sessions collection. */
export class MongoSessions implements Sessions {
  constructor(private readonly database: MongoDatabase) {}

  private get sessions() {
    return collectionOf(this.database.db, 'portalSessions');
  }

  /** The sweep, then the insert: interrupted in between, only expired sessions are gone. */
  create(session: NewPortalSession, now: Date): Promise<void> {
    return this.database.run(async () => {
      const at = now.toISOString();
      await this.sessions.deleteMany({ expires_at: { $lte: at } });
      await this.sessions.insertOne({
        token_hash: session.tokenHash,
        user_id: session.userId,
        csrf_token: session.csrfToken,
        created_at: at,
        expires_at: session.expiresAt,
      });
    });
  }

  find(tokenHash: string, now: Date): Promise<PortalSession | null> {
    return this.database.run(async () => {
      const session = await this.sessions.findOne({ token_hash: tokenHash, expires_at: { $gt: now.toISOString() } });
      if (!session) return null;
      const user = await collectionOf(this.database.db, 'portalUsers').findOne({ _id: session.user_id });
      return user ? { user: toUser(user), csrfToken: session.csrf_token, expiresAt: session.expires_at } : null;
    });
  }

  delete(tokenHash: string): Promise<void> {
    return this.database.run(async () => {
      await this.sessions.deleteOne({ token_hash: tokenHash });
    });
  }

  deleteOfUser(userId: number, exceptTokenHash?: string): Promise<void> {
    return this.database.run(async () => {
      await this.sessions.deleteMany(
        exceptTokenHash === undefined ? { user_id: userId } : { user_id: userId, token_hash: { $ne: exceptTokenHash } },
      );
    });
  }

  putFlash(tokenHash: string, sealed: string): Promise<void> {
    return this.database.run(async () => {
      await this.sessions.updateOne({ token_hash: tokenHash }, { $set: { flash: sealed } });
    });
  }

  /**
   * Read and cleared by one findOneAndUpdate, so two takers cannot both get it on MongoDB; serialised in this
   * process too, as FerretDB 1.x applies it as read-then-write (see mongo-ids.ts).
   */
  takeFlash(tokenHash: string): Promise<string | null> {
    return this.database.run(() =>
      serialised(this.database.db, 'session-flash', async () => {
        const before = await this.sessions.findOneAndUpdate(
          { token_hash: tokenHash, flash: { $ne: null } },
          { $set: { flash: null } },
          // No projection: FerretDB 1.x has none on findAndModify.
          { returnDocument: 'before' },
        );
        return before?.flash ?? null;
      }),
    );
  }
}
