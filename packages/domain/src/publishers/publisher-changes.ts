import { rerenderAnswers } from '../answers/rerender-answers';
import { takeOutOfService } from '../answers/take-out-of-service';
import {
  domainNoLongerProven,
  endVouchingSteps,
  publisherUnverified,
  type EndingVouching,
  type VouchingPublisher,
} from '../articles/end-vouched-articles';
import { step, type Steps } from '../store/steps';
import { publisherVerificationEvent } from '../webhook-events/webhook-event';
import { checkedDomain } from './domain-check-state';
import type { DomainCheck, EventEntry, Publisher, PublisherDomain } from './publishers-repository';
import type { PublisherFields, PublishersUnitOfWrite } from './publishers-unit';

/**
 * The publishers' changes and what each sets off, written once for both databases (see database/steps.ts): every
 * change writes its history entry; a withdrawn verification, a lapsed domain and a removed domain end the credits by
 * name that rested on them (endVouchingSteps); and every change re-renders the answers that show it.
 *
 * Order (MongoDB, where each is a separate write): a verification writes its history entry first and then the flag,
 * so nothing answers on the publisher's word without the entry that says why. An unverification, a lapse and a
 * removal take the answers showing what goes out of service, end what it held up, make the change (the publisher
 * stops answering at once), record it, and end what it held up once more (a proof the worker wrote meanwhile);
 * interrupted, the vouching still holds and nothing answers on it, and repeating the change finishes the work. The
 * re-render comes last. On SQLite all of it is one transaction.
 */

/** An editor's (or the operator's) decision on the publisher's verification. False when there is no such publisher. */
export function* setVerifiedSteps(
  unit: PublishersUnitOfWrite,
  publisherId: number,
  decision: { verified: boolean; actor: string; note: string },
  at: string,
): Steps<boolean> {
  const { verified, actor, note } = decision;
  const before = yield* step(unit.publisher(publisherId));
  if (!before) return false;
  const changes = (before.verifiedAt !== null) !== verified;
  const entry: EventEntry = { actor, action: verified ? 'verified' : 'unverified', note };
  const fields: PublisherFields = { verifiedAt: verified ? at : null, verifiedBy: verified ? actor : null };
  const event = changes ? publisherVerificationEvent(before.slug, verified, new Date(at)) : null;
  const owners = new Set<number>();
  if (verified) {
    yield* step(unit.appendEvent(publisherId, entry, at));
    yield* step(unit.writePublisher(publisherId, fields, at, event));
  } else {
    // Verifying it again later restores none of what ends here: the worker attributes each page again when asked.
    const ending = (publisher: VouchingPublisher) => publisherUnverified(publisher, actor, at);
    yield* outOfServiceWithStaff(unit, publisherId);
    if (changes) yield* endVouching(unit, publisherId, ending, at, owners);
    yield* step(unit.writePublisher(publisherId, fields, at, event));
    yield* step(unit.appendEvent(publisherId, entry, at));
    if (changes) yield* endVouching(unit, publisherId, ending, at, owners);
  }
  yield* rerender(unit, publisherId, { staff: true, also: owners });
  return true;
}

/**
 * A check of a domain's proof (checkedDomain moves its state), with `event` as its history entry. False when the
 * publisher has no such domain, or when another publisher holds the domain proven (nothing written).
 */
export function* recordCheckSteps(
  unit: PublishersUnitOfWrite,
  publisherId: number,
  domain: string,
  check: DomainCheck,
  event: EventEntry | null,
): Steps<boolean> {
  const before = yield* step(unit.domain(publisherId, domain));
  if (!before) return false;
  const next = checkedDomain(before, check);
  const wasProven = before.state === 'proven';
  const lapses = wasProven && next.state !== 'proven';
  const ending = (publisher: VouchingPublisher, stillProven: string[]) =>
    domainNoLongerProven(publisher, { domain, how: 'lapsed', stillProven }, event?.actor ?? null, check.at);
  const owners = new Set<number>();
  if (lapses) {
    yield* outOfServiceWithStaff(unit, publisherId);
    yield* endDomainVouching(unit, publisherId, domain, ending, check.at, owners);
  }
  if (!(yield* step(unit.writeDomain(publisherId, domain, next, before.state)))) {
    // Refused or moved meanwhile: what was taken out of service for the lapse is rendered again from what is stored.
    if (lapses) yield* rerender(unit, publisherId, { staff: true, also: owners });
    return false;
  }
  if (lapses) yield* endDomainVouching(unit, publisherId, domain, ending, check.at, owners);
  if (event) yield* step(unit.appendEvent(publisherId, event, check.at));
  // The staff's affiliations name the first proven domain: theirs too when the domain is proven or no longer is.
  yield* rerender(unit, publisherId, { staff: wasProven !== (next.state === 'proven'), also: owners });
  return true;
}

