import type { Documents } from '../documents/documents';
import { fieldsOf } from '../documents/stored-names';
import type { Profile } from '../domain/types';

/**
 * A profile as the generic documents read it: its slug and verified flag, and the profile as imported or saved
 * (without its articles; its own copy of the flag is not read, the flag above is). Written by the rules' own
 * units (save, import, identity, slugs), whose writes carry derived fields and events the documents do not.
 */
export interface ProfileDocument {
  id: number;
  slug: string;
  verified: boolean;
  profile: Omit<Profile, 'id' | 'verified'>;
}

/** The fields of a profile the documents read, as both stores keep them (see stored-names.ts). */
export const PROFILE_DOCUMENT_FIELDS = fieldsOf<ProfileDocument>()(['id', 'slug', 'verified', 'profile']);

export const profileOf = ({ id, verified, profile }: ProfileDocument): Profile => ({ ...profile, id, verified });

/** A profile store's reads of one profile and of their count, written once over the generic documents. */
export abstract class ProfileReads {
  constructor(private readonly profileDocuments: Pick<Documents<ProfileDocument>, 'first' | 'count'>) {}

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
}
