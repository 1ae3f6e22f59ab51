import type { ClaimState, Evidence } from '@byline/domain/proofs/claims';

export { claimTitle, kindLabel, NETWORK_NAMES, shownValue } from '@byline/domain/proofs/claim-wording';

export const STATE_LABELS: Record<ClaimState, string> = {
  claimed: 'Claimed, not proven',
  proven: 'Proven',
  lapsed: 'Lapsed: its proof stopped holding',
};

/** How a proof was made, to be followed by "on DATE": "signed in with X", "linked back with rel="me"" … */
export function methodInWords(evidence: Pick<Evidence, 'method' | 'provider'>): string {
  switch (evidence.method) {
    case 'network-sign-in':
      return `signed in with ${evidence.provider.name}`;
    case 'rel-me':
      return 'linked back with rel="me"';
    case 'domain-handle':
      return 'its handle is the domain of a proven website';
    case 'editor-attestation':
      return 'attested by a Byline editor';
    case 'operator-import':
      return 'imported by the Byline operator';
  }
}

export const day = (iso: string | null): string => (iso ? iso.slice(0, 10) : '');

/** RECHECK_INTERVAL in words: "every day", "every 6 hours", "every 90 minutes". */
export function everyInterval(ms: number): string {
  const [unit, size] =
    ms % 86_400_000 === 0 ? ['day', 86_400_000] : ms % 3_600_000 === 0 ? ['hour', 3_600_000] : ['minute', 60_000];
  const count = Math.max(1, Math.round(ms / (size as number)));
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

/** A sign-in callback whose state this portal did not give out, or whose link was altered: alike for every network. */
export const SIGN_IN_NOT_STARTED_HERE =
  'This sign-in was not started here (or the link was altered). Start again from your profile.';

/** A sign-in answered a second time, or too late: said alike for the networks' sign-ins and Bluesky's. */
export function spentSignIn(reason: 'used' | 'expired', network: string): string {
  return reason === 'used'
    ? 'This sign-in was already used. Start again from your profile if you need to.'
    : `The sign-in with ${network} took too long; start again from your profile.`;
}
