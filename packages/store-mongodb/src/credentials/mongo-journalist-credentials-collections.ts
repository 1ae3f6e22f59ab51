import type {
  CredentialStatusEntryDocument,
  JournalistCredentialDocument,
  StatusListDocument,
} from '@byline/domain/credentials/credential-documents';
import type { MongoCollection } from '../documents/mongo-documents';

/** Journalists' credentials, one document per profile (its id the _id). */
export const JOURNALIST_CREDENTIALS_COLLECTION: MongoCollection<JournalistCredentialDocument> = {
  name: 'journalistCredentials',
  fields: {
    profileId: '_id',
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
};

/** The status lists' entries ((list, index) unique); a revocation carries its webhook event until the relay takes it. */
export const CREDENTIAL_STATUS_ENTRIES_COLLECTION: MongoCollection<CredentialStatusEntryDocument> = {
  name: 'credentialStatusEntries',
  fields: { id: '_id', list: 'list', index: 'index', revokedAt: 'revoked_at' },
  key: 'id',
  generatedKey: true,
  unique: [['list', 'index']],
};

/** The status lists as published (the list's number the _id). */
export const CREDENTIAL_STATUS_LISTS_COLLECTION: MongoCollection<StatusListDocument> = {
  name: 'credentialStatusLists',
  fields: {
    id: '_id',
    revokedCount: 'revoked_count',
    jwt: 'jwt',
    cose: 'cose',
    etag: 'etag',
    publishedAt: 'published_at',
    reissueAt: 'reissue_at',
  },
  key: 'id',
};
