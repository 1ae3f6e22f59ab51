import type { Users } from '@byline/domain/users/users-repository';
import { ownerMail, type OwnerMail } from './owner-mail';
import type { OwnerNotifier } from './owner-notifier';

export interface MailingNotifierDeps {
  /** Whose profile it is: the mail goes to the owner's sign-in email; a profile nobody owns (imported) gets none. */
  users: Pick<Users, 'findByProfileId'>;
  /** PUBLIC_PORTAL_URL, for the link in each mail. */
  portalUrl: string;
  /**
   * Sends in the background what `compose` gives (nothing for null) and logs a failure: the portal's Outbox.post,
   * or the worker's. It returns at once, so a decision or check never waits for, or fails with, the mail server.
   */
  post(purpose: string, compose: () => Promise<OwnerMail | null>): void;
}

/** Tells owners by mail; built only where SMTP_URL is set (otherwise SILENT_NOTIFIER). */
export function mailingNotifier({ users, portalUrl, post }: MailingNotifierDeps): OwnerNotifier {
  return {
    notify(event) {
      post(`owner ${event.kind}`, async () => {
        const owner = await users.findByProfileId(event.profileId);
        return owner ? ownerMail(event, owner.email, portalUrl) : null;
      });
    },
  };
}
