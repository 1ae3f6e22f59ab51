import type { EvidenceMethod } from './claims';

/** How each proof method reads in a sentence ("proven by …"). */
export function methodLabel(method: EvidenceMethod): string {
  switch (method) {
    case 'network-sign-in':
      return 'signing in with the network';
    case 'rel-me':
      return 'a rel="me" link back to the profile';
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
