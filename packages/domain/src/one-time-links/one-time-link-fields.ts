import { fieldsOf } from '../documents/stored-names';
import type { OneTimeLinkDocument } from './document-one-time-links';

/** The fields of a one-time link (a password reset's, an address confirmation's), as both stores keep them. */
export const ONE_TIME_LINK_FIELDS = fieldsOf<OneTimeLinkDocument>()(['tokenHash', 'userId', 'createdAt', 'expiresAt', 'usedAt']);