/** Takes the domain off the publisher (proven or not), with its history entry; false when it had none. */
export function* removeDomainSteps(
  unit: PublishersUnitOfWrite,
  publisherId: number,
  domain: string,
  actor: string,
  at: string,
): Steps<boolean> {
  const before = yield* step(unit.domain(publisherId, domain));
  if (!before) return false;
  const wasProven = before.state === 'proven';
  const ending = (publisher: VouchingPublisher, stillProven: string[]) =>
    domainNoLongerProven(publisher, { domain, how: 'removed', stillProven }, actor, at);
  const owners = new Set<number>();
  yield* outOfServiceWithStaff(unit, publisherId);
  if (wasProven) yield* endDomainVouching(unit, publisherId, domain, ending, at, owners);
  if (!(yield* step(unit.deleteDomain(publisherId, domain)))) return false;
  if (wasProven) yield* endDomainVouching(unit, publisherId, domain, ending, at, owners);
  yield* step(unit.appendEvent(publisherId, { actor, action: 'domain-removed', note: domain }, at));
  yield* rerender(unit, publisherId, { staff: true, also: owners });
  return true;
}

/** A domain to prove, pending, with its token and history entry. Null when the publisher already has it. */
export function* addDomainSteps(
  unit: PublishersUnitOfWrite,
  publisherId: number,
  added: { domain: string; token: string; actor: string },
  at: string,
): Steps<PublisherDomain | null> {
  const { domain, token, actor } = added;
  if (!(yield* step(unit.insertDomain(publisherId, domain, token, at)))) return null;
  yield* step(unit.appendEvent(publisherId, { actor, action: 'domain-added', note: domain }, at));
  yield* rerender(unit, publisherId, { staff: false });
  return yield* step(unit.domain(publisherId, domain));
}

/** Name, logo and the attribution switch. The staff's evidence names the publisher: theirs too when the name changes. */
export function* updatePublisherSteps(
  unit: PublishersUnitOfWrite,
  publisherId: number,
  fields: Partial<Pick<Publisher, 'name' | 'logoUrl' | 'attribution'>>,
  at: string,
): Steps<Publisher | null> {
  const wanted: PublisherFields = {};
  if (fields.name !== undefined) wanted.name = fields.name;
  if (fields.logoUrl !== undefined) wanted.logoUrl = fields.logoUrl;
  if (fields.attribution !== undefined) wanted.attribution = fields.attribution;
  if (!(yield* step(unit.writePublisher(publisherId, wanted, at, null)))) return null;
  yield* rerender(unit, publisherId, { staff: fields.name !== undefined });
  return yield* step(unit.publisher(publisherId));
}

/** The latest reading of its trust.txt (null forgets it); no history entry: see Publishers.setTrust. */
export function* setTrustSteps(
  unit: PublishersUnitOfWrite,
  publisherId: number,
  trust: Publisher['trust'],
  at: string,
): Steps<boolean> {
  if (!(yield* step(unit.writePublisher(publisherId, { trust }, at, null)))) return false;
  yield* rerender(unit, publisherId, { staff: false }); // domain_info shows its confirmed memberships
  return true;
}

/**
 * Before a change that takes away what they show (or the publisher's removal): the publisher's domains' answers and
 * its active staff's taken out of service.
 */
export function* outOfServiceWithStaff(
  unit: Pick<PublishersUnitOfWrite, 'staffOf' | 'answers'>,
  publisherId: number,
): Steps<void> {
  yield* takeOutOfService(unit.answers, yield* step(unit.staffOf(publisherId, 'active')), [publisherId]);
}

/**
 * Ends the credits by name resting on the publisher's vouching that `ending` selects (see endVouchingSteps): every
 * profile it ever had on its staff may hold one. Their owners are added to `owners`, to be re-rendered.
 */
function* endVouching(
  unit: PublishersUnitOfWrite,
  publisherId: number,
  ending: (publisher: VouchingPublisher) => EndingVouching,
  at: string,
  owners: Set<number>,
): Steps<void> {
  const publisher = yield* step(unit.publisher(publisherId));
  const profileIds = yield* step(unit.staffOf(publisherId, 'ever'));
  const vouching = ending({ publisherId, publisherName: publisher?.name ?? 'the publisher', profileIds });
  const ended = yield* endVouchingSteps(unit.articles, vouching, at);
  for (const profileId of ended.profileIds) owners.add(profileId);
}

/** endVouching for a domain no longer proven: the publisher's other domains proven when it runs still hold theirs. */
function* endDomainVouching(
  unit: PublishersUnitOfWrite,
  publisherId: number,
  domain: string,
  ending: (publisher: VouchingPublisher, stillProven: string[]) => EndingVouching,
  at: string,
  owners: Set<number>,
): Steps<void> {
  const stillProven = (yield* step(unit.provenDomainsOf(publisherId))).filter((each) => each !== domain);
  yield* endVouching(unit, publisherId, (publisher) => ending(publisher, stillProven), at, owners);
}

/**
 * Re-renders the answers of the publisher's domains, and of its active staff when `staff` (their evidence names the
 * publisher and its first proven domain, and shows the affiliation only while the publisher is verified), and of the
 * profiles `also` names (whose articles stopped counting).
 */
function* rerender(
  unit: PublishersUnitOfWrite,
  publisherId: number,
  { staff, also = new Set() }: { staff: boolean; also?: Set<number> },
): Steps<void> {
  const active = staff ? yield* step(unit.staffOf(publisherId, 'active')) : [];
  yield* rerenderAnswers(unit.answers, [...active, ...also], [publisherId]);
}
