import type { SocialType } from '../domain/types';

/**
 * What a profile can claim: a handle on one of the networks, a website (a personal site or a fediverse profile
 * page), a fediverse account (`@user@host`) or a Bluesky account. Websites and fediverse accounts are proven alike,
 * by rel="me"; a Bluesky account by its profile record linking the public page. None of them is a network of the v1
 * answers (`profile_social_profiles`); fediverse and Bluesky accounts are looked up by their own social_type.
 * A Bluesky claim's key is the account's DID (its identity) and its value the account's current handle.
 */
export type ClaimKind = SocialType | 'website' | 'fediverse' | 'bluesky';

/**
 * `claimed`: no live proof. `proven`: at least one live proof. `lapsed`: its proof stopped holding for longer
 * than the grace period (see recheck). A claim that ends (released to the profile that proved the same key, or
 * removed by its owner) keeps its record with `releasedAt` and `releasedReason`.
 */
export type ClaimState = 'claimed' | 'proven' | 'lapsed';

/**
 * How a claim was proven (PRODUCT.md, "Claims, proofs, evidence"):
 * - `network-sign-in`: the owner signed in with the network; the handle and the stable account id came from the provider;
 * - `rel-me`: the claimed page links back to the profile's public page with rel="me";
 * - `editor-attestation`: an editor vouched, with a note;
 * - `operator-import`: the operator loaded it with `byline import`.
 */
export type EvidenceMethod = 'network-sign-in' | 'rel-me' | 'domain-handle' | 'editor-attestation' | 'operator-import';

export const EVIDENCE_METHODS: readonly EvidenceMethod[] = [
  'network-sign-in',
  'rel-me',
  'domain-handle',
  'editor-attestation',
  'operator-import',
];

/** Who or what answered for a proof: a stable URI and a name people read (C2PA/CAWG `provider`). */
export interface EvidenceProvider {
  id: string;
  name: string;
}

/** The provider of an editor's attestation. */
export const EDITOR_PROVIDER: EvidenceProvider = { id: 'urn:byline:editor-attestation', name: 'Byline editor' };

/**
 * Why the handles an editor approved before claims existed are proven. Migration 015 (claimsFromHandles, one per
 * database) makes every handle held before claims existed a live claim, so existing data keeps answering as it did:
 * - a profile no portal user owns came from `byline import`: its handles are proven by `operator-import`;
 * - a portal profile an editor verified: proven by `editor-attestation`, by that editor, with this note;
 * - a portal profile not verified: its handles become unproven claims, which leave the lookup index and its
 *   answers (they answered nothing anyway, the profile being unverified).
 */
export const MIGRATION_NOTE = 'Approved by an editor before handle proofs existed (migration 015).';

/** The provider of the operator's `byline import`. */
export const OPERATOR_PROVIDER: EvidenceProvider = { id: 'urn:byline:operator-import', name: 'Byline operator (byline import)' };

export interface Evidence {
  id: number;
  claimId: number;
  method: EvidenceMethod;
  provider: EvidenceProvider;
  /** The value the proof established: the username the provider answered, or the address checked. */
  provenValue: string;
  /** The provider's stable account id (network sign-in only), or null. */
  subject: string | null;
  verifiedAt: string;
  lastCheckedAt: string;
  /** Who or what vouched: `editor:EMAIL`, `operator:byline import`, `network:ISSUER`, `byline:rel-me check`. */
  by: string;
  /** The editor's reason (attestation), or null. */
  note: string | null;
  /** Re-checked proofs (rel-me): when the next check is due; null for proofs that are not re-checked. */
  nextCheckAt: string | null;
  /** Re-checked proofs: since when every check has failed, or null while it holds. */
  failingSince: string | null;
  /** Re-checked proofs: why the latest check failed, or null. */
  lastFailure: string | null;
  /** When the proof stopped counting (lapsed, or its claim ended), or null while live. */
  endedAt: string | null;
  endedReason: string | null;
}

export interface Claim {
  id: number;
  profileId: number;
  kind: ClaimKind;
  /** The value as the profile shows it: the handle as stored (normal form) or the website's address. */
  value: string;
  /** The key: handleKey(kind, value) for a network, the canonical address for a website, the account in lower case for fediverse. */
  key: string;
  state: ClaimState;
  createdAt: string;
  updatedAt: string;
  releasedAt: string | null;
  releasedReason: string | null;
  /** Every proof of this claim, live and ended, oldest first. */
  evidence: Evidence[];
}

/** A new proof, as a proof method reports it; the store stamps ids and times. */
export interface NewEvidence {
  method: EvidenceMethod;
  provider: EvidenceProvider;
  provenValue: string;
  subject?: string | null;
  by: string;
  note?: string | null;
  /** Set for re-checked proofs (rel-me). */
  nextCheckAt?: string | null;
}

export const isLive = (evidence: Evidence): boolean => evidence.endedAt === null;
export const liveEvidence = (claim: Claim): Evidence[] => claim.evidence.filter(isLive);
export const isLiveClaim = (claim: Claim): boolean => claim.releasedAt === null;
