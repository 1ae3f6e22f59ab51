import { SOCIAL_TYPES, type SocialProfiles } from '../domain/types';
import { handleChangedEvents } from '../webhook-events/webhook-event';
import type { ClaimRecord, ClaimsRepository } from './claims-repository';
import { step } from '../store/steps';
import { RECHECK_ACTOR } from '../proofs/grace';
import { rerenderAnswers } from '../answers/rerender-answers';

/**
 * A proven Bluesky claim shows the account's handle as its DID document confirms it today (`value`; the DID itself
 * when no handle names the account back): the account kept its identity (the claim's key) and changed its name, so
 * the claim is updated rather than ended. Lookups by the old handle stop answering for it in the same write, and the
 * profile's history says so (editors and the owner see why the lookups changed). A verified profile's subscribers are told (journalist.handle_changed, network `bluesky`), with the document's
 * handles written as they were, so that the event goes out in the same write. False when the claim was released
 * meanwhile.
 */
export function renameAccountClaim(
  claims: Pick<ClaimsRepository, 'inOneWrite'>,
  claim: Pick<ClaimRecord, 'id' | 'profileId' | 'value'>,
  value: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  return claims.inOneWrite(function* (unit) {
    if (!(yield* step(unit.markProven(claim.id, value, at)))) return false;
    const note = `bluesky ${claim.value} is now ${value}`;
    yield* step(unit.appendHistory({ profileId: claim.profileId, actor: RECHECK_ACTOR, action: 'handle-renamed', note }, at));
    const shown = (yield* step(unit.shownHandlesOf([claim.profileId]))).get(claim.profileId);
    if (shown?.verified) {
      const handles = { ...Object.fromEntries(SOCIAL_TYPES.map((type) => [type, ''])), ...shown.handles } as SocialProfiles;
      const events = handleChangedEvents(shown.slug, [{ network: 'bluesky', handle: value, previous: claim.value }], now);
      yield* step(unit.showHandles(new Map([[claim.profileId, { handles, events }]])));
    }
    // The evidence shows the new handle (v2 answers, the credential), and Byline's Bluesky verification record must
    // name it: the re-render notes both, in this write.
    yield* rerenderAnswers(unit.answers, [claim.profileId]);
    return true;
  });
}
