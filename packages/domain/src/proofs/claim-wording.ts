import type { SocialType } from '../domain/types';
import { extractUsername } from '../social/social-handle';
import type { Claim, ClaimKind, EvidenceMethod } from './claims';

/** The networks as people name them in "Sign in with …". */
export const NETWORK_NAMES: Record<SocialType, string> = {
  twitter: 'X',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
};

const KIND_LABELS: Record<ClaimKind, string> = {
  ...NETWORK_NAMES,
  website: 'Website',
  fediverse: 'Fediverse',
  bluesky: 'Bluesky',
};

export const kindLabel = (kind: ClaimKind): string => KIND_LABELS[kind];

/** A handle as people write it on that network (`@name` on X and Instagram), or a website's address or fediverse account as claimed. */
export function shownValue(kind: ClaimKind, value: string): string {
  if (kind === 'website' || kind === 'fediverse') return value;
  // A Bluesky handle reads `@name.bsky.social`; a DID (an account without a confirmed handle) as it is.
  if (kind === 'bluesky') return value.startsWith('did:') ? value : `@${value}`;
  let username: string;
  try {
    username = extractUsername(kind, value);
  } catch {
    return value;
  }
  return kind === 'twitter' || kind === 'instagram' ? `@${username}` : username;
}

/** "X @name", "Website https://…", "Fediverse @name@host" */
export const claimTitle = (claim: Pick<Claim, 'kind' | 'value'>): string =>
  `${kindLabel(claim.kind)} ${shownValue(claim.kind, claim.value)}`;

/** How each proof method reads in a sentence ("proven by …"). */
export function methodLabel(method: EvidenceMethod): string {
  switch (method) {
    case 'network-sign-in':
      return 'signing in with the network';
    case 'rel-me':
      return 'a rel="me" link back to the profile';
    case 'domain-handle':
      return 'a handle that is the domain of a website proven on the profile';
    case 'editor-attestation':
      return 'an editor’s attestation';
    case 'operator-import':
      return 'the operator’s import';
  }
}

/** Why another profile's unproven claim of a key was released, as its owner reads it. */
export function releasedBecause(method: EvidenceMethod, now: string): string {
  return `Released on ${now.slice(0, 10)}: another profile proved it is theirs by ${methodLabel(method)}.`;
}

/** Why a profile's claim of a network was released when another handle of that network was proven on it. */
export function replacedBy(value: string, method: EvidenceMethod, now: string): string {
  return `Replaced on ${now.slice(0, 10)} by ${value}, proven by ${methodLabel(method)}`;
}

/** What a verified profile lost when the lapse of a re-checked proof left it without a live proof. */
export function lapsedProofNote(claim: { kind: string; value: string }, failingSince: string, reason: string): string {
  return `the proof of ${claim.kind} ${claim.value} stopped holding, failing since ${failingSince.slice(0, 10)} (${reason})`;
}

/** Why a re-checked proof stopped counting. */
export function lapseNote(failingSince: string, reason: string): string {
  return `The proof stopped holding: failing since ${failingSince.slice(0, 10)} (${reason}).`;
}
