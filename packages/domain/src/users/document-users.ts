import { UniqueTakenError, type Documents } from '../documents/documents';
import {
  EmailTakenError,
  type NewPortalUser,
  type PortalRole,
  type PortalUser,
  type PortalUserWithPassword,
  type TemporaryPasswordUse,
  type Users,
} from './users-repository';

/** A portal user as the generic document port stores it. */
export type UserDocument = {
  id: number;
  email: string;
  passwordHash: string;
  role: PortalRole;
  profileId: number | null;
  createdAt: string;
  mustChangePassword: boolean;
  /** While a one-time password is unused: when it stops working. */
  temporaryPasswordExpiresAt: string | null;
  emailVerifiedAt: string | null;
  signInAwaitsProof: boolean;
};

/** What a user's removal ends first: each of their links and sessions. */
interface OfUser {
  deleteOfUser(userId: number): Promise<void>;
}

/** The user as the portal sees it: no password hash, no one-time password's expiry. */
export const asUser = ({ passwordHash: _hash, temporaryPasswordExpiresAt: _expiry, ...user }: UserDocument): PortalUser => user;
const withPassword = (document: UserDocument): PortalUserWithPassword => ({
  ...asUser(document),
  passwordHash: document.passwordHash,
});

/** The portal's users, written once over the generic document port (each database's adapter only stores them). */
export class DocumentUsers implements Users {
  constructor(
    private readonly users: Documents<UserDocument, Omit<UserDocument, 'id'>>,
    /** Sessions, then reset and confirmation links: what `remove` ends before the user, in that order. */
    private readonly endedFirst: () => OfUser[],
  ) {}

  async create(
    { email, passwordHash, role, temporaryPasswordExpiresAt, emailVerifiedAt, signInAwaitsProof }: NewPortalUser,
    at: Date,
  ): Promise<PortalUser> {
    try {
      const created = await this.users.insert({
        email,
        passwordHash,
        role,
        profileId: null,
        createdAt: at.toISOString(),
        mustChangePassword: temporaryPasswordExpiresAt !== undefined,
        temporaryPasswordExpiresAt: temporaryPasswordExpiresAt ?? null,
        emailVerifiedAt: emailVerifiedAt ?? null,
        signInAwaitsProof: signInAwaitsProof === true,
      });
      return asUser(created);
    } catch (error) {
      if (error instanceof UniqueTakenError && error.field === 'email') throw new EmailTakenError();
      throw error;
    }
  }

  async findByEmail(email: string): Promise<PortalUserWithPassword | null> {
    const found = await this.users.first({ email });
    return found && withPassword(found);
  }

  async findById(userId: number): Promise<PortalUserWithPassword | null> {
    const found = await this.users.first({ id: userId });
    return found && withPassword(found);
  }

  async setRole(email: string, role: PortalRole): Promise<boolean> {
    return (await this.users.updateFirst({ email }, { role })) !== null;
  }

  async setPassword(userId: number, passwordHash: string): Promise<void> {
    await this.users.updateFirst({ id: userId }, { passwordHash, mustChangePassword: false, temporaryPasswordExpiresAt: null });
  }

  async setTemporaryPassword(userId: number, passwordHash: string, expiresAt: string): Promise<void> {
    await this.users.updateFirst(
      { id: userId },
      { passwordHash, mustChangePassword: true, temporaryPasswordExpiresAt: expiresAt },
    );
  }

  /** One write conditional on an unexpired one-time password: of concurrent callers only one matches. */
  async useTemporaryPassword(userId: number, now: Date, replacementHash: string): Promise<TemporaryPasswordUse> {
    const unexpired = { id: userId, temporaryPasswordExpiresAt: { gt: now.toISOString() } };
    if (await this.users.updateFirst(unexpired, { passwordHash: replacementHash, temporaryPasswordExpiresAt: null }))
      return 'used';
    const left = await this.users.first({ id: userId });
    return left?.temporaryPasswordExpiresAt ? 'expired' : 'none';
  }

  /** One write conditional on "not yet proven", so the first proof's time stays; then whether the user exists. */
  async markEmailVerified(userId: number, at: string): Promise<boolean> {
    if (await this.users.updateFirst({ id: userId, emailVerifiedAt: null }, { emailVerifiedAt: at })) return true;
    return (await this.users.first({ id: userId })) !== null;
  }

  async findByProfileId(profileId: number): Promise<PortalUser | null> {
    const found = await this.users.first({ profileId });
    return found && asUser(found);
  }

  /*
   * Sessions first (signed out everywhere at once), then reset and confirmation links (none can set a password or
   * prove the address again), then the user. Interrupted before the last, the user is still there, signed out, and
   * can sign in and delete again.
   */
  async remove(userId: number): Promise<boolean> {
    for (const links of this.endedFirst()) await links.deleteOfUser(userId);
    return (await this.users.deleteAll({ id: userId })) > 0;
  }
}
