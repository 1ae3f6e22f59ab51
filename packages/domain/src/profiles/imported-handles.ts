import { proveClaim, releaseUnprovenOthers } from '../claims/record-proof';
import { releaseClaims } from '../claims/release-claims';
import { step, type Steps } from '../store/steps';
import { SOCIAL_TYPES, type SocialProfiles } from '../domain/types';
import { releasedBecause } from '../proofs/claim-wording';
import { OPERATOR_PROVIDER, type NewEvidence } from '../proofs/claims';
import { handleKey } from '../social/social-handle';
import type { ImportUnit } from './import-unit';

/** Who the evidence and the history name for what the import proves. */
export const IMPORT_ACTOR = 'operator:byline import';

/** The evidence of a handle the import proves, showing `value`. */
export const byImport = (value: string): NewEvidence => ({
  method: 'operator-import',
  provider: OPERATOR_PROVIDER,
  provenValue: value,
  by: IMPORT_ACTOR,
});

/** Why a network claim ends: the import at `now` gave its profile another handle of that network, or none. */
export const removedByImport = (now: string): string => `Removed by the operator's import on ${now.slice(0, 10)}`;

/**
 * After the import has decided which profile holds which handle (the lookup index), the claims follow: the
 * profile's network claims of handles it no longer holds end, each handle it holds is proven by `operator-import`
 * (unless already proven some other way), and other profiles' unproven claims of it are released.
 * `othersMayClaim: false` when the store held no unproven claim at all as the proving began: there is nothing to
 * release then, and a bulk import into a new store skips a lookup per handle.
 */
export function* proveImportedHandlesSteps(
  unit: ImportUnit,
  profileId: number,
  now: string,
  othersMayClaim: boolean,
): Steps<void> {
  const claims = unit.claims;
  const shown: Partial<SocialProfiles> = (yield* step(claims.shownHandlesOf([profileId]))).get(profileId)?.handles ?? {};
  const held = yield* step(unit.heldHandles(profileId));
  const live = yield* step(claims.liveClaimsOf(profileId));
  for (const type of SOCIAL_TYPES) {
    const key = held.get(type);
    const unlisted = live.filter((claim) => claim.kind === type && claim.key !== key);
    yield* releaseClaims(claims, unlisted, removedByImport(now), now);
    if (!key) continue;
    const found = live.find((candidate) => candidate.kind === type && candidate.key === key);
    if (found?.state === 'proven') continue;
    // The shown spelling when it is the held handle's (a new claim shows it), else the lookup key itself.
    const shownValue = shown[type];
    const value = shownValue && handleKey(type, shownValue) === key ? shownValue : key;
    const claim = found ?? (yield* step(claims.ensureClaims([{ profileId, kind: type, value }], now)))[0]!;
    yield* proveClaim(claims, claim, byImport(claim.value), now);
    if (othersMayClaim) {
      yield* releaseUnprovenOthers(claims, [claim], { reason: releasedBecause('operator-import', now) }, now);
    }
  }
}
