import type { Documents } from '../documents/documents';
import type { Profile } from '../domain/types';
import type { JournalistCredentialDocument, StatusListDocument } from './credential-documents';

/** A credential or a list as served: both securings and the entity tag of the issue. */
export interface Served {
  jwt: string;
  cose: Uint8Array;
  etag: string;
}

export type ServedCredential = ({ state: 'served' } & Served) | { state: 'pending' } | { state: 'none' };

/**
 * The credential served for a journalist's profile: only while the profile is verified at that address, and only one
 * issued from the claims the store holds now. While a change is pending (the worker has not issued it yet, or is
 * revoking it), nothing is served: what was issued before may claim what is no longer true.
 */
export async function servedCredential(
  credentials: Documents<JournalistCredentialDocument>,
  profile: Pick<Profile, 'id' | 'verified' | 'profile_slug'>,
): Promise<ServedCredential> {
  if (!profile.verified) return { state: 'none' };
  const credential = await credentials.first({ profileId: profile.id });
  if (!credential || credential.claims === null || credential.slug !== profile.profile_slug) return { state: 'none' };
  const { change, awaitingNote, jwt, cose, etag } = credential;
  if (change !== null || awaitingNote || jwt === null || cose === null || etag === null) return { state: 'pending' };
  return { state: 'served', jwt, cose: Buffer.from(cose, 'base64'), etag };
}

/** Status list `id` as last published, or null when there is none (yet). */
export async function servedStatusList(lists: Documents<StatusListDocument>, id: number): Promise<Served | null> {
  const list = await lists.first({ id });
  if (!list?.jwt || !list.cose || !list.etag) return null;
  return { jwt: list.jwt, cose: Buffer.from(list.cose, 'base64'), etag: list.etag };
}
