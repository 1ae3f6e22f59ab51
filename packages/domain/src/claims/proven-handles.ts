import { SOCIAL_TYPES, type SocialProfiles, type SocialType } from '../domain/types';
import type { ClaimRecord, ClaimsUnitOfWrite } from './claims-repository';
import { step, type Steps } from '../store/steps';
import { rerenderAnswers } from '../answers/rerender-answers';
import { handleChangedEvents, type HandleChange, type WebhookEvent } from '../webhook-events/webhook-event';

const noHandles = (): SocialProfiles => Object.fromEntries(SOCIAL_TYPES.map((type) => [type, ''])) as SocialProfiles;

/** Per profile, the value of its first live proven claim of each network ("" where none). */
export function provenHandlesOf(profileIds: number[], proven: ClaimRecord[]): Map<number, SocialProfiles> {
  const handles = new Map(profileIds.map((id) => [id, noHandles()]));
  for (const claim of proven) {
    const shown = handles.get(claim.profileId);
    const type = claim.kind as SocialType;
    if (shown && !shown[type]) shown[type] = claim.value;
  }
  return handles;
}

const sameHandles = (stored: Partial<SocialProfiles>, proven: SocialProfiles): boolean =>
  Object.keys(stored).length === SOCIAL_TYPES.length && SOCIAL_TYPES.every((type) => stored[type] === proven[type]);

/** The networks whose shown handle differs: what a verified profile's journalist.handle_changed events say. */
export const handleChangesOf = (stored: Partial<SocialProfiles>, proven: SocialProfiles): HandleChange[] =>
  SOCIAL_TYPES.filter((type) => (stored[type] ?? '') !== proven[type]).map((network) => ({
    network,
    handle: proven[network],
    previous: stored[network] ?? '',
  }));

/**
 * Re-renders the profiles after a change of their claims: each document's handles become those of its proven
 * network claims ("" where none), and every profile's answers are rendered again — the handles may be the same
 * while the evidence v2 shows is not. The document is the public, proven view: answers, exports and lookups read
 * it. On MongoDB the writes follow the claims' own: interrupted before them, a profile's answers may lag its claims
 * until its next change. A verified profile's changed handles are told by webhook (journalist.handle_changed),
 * written with the document.
 */
export function* showProvenHandles(
  unit: Pick<ClaimsUnitOfWrite, 'provenNetworkClaims' | 'shownHandlesOf' | 'showHandles' | 'answers'>,
  profileIds: Iterable<number>,
): Steps<void> {
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return;
  const proven = provenHandlesOf(ids, yield* step(unit.provenNetworkClaims(ids)));
  const shown = yield* step(unit.shownHandlesOf(ids));
  const changed = new Map<number, { handles: SocialProfiles; events: WebhookEvent[] }>();
  for (const [id, { handles: stored, slug, verified }] of shown) {
    const handles = proven.get(id)!;
    if (sameHandles(stored, handles)) continue;
    // Only a verified profile's subscribers are told (journalist.handle_changed).
    const events = verified ? handleChangedEvents(slug, handleChangesOf(stored, handles)) : [];
    changed.set(id, { handles, events });
  }
  if (changed.size) yield* step(unit.showHandles(changed));
  yield* rerenderAnswers(unit.answers, ids);
}
