import type { DocumentSteps } from '../documents/documents';
import { mapStep, step, stepOf, type Step, type Steps } from '../store/steps';
import type { UserDocument } from '../users/document-users';
import type { ProfileOwner, ProfileSaveUnit } from './save-profile';

/**
 * What each database keeps of a save's unit by hand: a first profile's insert (each database stores a new profile's
 * document its own way), the profile an earlier save made for the user and did not link (MongoDB marks it; on SQLite
 * the insert and the link commit together, so there is none), and the identity and claims units.
 */
export interface StoredSaveUnit extends Pick<ProfileSaveUnit, 'insertProfile' | 'identity' | 'claims'> {
  unlinkedProfileOf(userId: number): Step<number | null>;
}

/** A save's unit of write (see save-profile.ts): the owner read and linked over the users' documents. */
export function saveUnitOver(
  users: DocumentSteps<UserDocument, Omit<UserDocument, 'id'>>,
  { unlinkedProfileOf, ...stored }: StoredSaveUnit,
): ProfileSaveUnit {
  function* ownerOf(userId: number): Steps<ProfileOwner | null> {
    const user = yield* step(users.first({ id: userId }));
    if (!user) return null;
    if (user.profileId !== null) return { email: user.email, profileId: user.profileId, linked: true };
    // Made by an earlier save that stopped before linking it: found again by its mark.
    return { email: user.email, profileId: yield* step(unlinkedProfileOf(userId)), linked: false };
  }

  return {
    ...stored,
    ownerOf: (userId) => stepOf(ownerOf(userId)),
    linkOwner: (userId, profileId) => mapStep(users.updateAll({ id: userId }, { profileId }), () => undefined),
  };
}
