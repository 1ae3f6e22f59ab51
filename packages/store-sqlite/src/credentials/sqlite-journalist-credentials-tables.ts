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
import { numberedTable, type SqliteTable } from '../documents/sqlite-documents';

/** Journalists' credentials in the journalist_credentials table, one row per profile. */
export const JOURNALIST_CREDENTIALS_TABLE: SqliteTable<JournalistCredentialDocument> = {
  name: 'journalist_credentials',
  columns: storedNames(JOURNALIST_CREDENTIAL_FIELDS),
  key: 'profileId',
  booleans: ['awaitingNote'],
};

/** The status lists' entries in credential_status_entries ((list, list_index) unique). */
export const CREDENTIAL_STATUS_ENTRIES_TABLE = numberedTable<CredentialStatusEntryDocument>(
  'credential_status_entries',
  CREDENTIAL_STATUS_ENTRY_FIELDS,
  // INDEX is a keyword of SQL's.
  { names: { index: 'list_index' } },
);

/** The status lists as published, in credential_status_lists. */
export const CREDENTIAL_STATUS_LISTS_TABLE: SqliteTable<StatusListDocument> = {
  name: 'credential_status_lists',
  columns: storedNames(STATUS_LIST_FIELDS),
  key: 'id',
};
