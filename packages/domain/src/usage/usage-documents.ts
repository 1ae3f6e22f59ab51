/** A key's requests on one UTC day, as the generic document port stores them: one document per key and day. */
export type UsageDocument = {
  key: string;
  day: string;
  count: number;
};
