import { PROFILE_DOCUMENT_FIELDS, type ProfileDocument } from '@byline/domain/profiles/profile-documents';
import { numberedCollection } from '../documents/mongo-documents';

/** The profiles as the documents read them (see ProfileDoc; the slug's index is unique). */
export const PROFILES_COLLECTION = numberedCollection<ProfileDocument>('profiles', PROFILE_DOCUMENT_FIELDS, {
  unique: ['slug'],
});
