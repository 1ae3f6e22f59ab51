import { repositoriesOf } from '@byline/shared/store';
import { type Affiliation } from '@byline/domain/staff/staff-repository';
import { type Publisher } from '@byline/domain/publishers/publishers-repository';
import type { PortalContext } from '../deps';
import type { MailMessage } from './mailer';

/** What the journalist did with an invitation or affiliation, as its inviter is told. */
export type JournalistAnswer = 'accepted' | 'declined' | 'ended';

const ANSWERS: Record<JournalistAnswer, string> = {
  accepted: 'accepted your invitation to the staff of',
  declined: 'declined your invitation to the staff of',
  ended: 'ended their affiliation with',
};

const link = (ctx: PortalContext, path: string) => new URL(path, ctx.publicUrls.portal).toString();

/** Only a person's address is mailed: an invitation the operator made names no one (OPERATOR_ACTOR). */
const looksLikeAddress = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

/**
 * Mail about staff, sent in the background through the outbox (nothing without SMTP_URL): the invitation to the
 * journalist (their sign-in address, or the address invited), and the answer back to whoever invited.
 */
export function staffMail(ctx: PortalContext) {
  const repositories = repositoriesOf(ctx.store);

  /** The journalist's address: the owner of the invited profile, or the address an invitation by email went to. */
  async function journalistAddress(affiliation: Affiliation): Promise<string | null> {
    if (affiliation.profileId !== null) return (await repositories.users.findByProfileId(affiliation.profileId))?.email ?? null;
    return affiliation.invitedEmail;
  }

  return {
    invited(publisher: Publisher, affiliation: Affiliation): void {
      ctx.outbox.post('staff invitation', async (): Promise<MailMessage | null> => {
        const to = await journalistAddress(affiliation);
        if (!to) return null;
        const how =
          affiliation.profileId === null
            ? `Sign in to Byline (or sign up) with this address, ${to}, to accept or decline it on your profile page:`
            : 'Accept or decline it on your profile page:';
        return {
          to,
          subject: `${publisher.name} invited you to its staff on Byline`,
          text: [
            `${publisher.name} invited you to its staff on Byline. Once you accept, your profile shows that you work for it, and article lookups list it.`,
            '',
            how,
            link(ctx, '/profile'),
            '',
          ].join('\n'),
        };
      });
    },

    /** The publisher ended an active affiliation: the journalist is told, with the reason. */
    endedByPublisher(publisher: Publisher, affiliation: Affiliation, reason: string): void {
      if (affiliation.state !== 'active') return;
      ctx.outbox.post('staff ended', async (): Promise<MailMessage | null> => {
        const to = await journalistAddress(affiliation);
        if (!to) return null;
        return {
          to,
          subject: `${publisher.name} ended your affiliation on Byline`,
          text: [
            `${publisher.name} ended your affiliation with it. It stays on your profile, marked ended.`,
            '',
            `The reason: ${reason}`,
            '',
            `Your profile: ${link(ctx, '/profile')}`,
            '',
          ].join('\n'),
        };
      });
    },

    /** The journalist answered or ended: whoever invited (the admin, by the address they invited with) is told. */
    answered(affiliation: Affiliation, answer: JournalistAnswer, who: string, reason = ''): void {
      if (!looksLikeAddress(affiliation.invitedBy)) return;
      ctx.outbox.post(`staff ${answer}`, async (): Promise<MailMessage | null> => {
        const publisher = await repositories.publishers.findById(affiliation.publisherId);
        if (!publisher) return null;
        return {
          to: affiliation.invitedBy,
          subject: `${who} ${ANSWERS[answer]} ${publisher.name}`,
          text: [
            `${who} ${ANSWERS[answer]} ${publisher.name} on Byline.`,
            ...(reason ? ['', `The reason: ${reason}`] : []),
            '',
            `The publisher's staff: ${link(ctx, `/publishers/${publisher.slug}`)}`,
            '',
          ].join('\n'),
        };
      });
    },
  };
}
