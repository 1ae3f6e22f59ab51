/**
 * Niamh Cassidy's account on every network, as her profile stores them: the journalist the matching and the
 * answer tests look up by each of them.
 */
export const NIAMH_SOCIAL_PROFILES = {
  twitter: '@NiamhCass94',
  facebook: 'niamh.cassidy.journalist',
  linkedin: 'niamh-cassidy-galway',
  instagram: 'niamh.writes',
};
