import { UniqueTakenError, type Documents, type DocumentSteps } from '../documents/documents';
import { unlessTaken } from '../documents/unless-taken';
import { mapStep, type Step, type Steps } from '../store/steps';
import type { Publisher } from '../publishers/publishers-repository';
import type { Affiliation, Invitee } from './staff-repository';
import type { StaffStore } from './staff-store';
import type { Closing, StaffUnitOfWrite } from './staff-unit';
import {
  asAffiliation,
  openEmailKey,
  openProfileKey,
  type AffiliationDocument,
  type NewAffiliationDocument,
  type StaffStoredUnit,
  type StoredStaff,
} from './staff-documents';

/** An affiliation's fields once closed: no longer open, so its open keys go. */
const closed = ({ to, actor, reason, at }: Closing): Partial<NewAffiliationDocument> => ({
  state: to,
  endedAt: at,
  endedBy: actor,
  endedReason: reason,
  openProfile: null,
  openEmail: null,
});

const newestFirst = (affiliations: AffiliationDocument[]): Affiliation[] =>
  affiliations.sort((a, b) => b.id - a.id).map(asAffiliation);

/**
 * Staff written once over the generic document port: invitations, their answers and ends (the rules themselves are
 * staff-changes.ts's). Each write is one document, conditional on the state it changes from; the store's unique
 * indexes keep one open affiliation per person and publisher; the publisher's name is read from its document. The
 * other resources' parts of a change (the credits an end ends, the answers re-rendered) are the database's own
 * (StoredStaff), in the same unit of write.
 */
export class DocumentStaff implements StaffStore {
  constructor(
    private readonly affiliations: Documents<AffiliationDocument, NewAffiliationDocument>,
    private readonly publishers: Documents<Publisher>,
    private readonly stored: StoredStaff,
  ) {}

  /** Null when the store's unique indexes refuse it: the person has an open affiliation with the publisher. */
  async invite(publisherId: number, invitee: Invitee, actor: string, at: Date): Promise<Affiliation | null> {
    const profileId = 'profileId' in invitee ? invitee.profileId : null;
    const email = 'email' in invitee ? invitee.email.toLowerCase() : null;
    try {
      const invited = await this.affiliations.insert({
        publisherId,
        profileId,
        invitedEmail: email,
        state: 'invited',
        invitedBy: actor,
        invitedAt: at.toISOString(),
        acceptedAt: null,
        endedAt: null,
        endedBy: null,
        endedReason: null,
        openProfile: profileId === null ? null : openProfileKey(publisherId, profileId),
        openEmail: email === null ? null : openEmailKey(publisherId, email),
      });
      return asAffiliation(invited);
    } catch (error) {
      if (error instanceof UniqueTakenError) return null;
      throw error;
    }
  }

  async findById(id: number): Promise<Affiliation | null> {
    const found = await this.affiliations.first({ id });
    return found && asAffiliation(found);
  }

  async invitationsFor({ profileId, email }: { profileId: number | null; email: string }): Promise<Affiliation[]> {
    const toEmail = await this.affiliations.all({ state: 'invited', invitedEmail: email.toLowerCase() });
    const toProfile = profileId === null ? [] : await this.affiliations.all({ state: 'invited', profileId });
    const byId = new Map([...toEmail, ...toProfile].map((affiliation) => [affiliation.id, affiliation]));
    return newestFirst([...byId.values()]);
  }

  inOneWrite<T>(steps: (unit: StaffUnitOfWrite) => Steps<T>): Promise<T> {
    const own = affiliationsUnit(this.affiliations.steps, this.publishers.steps);
    return this.stored.inOneWrite((stored) => steps({ ...own, ...stored }));
  }

  eraseInvitationsTo(email: string): Promise<number> {
    return this.affiliations.deleteAll({ invitedEmail: email.toLowerCase(), profileId: null });
  }

  async ofPublisher(publisherId: number): Promise<Affiliation[]> {
    return (await this.affiliations.all({ publisherId }, { newestFirst: true })).map(asAffiliation);
  }

  async ofProfile(profileId: number): Promise<Affiliation[]> {
    return (await this.affiliations.all({ profileId }, { newestFirst: true })).map(asAffiliation);
  }
}

type AffiliationSteps = DocumentSteps<AffiliationDocument, NewAffiliationDocument>;

/** The staff's own part of its unit of write: each a read, or a write conditional on the state it changes from. */
function affiliationsUnit(
  affiliations: AffiliationSteps,
  publishers: DocumentSteps<Publisher>,
): Omit<StaffUnitOfWrite, keyof StaffStoredUnit> {
  /** Closes the invitations `where` names, one conditional write each, until none is left. */
  const closeAll = (where: Parameters<AffiliationSteps['updateFirst']>[0], closing: Closing): Step<void> =>
    mapStep(affiliations.updateFirst(where, closed(closing)), (before) => (before ? closeAll(where, closing) : undefined));
  return {
    publisherName: (publisherId) => mapStep(publishers.first({ id: publisherId }), (found) => found?.name ?? null),
    affiliation: (id) => mapStep(affiliations.first({ id }), (found) => found && asAffiliation(found)),
    isActiveStaff: (publisherId, profileId) =>
      mapStep(affiliations.first({ publisherId, profileId, state: 'active' }), (found) => found !== null),
    closeInvitationsOf: (publisherId, profileId, exceptId, closing) =>
      closeAll({ publisherId, profileId, state: 'invited', id: { ne: exceptId } }, closing),
    markAccepted: (id, profileId, at) =>
      mapStep(affiliations.first({ id }), (invitation) => {
        if (!invitation) return false;
        const accepted = { state: 'active' as const, profileId, acceptedAt: at };
        const open = { openProfile: openProfileKey(invitation.publisherId, profileId) };
        // The store's unique index refuses a second open affiliation of the person with the publisher.
        const accept = () => mapStep(affiliations.updateFirst({ id, state: 'invited' }, { ...accepted, ...open }), Boolean);
        return unlessTaken(accept, () => false);
      }),
    close: (id, from, closing) =>
      mapStep(affiliations.first({ id }), (before) => {
        if (!before || !from.includes(before.state)) return null;
        return mapStep(
          affiliations.updateFirst({ id, state: before.state }, closed(closing)),
          (was) => was && asAffiliation(was),
        );
      }),
  };
}
