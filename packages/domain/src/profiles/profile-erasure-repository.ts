/** A profile whose owner is leaving: first out of the verifiers' answers, then gone with all that hangs on it. */
export interface ProfileErasure {
  /**
   * Its owner is leaving: from this write on, neither verifier answers from the profile (it is unverified and its
   * handles are out of the lookup index). false when there is no such profile.
   */
  withdrawFromLookups(profileId: number): Promise<boolean>;
  /**
   * Removes the profile with everything that hangs on it: claims and evidence (and their re-checks), articles,
   * verification requests and history, handles; its owner's user stays, without a profile. withdrawFromLookups
   * comes first within it. false when there is no such profile.
   */
  erase(profileId: number): Promise<boolean>;
}
