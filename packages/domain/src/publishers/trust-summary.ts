/**
 * What Byline keeps of a publisher's trust.txt (JournalList's file of an outlet's declared relations to other
 * sites): enough to show an editor what the outlet says of itself and which of its relations the other side
 * confirms, without reading the file again. Read and built by @byline/editorial's readTrustTxt.
 */

/**
 * The relations a trust.txt declares with another site, each answered by its reverse in the other site's file:
 * `belongto` (an association it belongs to) ↔ `member`, `control` (a site it controls) ↔ `controlledby`,
 * `vendor` ↔ `customer`.
 */
export const TRUST_RELATION_KINDS = ['member', 'belongto', 'control', 'controlledby', 'vendor', 'customer'] as const;
export type TrustRelationKind = (typeof TRUST_RELATION_KINDS)[number];

/** The attribute the other site's file must hold, naming this one, for a relation to count as confirmed. */
export const REVERSE_TRUST_RELATION: Readonly<Record<TrustRelationKind, TrustRelationKind>> = {
  member: 'belongto',
  belongto: 'member',
  control: 'controlledby',
  controlledby: 'control',
  vendor: 'customer',
  customer: 'vendor',
};

export interface TrustRelation {
  kind: TrustRelationKind;
  /** The other site's host: lower case, ASCII (punycode), without a leading `www.` (how the values are compared). */
  domain: string;
  /** Whether the other site's trust.txt declares the reverse relation naming this domain. */
  confirmed: boolean;
  /** Why it is not confirmed (its file could not be read, or does not name this domain); null when confirmed. */
  reason: string | null;
}

/** A problem with one line of the file (null when it concerns the file as a whole). */
export interface TrustIssue {
  line: number | null;
  message: string;
}

export interface TrustSummary {
  /** The domain the file was read for. */
  domain: string;
  /** When it was read (ISO 8601). */
  readAt: string;
  /** The address the file was read from (`/trust.txt` or `/.well-known/trust.txt`); null when neither answered. */
  url: string | null;
  relations: TrustRelation[];
  /** `social=` addresses, as written. */
  social: string[];
  /** `contact=` values (an address, `mailto:` or `tel:`), as written. */
  contacts: string[];
  /** `disclosure=` addresses, as written. */
  disclosures: string[];
  /** `datatrainingallowed=`: null when absent (or given in error). */
  dataTrainingAllowed: boolean | null;
  /** Breaches of the specification the outlet should fix (two `controlledby`, a bad `datatrainingallowed`). */
  errors: TrustIssue[];
  /** Lines Byline did not understand or could not use (unknown attributes, malformed lines or values). */
  warnings: TrustIssue[];
  /** Why no file could be read at either address; null when one was read. */
  failure: string | null;
}
