import type {
  CredentialStatusEntryDocument,
  JournalistCredentialDocument,
  StatusListDocument,
} from '@byline/domain/credentials/credential-documents';
import type { SqliteTable } from '../documents/sqlite-documents';

/** Journalists' credentials in the journalist_credentials table, one row per profile. */
export const JOURNALIST_CREDENTIALS_TABLE: SqliteTable<JournalistCredentialDocument> = {
  name: 'journalist_credentials',
  columns: {
    profileId: 'profile_id',
    claims: 'claims',
    change: 'change',
    renderRevision: 'render_revision',
    awaitingNote: 'awaiting_note',
    slug: 'slug',
    issuedClaims: 'issued_claims',
    statusEntry: 'status_entry',
    jwt: 'jwt',
    cose: 'cose',
    etag: 'etag',
    issuedAt: 'issued_at',
    reissueAt: 'reissue_at',
  },
  key: 'profileId',
  booleans: ['awaitingNote'],
};

/** The status lists' entries in credential_status_entries ((list, list_index) unique). */
export const CREDENTIAL_STATUS_ENTRIES_TABLE: SqliteTable<CredentialStatusEntryDocument> = {
  name: 'credential_status_entries',
  columns: { id: 'id', list: 'list', index: 'list_index', revokedAt: 'revoked_at' },
  key: 'id',
  generatedKey: true,
};

/** The status lists as published, in credential_status_lists. */
export const CREDENTIAL_STATUS_LISTS_TABLE: SqliteTable<StatusListDocument> = {
  name: 'credential_status_lists',
  columns: {
    id: 'id',
    revokedCount: 'revoked_count',
    jwt: 'jwt',
    cose: 'cose',
    etag: 'etag',
    publishedAt: 'published_at',
    reissueAt: 'reissue_at',
  },
  key: 'id',
};
