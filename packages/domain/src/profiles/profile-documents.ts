import type { Documents } from '../documents/documents';
import { fieldsOf } from '../documents/stored-names';
import type { Profile } from '../domain/types';
import type { PendingIdentityChange } from './identity-review';
import type { StoredVerifiedFlag } from './profiles-repository';

/**
 * A profile as the generic documents read it: its slug and verified flag, the profile as imported or saved (without
 * its articles; its own copy of the flag is not read, the flag above is), and a verified profile's identity change
 * waiting for an editor. Written by the rules' own units (save, import, identity, slugs), whose writes carry derived
 * fields and events the documents do not.
 */
export interface ProfileDocument {
  id: number;
  slug: string;
  verified: boolean;
  profile: Omit<Profile, 'id' | 'verified'>;
  pendingIdentity: PendingIdentityChange | null;
}

/** The fields of a profile the documents read, as both stores keep them (see stored-names.ts). */
export const PROFILE_DOCUMENT_FIELDS = fieldsOf<ProfileDocument>()(['id', 'slug', 'verified', 'profile', 'pendingIdentity']);

/** A public address a profile had before an approved change of its name: it redirects (see profile-slugs.ts). */
export interface FormerSlugDocument {
  /** The former slug: never two profiles' at once. */
  slug: string;
  profileId: number;
  leftAt: string;
}

export const FORMER_SLUG_FIELDS = fieldsOf<FormerSlugDocument>()(['slug', 'profileId', 'leftAt']);

export const profileOf = ({ id, verified, profile }: ProfileDocument): Profile => ({ ...profile, id, verified });

/** The pending identity changes, oldest request first (ties: the older profile first). */
export const pendingInOrder = (documents: ProfileDocument[]): { profileId: number; change: PendingIdentityChange }[] =>
  documents
    .map(({ id, pendingIdentity }) => ({ profileId: id, change: pendingIdentity! }))
    .sort((a, b) =>
      a.change.requested_at < b.change.requested_at
        ? -1
        : a.change.requested_at > b.change.requested_at
          ? 1
          : a.profileId - b.profileId,
    );

/** The profiles' documents and their former slugs, as a profile store reads them. */
export interface ProfileReadDocuments {
  profiles: Pick<Documents<ProfileDocument>, 'first' | 'all' | 'count'>;
  formerSlugs: Pick<Documents<FormerSlugDocument>, 'first' | 'all'>;
}

/** A profile store's reads (of one profile, their count, slugs, pending identity changes), written once over the generic documents. */
export abstract class ProfileReads {
  private readonly profileDocuments: ProfileReadDocuments['profiles'];
  private readonly formerSlugs: ProfileReadDocuments['formerSlugs'];

  constructor({ profiles, formerSlugs }: ProfileReadDocuments) {
    this.profileDocuments = profiles;
    this.formerSlugs = formerSlugs;
  }

  async findById(profileId: number): Promise<Profile | null> {
    const found = await this.profileDocuments.first({ id: profileId });
    return found && profileOf(found);
  }

  async findBySlug(slug: string): Promise<Profile | null> {
    const found = await this.profileDocuments.first({ slug });
    return found && profileOf(found);
  }

  count(): Promise<number> {
    return this.profileDocuments.count({});
  }

  async verifiedFlagsOf(slugs: readonly string[]): Promise<Map<string, StoredVerifiedFlag>> {
    const found = await this.profileDocuments.all({ slug: { in: slugs } });
    return new Map(found.map(({ id, slug, verified }) => [slug, { profileId: id, verified }]));
  }

  /** The profile's slug now when `slug` is one of its former ones and no profile holds it now, else null. */
  async slugReplacing(slug: string): Promise<string | null> {
    const record = await this.formerSlugs.first({ slug });
    // A profile that holds it now (its own, taken back; or one an operator imported under it) is shown, not redirected.
    if (!record || (await this.profileDocuments.count({ slug })) > 0) return null;
    return (await this.profileDocuments.first({ id: record.profileId }))?.slug ?? null;
  }

  /** The profile's former slugs, oldest first (a record left behind for its current slug is not one). */
  async formerSlugsOf(profileId: number): Promise<string[]> {
    const profile = await this.profileDocuments.first({ id: profileId });
    if (!profile) return [];
    const records = await this.formerSlugs.all({ profileId }, { by: ['leftAt'] });
    return records.map((record) => record.slug).filter((slug) => slug !== profile.slug);
  }

  async pendingIdentityOf(profileId: number): Promise<PendingIdentityChange | null> {
    return (await this.profileDocuments.first({ id: profileId }))?.pendingIdentity ?? null;
  }

  async pendingIdentityChanges(): Promise<{ profileId: number; change: PendingIdentityChange }[]> {
    return pendingInOrder(await this.profileDocuments.all({ pendingIdentity: { ne: null } }));
  }
}
