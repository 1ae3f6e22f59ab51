import type { Documents } from '../documents/documents';
import type { ProfileInput } from '../domain/types';
import type { ArticleDocument } from '../articles/article-documents';
import type { Steps } from '../store/steps';
import type { ProfileErasureUnit } from './erasure-unit';
import type { IdentityUnitOfWrite } from './identity-unit';
import { ProfileReads, type ProfileReadDocuments } from './profile-documents';
import { exportedProfiles } from './profile-export';
import type { ProfilesStore } from './profiles-store';
import type { ProfileSaveUnit } from './save-profile';

/** The units of write the profiles' rules run in, each made when asked, for the one write it is in. */
export interface ProfileUnits {
  identity(): IdentityUnitOfWrite;
  save(): ProfileSaveUnit;
  erasure(): ProfileErasureUnit;
}

/** What a profile store reads over the generic documents: the profiles and their former slugs, and the articles it exports. */
export interface ProfileStoreDocuments extends ProfileReadDocuments {
  articles: Pick<Documents<ArticleDocument>, 'all'>;
}

/**
 * A profile store's reads, its export and the writes its rules run in, written once: each database says only how one
 * write runs a rule's steps over the units made for it (inWrite) and imports by hand (tuned to each database).
 */
export abstract class ProfileStoreOverDocuments
  extends ProfileReads
  implements Pick<ProfilesStore, 'inOneWrite' | 'inSaveWrite' | 'inErasureWrite' | 'export'>
{
  private readonly exported: ProfileStoreDocuments;

  constructor(documents: ProfileStoreDocuments) {
    super(documents);
    this.exported = documents;
  }

  /** Runs the steps over the units made for one write: one transaction on SQLite, writes in turn on MongoDB. */
  protected abstract inWrite<T>(steps: (units: ProfileUnits) => Steps<T>): Promise<T>;

  inOneWrite<T>(steps: (unit: IdentityUnitOfWrite) => Steps<T>): Promise<T> {
    return this.inWrite((units) => steps(units.identity()));
  }

  /** The save's unit of write (see save-profile.ts). */
  inSaveWrite<T>(steps: (unit: ProfileSaveUnit) => Steps<T>): Promise<T> {
    return this.inWrite((units) => steps(units.save()));
  }

  /** The erasure's (see profile-erasure.ts). */
  inErasureWrite<T>(steps: (unit: ProfileErasureUnit) => Steps<T>): Promise<T> {
    return this.inWrite((units) => steps(units.erasure()));
  }

  export(): AsyncIterable<ProfileInput> {
    return exportedProfiles(this.exported.profiles, this.exported.articles);
  }
}
