import { fieldsOf } from '../documents/stored-names';
import type { UsageDocument } from './usage-documents';

/** The fields of an API key's count for a day, as both stores keep them (see stored-names.ts). */
export const USAGE_FIELDS = fieldsOf<UsageDocument>()(['key', 'day', 'count']);
