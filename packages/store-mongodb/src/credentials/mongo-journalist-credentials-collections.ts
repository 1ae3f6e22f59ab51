import {
  CREDENTIAL_STATUS_ENTRY_FIELDS,
  JOURNALIST_CREDENTIAL_FIELDS,
  STATUS_LIST_FIELDS,
} from '@byline/domain/credentials/credential-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type {
  CredentialStatusEntryDocument,
  JournalistCredentialDocument,
  StatusListDocument,
} from '@byline/domain/credentials/credential-documents';
import { type MongoCollection, numberedCollection } from '../documents/mongo-documents';

/** Journalists' credentials, one document per profile (its id the _id). */
export const JOURNALIST_CREDENTIALS_COLLECTION: MongoCollection<JournalistCredentialDocument> = {
  name: 'journalistCredentials',
  fields: storedNames(JOURNALIST_CREDENTIAL_FIELDS, { profileId: '_id' }),
  key: 'profileId',
};

/** The status lists' entries ((list, index) unique); a revocation carries its webhook event until the relay takes it. */
export const CREDENTIAL_STATUS_ENTRIES_COLLECTION = numberedCollection<CredentialStatusEntryDocument>(
  'credentialStatusEntries',
  CREDENTIAL_STATUS_ENTRY_FIELDS,
  {
    unique: [['list', 'index']],
  },
);

/** The status lists as published (the list's number the _id). */
export const CREDENTIAL_STATUS_LISTS_COLLECTION: MongoCollection<StatusListDocument> = {
  name: 'credentialStatusLists',
  fields: storedNames(STATUS_LIST_FIELDS, { id: '_id' }),
  key: 'id',
};
