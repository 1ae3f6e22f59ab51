import type { Profile } from '@byline/domain/domain/types';
import { type StoreRepositories } from '@byline/shared/store';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { provenAddress } from '@byline/editorial/use-cases/address-proof';
import { type Affiliation } from '@byline/domain/staff/staff-repository';
import { type Publisher } from '@byline/domain/publishers/publishers-repository';
import { administers } from './publishers';

export const UNVERIFIED_PUBLISHER =
  'Only a verified publisher may invite staff: its invitation is a publisher vouching for a journalist. Ask a Byline editor to verify it first.';
export const OWN_STAFF_REFUSAL = 'You administer this publisher: it cannot vouch for your own profile.';
export const NO_PROFILE_YET = 'Create your journalist profile first: an accepted invitation is shown on your profile.';

/** Whom the admin typed: an email address, or the slug of a profile (as in its public address /j/SLUG). */
export type InviteeInput = { email: string } | { slug: string };

export type InviteOutcome =
  | { ok: true; affiliation: Affiliation; who: string }
  | { ok: false; reason: 'unverified' | 'unknown-profile' | 'own-profile' | 'already-open'; who: string };

/**
 * The admin invites a journalist. Only a verified publisher vouches; an admin may not vouch for their own profile
 * (separation of duties, as an editor may not decide on theirs); an open invitation or affiliation is not repeated.
 */
export async function inviteStaff(
  repositories: Pick<StoreRepositories, 'profiles' | 'staff' | 'users'>,
  user: PortalUser,
  publisher: Publisher,
  input: InviteeInput,
  now: Date,
): Promise<InviteOutcome> {
  const who = 'email' in input ? input.email : input.slug;
  if (publisher.verifiedAt === null) return { ok: false, reason: 'unverified', who };
  let invitee: { profileId: number } | { email: string };
  if ('slug' in input) {
    const profile = await repositories.profiles.findBySlug(input.slug);
    if (!profile) return { ok: false, reason: 'unknown-profile', who };
    if (profile.id === user.profileId) return { ok: false, reason: 'own-profile', who };
    invitee = { profileId: profile.id };
  } else {
    if (input.email.toLowerCase() === user.email.toLowerCase()) return { ok: false, reason: 'own-profile', who };
    invitee = { email: input.email };
  }
  const affiliation = await repositories.staff.invite(publisher.id, invitee, user.email, now);
  return affiliation ? { ok: true, affiliation, who } : { ok: false, reason: 'already-open', who };
}

/** An affiliation with the profile and publisher it joins, as pages show it. */
export interface StaffRow {
  affiliation: Affiliation;
  profile: Profile | null;
  publisher: Publisher | null;
}

/** Each affiliation with its profile and publisher (read once each). */
export async function staffRows(
  repositories: Pick<StoreRepositories, 'profiles' | 'publishers'>,
  affiliations: Affiliation[],
): Promise<StaffRow[]> {
  const profiles = new Map<number, Promise<Profile | null>>();
  const publishers = new Map<number, Promise<Publisher | null>>();
  return Promise.all(
    affiliations.map(async (affiliation) => {
      const { profileId, publisherId } = affiliation;
      if (profileId !== null && !profiles.has(profileId)) profiles.set(profileId, repositories.profiles.findById(profileId));
      if (!publishers.has(publisherId)) publishers.set(publisherId, repositories.publishers.findById(publisherId));
      return {
        affiliation,
        profile: profileId === null ? null : await profiles.get(profileId)!,
        publisher: await publishers.get(publisherId)!,
      };
    }),
  );
}

export const isOpen = (affiliation: Affiliation) => affiliation.state === 'invited' || affiliation.state === 'active';

/**
 * An open invitation for the signed-in person: to their profile, or to their sign-in address once they proved it
 * (anyone can sign up with an address; the invitation is for whoever reads its mail).
 */
export function isInvitationFor(user: PortalUser, affiliation: Affiliation): boolean {
  if (affiliation.state !== 'invited') return false;
  if (affiliation.profileId !== null) return affiliation.profileId === user.profileId;
  const address = provenAddress(user);
  return address !== null && affiliation.invitedEmail === address.toLowerCase();
}

/** The person's open invitations: to their profile, and to their address once proven (see isInvitationFor). */
export async function invitationsOf(repositories: Pick<StoreRepositories, 'staff'>, user: PortalUser): Promise<Affiliation[]> {
  const found = await repositories.staff.invitationsFor({ profileId: user.profileId, email: user.email });
  return found.filter((affiliation) => isInvitationFor(user, affiliation));
}

export type AnswerOutcome =
  { ok: true; affiliation: Affiliation } | { ok: false; reason: 'not-yours' | 'no-profile' | 'own-publisher' | 'closed' };

/**
 * The journalist accepts an invitation: bound to their own profile only. One meant for someone else is "not
 * yours" (the page says there is no such invitation); the publisher's own admin may not accept its vouching.
 */
export async function acceptInvitation(
  repositories: Pick<StoreRepositories, 'staff' | 'publishers'>,
  user: PortalUser,
  id: number,
  now: Date,
): Promise<AnswerOutcome> {
  const affiliation = await repositories.staff.findById(id);
  if (!affiliation || !isInvitationFor(user, affiliation)) return { ok: false, reason: 'not-yours' };
  if (user.profileId === null) return { ok: false, reason: 'no-profile' };
  const publisher = await repositories.publishers.findById(affiliation.publisherId);
  if (publisher && administers(user, publisher)) return { ok: false, reason: 'own-publisher' };
  const accepted = await repositories.staff.accept(id, user.profileId, now);
  return accepted ? { ok: true, affiliation: accepted } : { ok: false, reason: 'closed' };
}
