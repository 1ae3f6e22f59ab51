import type { ClaimsUnitOfWrite } from '../claims/claims-repository';
import { showProvenHandles } from '../claims/proven-handles';
import { refuseTakenHandles, writeClaims } from '../claims/set-claims';
import { networkClaims } from '../proofs/claim-values';
import { normalizeSocialProfiles } from '../social/social-handle';
import { step, type Step, type Steps } from '../store/steps';
import { followNameSteps, saveIdentitySteps } from './identity-changes';
import type { IdentityUnitOfWrite } from './identity-unit';
import type { ProfileFields } from './profile-fields';

/** A portal user as a save reads them: their address (who requests an identity change) and their profile. */
export interface ProfileOwner {
  email: string;
  /** The profile linked to the user, or made for them by an earlier save that stopped before linking it; else null. */
  profileId: number | null;
  /** Whether the user's record links `profileId` already (then it is not null). */
  linked: boolean;
}

/** What a save asks of a database: the owner, a new profile, the link between them, and the identity and claims units. */
export interface ProfileSaveUnit {
  ownerOf(userId: number): Step<ProfileOwner | null>;
  /**
   * Inserts the user's first profile, unverified, with a free slug from `slugBase` (slug-moves.ts), marked as the
   * user's so that a save interrupted before linking finds it again; returns its id.
   */
  insertProfile(userId: number, fields: ProfileFields, slugBase: string, at: string): Step<number>;
  linkOwner(userId: number, profileId: number): Step<void>;
  identity: IdentityUnitOfWrite;
  claims: ClaimsUnitOfWrite;
}

/**
 * A journalist's save, for both databases: the order is MongoDB's, where each step is a separate write, chosen so that
 * an interruption leaves a state the next save repairs; on SQLite all of it is one transaction.
 *
 * 1. Every handle is checked; one another profile holds proven refuses the save (HandleTakenError) before anything is
 *    written. Unproven claims of others never block.
 * 2. A first save inserts the profile (marked with its user), then links the user to it. An unverified profile's slug
 *    then follows its name (profile-slugs.ts); nothing redirects from the slug it leaves.
 * 3. The typed handles become claims (writeClaims): those no longer listed are released first, new ones claimed.
 * 4. The fields, with a verified profile's change of its reviewed identity held for an editor (saveIdentitySteps);
 *    then the profile shows its proven handles only and its answers are re-rendered (showProvenHandles).
 *
 * Interrupted between 3 and 4, the stored fields and answers lag the claims until the next save; a handle released in
 * 3 has already stopped finding the profile. Returns the profile's id.
 */
export function* saveProfileSteps(
  unit: ProfileSaveUnit,
  userId: number,
  given: ProfileFields,
  slugBase: string,
  at: string,
): Steps<number> {
  const fields = { ...given, profile_social_profiles: normalizeSocialProfiles(given.profile_social_profiles) };
  const owner = yield* step(unit.ownerOf(userId));
  if (!owner) throw new Error(`no portal user ${userId}`);
  const wanted = networkClaims(fields.profile_social_profiles);
  yield* refuseTakenHandles(unit.claims, owner.profileId, wanted);

  const profileId = owner.profileId ?? (yield* step(unit.insertProfile(userId, fields, slugBase, at)));
  if (!owner.linked) yield* step(unit.linkOwner(userId, profileId));
  yield* followNameSteps(unit.identity, profileId, slugBase, at);

  yield* writeClaims(unit.claims, profileId, wanted, at);
  yield* saveIdentitySteps(unit.identity, profileId, owner.email, fields, at);
  yield* showProvenHandles(unit.claims, [profileId]);
  return profileId;
}
