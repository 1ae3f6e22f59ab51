import type { SocialType } from '../domain/types';
import type { Claim, ClaimKind } from '../proofs/claims';
import { isNetwork, wantedClaims, type WantedClaims } from '../proofs/claim-values';
import { HandleTakenError } from '../profiles/profiles-repository';
import type { ClaimsRepository, ClaimsUnitOfWrite } from './claims-repository';
import { showProvenHandles } from './proven-handles';
import { releaseClaims } from './release-claims';
import { step, type Steps } from '../store/steps';

/** Refuses with HandleTakenError naming every network whose wanted key another profile holds proven. */
export function* refuseTakenHandles(
  unit: Pick<ClaimsUnitOfWrite, 'lookupHolder'>,
  profileId: number | null,
  wanted: WantedClaims,
): Steps<void> {
  const taken: SocialType[] = [];
  for (const { kind, entries } of wanted) {
    if (!isNetwork(kind)) continue;
    for (const { key } of entries) {
      const holder = yield* step(unit.lookupHolder(kind, key));
      if (holder !== undefined && holder !== profileId) taken.push(kind);
    }
  }
  if (taken.length) throw new HandleTakenError(taken);
}

/**
 * The claims of setClaims, once refuseTakenHandles has passed (values already normal): the profile's live claims
 * of the kinds asked that are no longer listed are released ("removed by the journalist"), new values claimed,
 * and a claim not proven shows the value as typed. The caller shows the profile's proven handles afterwards. A key
 * another profile proves meanwhile is only claimed here, which blocks nobody.
 */
export function* writeClaims(unit: ClaimsUnitOfWrite, profileId: number, wanted: WantedClaims, now: string): Steps<void> {
  const asked = new Set(wanted.map(({ kind }) => kind));
  const kept = new Set(wanted.flatMap(({ kind, entries }) => entries.map(({ key }) => `${kind} ${key}`)));
  const dropped = (yield* step(unit.liveClaimsOf(profileId))).filter(
    (claim) => asked.has(claim.kind) && !kept.has(`${claim.kind} ${claim.key}`),
  );
  yield* releaseClaims(unit, dropped, `Removed by the journalist on ${now.slice(0, 10)}`, now);
  const values = wanted.flatMap(({ kind, entries }) => entries.map(({ value, key }) => ({ profileId, kind, value, key })));
  const claims = yield* step(unit.ensureClaims(values, now));
  for (const [i, claim] of claims.entries()) {
    const { value } = values[i]!;
    if (claim.state !== 'proven' && claim.value !== value) yield* step(unit.setUnprovenValue(claim.id, value, now));
  }
}

/**
 * setClaims: the profile's live claims of these kinds become exactly the wanted values (a network has at most
 * one). Refused before anything is written when another profile holds one of the keys proven. Then the claims
 * (dropped ones released first: a proven one stops finding the profile before anything else changes), then the
 * profile's document and answers (showProvenHandles). Interrupted on MongoDB between the two, the answers may
 * still show a handle that no longer finds the profile, until its next change.
 */
export function* setClaimsSteps(unit: ClaimsUnitOfWrite, profileId: number, wanted: WantedClaims, now: string): Steps<void> {
  yield* refuseTakenHandles(unit, profileId, wanted);
  yield* writeClaims(unit, profileId, wanted, now);
  yield* showProvenHandles(unit, [profileId]);
}

/**
 * Makes the profile's live claims of these kinds exactly `values` (kind → values): new values become `claimed`
 * claims, values no longer listed are released ("removed by the owner", their proofs ended). Refuses with
 * HandleTakenError naming every network whose key another profile holds proven; nothing is written then.
 * Returns every claim of the profile.
 */
export async function setClaims(
  claims: ClaimsRepository,
  profileId: number,
  values: Partial<Record<ClaimKind, string[]>>,
  /** Claims already keyed (a Bluesky account, keyed by the DID its handle resolved to), beside `values`. */
  keyed: WantedClaims = [],
): Promise<Claim[]> {
  const wanted = [...wantedClaims(values), ...keyed];
  await claims.inOneWrite((unit) => setClaimsSteps(unit, profileId, wanted, new Date().toISOString()));
  return claims.claimsOf(profileId);
}
