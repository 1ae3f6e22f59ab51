import type { ProfilePorts } from '@byline/domain/profiles/profiles-store';
import type { ResourceRepositories } from './store-repositories';

type ProfileMakers = {
  [Name in 'profiles' | 'identityReview' | 'profileTransfers' | 'profileErasure']: () => ResourceRepositories[Name];
};

/** The profile ports, all served by the one object `ports` makes (see profilesOver): registered alike on either store. */
export const profilePorts = (ports: () => ProfilePorts): ProfileMakers => ({
  profiles: ports,
  identityReview: ports,
  profileTransfers: ports,
  profileErasure: ports,
});
