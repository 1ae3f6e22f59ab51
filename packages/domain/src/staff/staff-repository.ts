/**
 * Staff: a publisher vouching for the journalists who work for it. Its admin invites a journalist (by profile, or by
 * email for someone who has no profile yet); the journalist accepts, and the affiliation is evidence of kind
 * `publisher-affiliation` (which publisher, since when). Either side may end it; an ended affiliation is kept, marked
 * ended, so the history of who vouched for whom stays visible.
 */

/** `invited` until the journalist answers; `active` once accepted; `declined` or `ended` for good. */
export type AffiliationState = 'invited' | 'active' | 'declined' | 'ended';

export interface Affiliation {
  id: number;
  publisherId: number;
  /** The journalist's profile: set by an invitation by profile, or on acceptance of one by email. */
  profileId: number | null;
  /** The address an invitation by email went to (lower case); null for one by profile. */
  invitedEmail: string | null;
  state: AffiliationState;
  invitedBy: string;
  invitedAt: string;
  /** When the journalist accepted: the evidence's "since". */
  acceptedAt: string | null;
  /** When it was declined or ended, by whom, and why. */
  endedAt: string | null;
  endedBy: string | null;
  endedReason: string | null;
}

/** Whom an invitation is for: a profile, or an email address. */
export type Invitee = { profileId: number } | { email: string };

export interface Staff {
  /**
   * Invites a journalist. Null when the publisher already has an open (invited or active) affiliation with the same
   * profile or address: an invitation is never sent twice.
   */
  invite(publisherId: number, invitee: Invitee, actor: string, at: Date): Promise<Affiliation | null>;
  findById(id: number): Promise<Affiliation | null>;
  /** The open invitations for a person: those to their profile and those to their email address. */
  invitationsFor(person: { profileId: number | null; email: string }): Promise<Affiliation[]>;
  /**
   * The journalist accepts an invitation for `profileId` (to that profile, or to an address, which binds it): it
   * becomes active. Null when it is not an open invitation, or the profile is already active staff of the publisher.
   */
  accept(id: number, profileId: number, at: Date): Promise<Affiliation | null>;
  /** The journalist declines an open invitation; false when there is none. */
  decline(id: number, actor: string, at: Date): Promise<boolean>;
  /** Either side ends an invitation or an active affiliation; kept, marked ended. False when not open. */
  end(id: number, actor: string, reason: string, at: Date): Promise<boolean>;
  /**
   * Deletes the invitations sent to this address that no profile took up (those taken up go with their profile's
   * erasure): the person is leaving, and the address is theirs. How many.
   */
  eraseInvitationsTo(email: string): Promise<number>;
  /** Every affiliation of a publisher, newest first. */
  ofPublisher(publisherId: number): Promise<Affiliation[]>;
  /** Every affiliation of a profile, newest first. */
  ofProfile(profileId: number): Promise<Affiliation[]>;
}
