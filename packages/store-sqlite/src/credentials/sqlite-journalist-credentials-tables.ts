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
import type { SqliteTable } from '../documents/sqlite-documents';

/** Journalists' credentials in the journalist_credentials table, one row per profile. */
export const JOURNALIST_CREDENTIALS_TABLE: SqliteTable<JournalistCredentialDocument> = {
  name: 'journalist_credentials',
  columns: storedNames(JOURNALIST_CREDENTIAL_FIELDS),
  key: 'profileId',
  booleans: ['awaitingNote'],
};

/** The status lists' entries in credential_status_entries ((list, list_index) unique). */
export const CREDENTIAL_STATUS_ENTRIES_TABLE: SqliteTable<CredentialStatusEntryDocument> = {
  name: 'credential_status_entries',
  // INDEX is a keyword of SQL's.
  columns: storedNames(CREDENTIAL_STATUS_ENTRY_FIELDS, { index: 'list_index' }),
  key: 'id',
  generatedKey: true,
};

/** The status lists as published, in credential_status_lists. */
export const CREDENTIAL_STATUS_LISTS_TABLE: SqliteTable<StatusListDocument> = {
  name: 'credential_status_lists',
  columns: storedNames(STATUS_LIST_FIELDS),
  key: 'id',
};
