import { fieldsOf } from '../documents/stored-names';
import type { SocialType } from '../domain/types';

/**
 * An entry of the handle lookup index the verifiers read (`social_handles`): which profile a network handle finds. The
 * verifiers' reads and the claims' writes of it stay each database's; the generic documents clear a profile's.
 */
export interface HandleDocument {
  socialType: SocialType;
  handleKey: string;
  profileId: number;
}

/** The fields of a handle entry, as both stores keep them (see stored-names.ts). */
export const HANDLE_FIELDS = fieldsOf<HandleDocument>()(['socialType', 'handleKey', 'profileId']);
