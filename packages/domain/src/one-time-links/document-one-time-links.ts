import type { Documents, Where } from '../documents/documents';
import type { NewOneTimeLink, OneTimeLinks } from './one-time-links';

/** A one-time link as the generic document port stores it, keyed by its token's hash. */
export type OneTimeLinkDocument = {
  tokenHash: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
};

const live = (tokenHash: string, at: string): Where<OneTimeLinkDocument> => ({
  tokenHash,
  usedAt: null,
  expiresAt: { gt: at },
});

/** One kind of one-time links, written once over the generic document port (each database's adapter only stores them). */
export class DocumentOneTimeLinks implements OneTimeLinks {
  constructor(private readonly links: Documents<OneTimeLinkDocument>) {}

  /** The sweep, then the insert: interrupted in between, only expired links are gone. */
  async create({ tokenHash, userId, expiresAt }: NewOneTimeLink, now: Date): Promise<void> {
    const at = now.toISOString();
    await this.links.deleteAll({ expiresAt: { lte: at } });
    await this.links.insert({ tokenHash, userId, createdAt: at, expiresAt, usedAt: null });
  }

  async usableBy(tokenHash: string, now: Date): Promise<number | null> {
    return (await this.links.first(live(tokenHash, now.toISOString())))?.userId ?? null;
  }

  /** One write conditional on "unused and unexpired": of concurrent uses only one wins. */
  async consume(tokenHash: string, now: Date): Promise<number | null> {
    const at = now.toISOString();
    return (await this.links.updateFirst(live(tokenHash, at), { usedAt: at }))?.userId ?? null;
  }

  async deleteOfUser(userId: number): Promise<void> {
    await this.links.deleteAll({ userId });
  }
}
