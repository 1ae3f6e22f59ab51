import { PROFILE_DOCUMENT_FIELDS, type ProfileDocument } from '@byline/domain/profiles/profile-documents';
import { numberedTable } from '../documents/sqlite-documents';

/** The profiles as the documents read them: the profile as JSON text in `doc` (its answers are other columns). */
export const PROFILES_TABLE = numberedTable<ProfileDocument>('profiles', PROFILE_DOCUMENT_FIELDS, {
  names: { profile: 'doc' },
  booleans: ['verified'],
  lists: ['profile'],
});
