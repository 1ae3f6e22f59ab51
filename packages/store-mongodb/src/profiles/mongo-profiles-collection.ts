import {
  FORMER_SLUG_FIELDS,
  PROFILE_DOCUMENT_FIELDS,
  type FormerSlugDocument,
  type ProfileDocument,
} from '@byline/domain/profiles/profile-documents';
import type { IdentityDocuments } from '@byline/domain/profiles/identity-documents';
import { storedNames } from '@byline/domain/documents/stored-names';
import { MongoDocuments, numberedCollection, type MongoCollection } from '../documents/mongo-documents';
import type { MongoDatabase } from '../store/mongo-database';
import { AUDIT_COLLECTION } from '../audit/mongo-audit-history';

/** The profiles as the documents read them (see ProfileDoc; the slug's index is unique, a pending change absent when none). */
export const PROFILES_COLLECTION = numberedCollection<ProfileDocument>('profiles', PROFILE_DOCUMENT_FIELDS, {
  unique: ['slug'],
  unsetWhenNull: ['pendingIdentity'],
});

/** The former slugs (see FormerSlugDoc): the slug is the `_id`. */
export const FORMER_SLUGS_COLLECTION: MongoCollection<FormerSlugDocument> = {
  name: 'formerSlugs',
  fields: storedNames(FORMER_SLUG_FIELDS, { slug: '_id' }),
  key: 'slug',
  unique: ['slug'],
};

/** The profiles, their former slugs and their history, as steps each awaited in turn by the unit that runs them. */
export const profileDocumentsOf = (database: MongoDatabase): IdentityDocuments => ({
  profiles: new MongoDocuments(database, PROFILES_COLLECTION).steps,
  formerSlugs: new MongoDocuments(database, FORMER_SLUGS_COLLECTION).steps,
  history: new MongoDocuments(database, AUDIT_COLLECTION).steps,
});
