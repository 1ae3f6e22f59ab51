import type { ClaimPlace, ClaimRecord, ClaimsUnitOfWrite } from '../claims/claims-repository';
import { releaseUnprovenOthers } from '../claims/record-proof';
import { releaseClaims } from '../claims/release-claims';
import type { AnswersUnit } from '../answers/answers-unit';
import { rerenderAnswers } from '../answers/rerender-answers';
import { noteCredentialsOf } from '../credentials/note-credential-claims';
import { step, type Step, type Steps } from '../store/steps';
import { SOCIAL_TYPES, type SocialType } from '../domain/types';
import { releasedBecause } from '../proofs/claim-wording';
import { OPERATOR_PROVIDER, type NewEvidence } from '../proofs/claims';
import { handleKey } from '../social/social-handle';

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

/** A handle in the lookup index: the profile it finds. */
export interface HeldHandle {
  profileId: number;
  type: SocialType;
  key: string;
}

/** A new claim the import proves: its value as shown, and its evidence. */
export interface ImportedClaim {
  profileId: number;
  kind: SocialType;
  value: string;
  evidence: NewEvidence;
}

/**
 * What proving imported handles asks of a database, in batches of profiles (an import proves thousands): reads of the
 * lookup index and the live claims, and two writes of claims whose handles the import has put in the lookup index
 * already. Nothing here decides which handle is proven or released: proveImportedHandlesSteps does.
 */
export interface ImportedHandlesUnit {
  claims: ClaimsUnitOfWrite;
  /** The answers' unit in the same write: every profile the import touched is re-rendered. */
  answers: AnswersUnit;
  /** Every handle the lookup index finds these profiles by. */
  heldHandlesOf(profileIds: readonly number[]): Step<HeldHandle[]>;
  /** The live network claims of these profiles. */
  liveNetworkClaimsOf(profileIds: readonly number[]): Step<ClaimRecord[]>;
  /**
   * Inserts these claims proven, each with its evidence. A claim the store finds live already (made meanwhile) is not
   * written: it is returned, for the caller to prove.
   */
  insertProvenClaims(claims: readonly ImportedClaim[], now: string): Step<ClaimRecord[]>;
  /** Adds each evidence to its claim and marks the claim proven, unless it was released meanwhile. */
  proveHeldClaims(proofs: readonly { claim: ClaimRecord; evidence: NewEvidence }[], now: string): Step<void>;
}

/**
 * After the import has decided which profile holds which handle (the lookup index), the claims follow, for both
 * databases: each profile's network claims of handles it no longer holds end, each handle it holds is proven by
 * `operator-import` (unless already proven some other way), and other profiles' unproven claims of it are released.
 * A profile holding two handles of one network (records of one slug listing different ones) is proven for the one its
 * document shows. `othersMayClaim: false` when the store held no unproven claim at all as the proving began: there is
 * nothing to release then, and a bulk import into a new store skips a lookup per handle. Each step is keyed, so a
 * re-run of an interrupted import finds what is missing and proves it.
 */
export function* proveImportedHandlesSteps(
  unit: ImportedHandlesUnit,
  profileIds: readonly number[],
  now: string,
  othersMayClaim: boolean,
): Steps<void> {
  if (profileIds.length === 0) return;
  const shown = yield* step(unit.claims.shownHandlesOf([...profileIds]));
  const shownValue = (profileId: number, type: SocialType) => shown.get(profileId)?.handles[type];
  const held = new Map<number, Map<SocialType, string>>(profileIds.map((id) => [id, new Map()]));
  for (const { profileId, type, key } of yield* step(unit.heldHandlesOf(profileIds))) {
    const handles = held.get(profileId);
    const value = shownValue(profileId, type);
    if (handles && (!handles.has(type) || (value && handleKey(type, value) === key))) handles.set(type, key);
  }

  const live = yield* step(unit.liveNetworkClaimsOf(profileIds));
  const unlisted = live.filter((claim) => held.get(claim.profileId)?.get(claim.kind as SocialType) !== claim.key);
  yield* releaseClaims(unit.claims, unlisted, removedByImport(now), now);

  const liveByPlace = new Map(live.map((claim) => [`${claim.profileId} ${claim.kind} ${claim.key}`, claim]));
  const fresh: ImportedClaim[] = [];
  const unproven: ClaimRecord[] = [];
  const proven: ClaimPlace[] = [];
  for (const [profileId, handles] of held) {
    for (const type of SOCIAL_TYPES) {
      const key = handles.get(type);
      if (key === undefined) continue;
      const claim = liveByPlace.get(`${profileId} ${type} ${key}`);
      if (claim?.state === 'proven') continue;
      proven.push({ profileId, kind: type, key });
      if (claim) {
        unproven.push(claim);
        continue;
      }
      // The shown spelling when it is the held handle's, else the lookup key itself.
      const shownNow = shownValue(profileId, type);
      const value = shownNow && handleKey(type, shownNow) === key ? shownNow : key;
      fresh.push({ profileId, kind: type, value, evidence: byImport(value) });
    }
  }
  const madeMeanwhile = yield* step(unit.insertProvenClaims(fresh, now));
  unproven.push(...madeMeanwhile.filter((claim) => claim.state !== 'proven'));
  yield* step(
    unit.proveHeldClaims(
      unproven.map((claim) => ({ claim, evidence: byImport(claim.value) })),
      now,
    ),
  );
  if (othersMayClaim) {
    yield* releaseUnprovenOthers(unit.claims, proven, { reason: releasedBecause('operator-import', now) }, now);
  }
}

/** Profiles whose imported handles are proven together: a few reads and writes per batch, not per profile. */
const PROVING_BATCH = 500;

/**
 * The end of an import, once its records are written and every handle has its holder, on both databases: the
 * imported profiles' handles proven in batches (proveImportedHandlesSteps), then the answers of every profile the
 * import touched (importers, previous owners of moved articles) re-rendered from what is stored.
 */
export function* settleImportSteps(
  unit: ImportedHandlesUnit,
  importers: Iterable<number>,
  touched: Iterable<number>,
  now: string,
  othersMayClaim: boolean,
): Steps<void> {
  const ids = [...new Set(importers)];
  for (let i = 0; i < ids.length; i += PROVING_BATCH) {
    yield* proveImportedHandlesSteps(unit, ids.slice(i, i + PROVING_BATCH), now, othersMayClaim);
  }
  const rendered = new Set(touched);
  yield* rerenderAnswers(unit.answers, rendered);
  // New profiles written whole (MongoDB) are not re-rendered: their credentials are noted all the same.
  yield* noteCredentialsOf(
    unit.answers,
    ids.filter((id) => !rendered.has(id)),
  );
}
