import nodemailer from 'nodemailer';
import type { Logger } from '@byline/domain/logging/logger';
import { mailingNotifier } from '@byline/editorial/notify/mailing-notifier';
import { SILENT_NOTIFIER, type OwnerNotifier } from '@byline/editorial/notify/owner-notifier';
import { type OwnerMail } from '@byline/editorial/notify/owner-mail';
import { type Users } from '@byline/domain/users/users-repository';

/**
 * The worker's mail to profiles' owners (a proof that lapsed), through the SMTP server of SMTP_URL as the portal's;
 * without SMTP_URL nobody is mailed. Each mail is sent in the background and a failure logged: a lapse is recorded
 * whether or not its mail goes. SMTP_URL holds a password: never logged.
 */
export function workerNotifier(
  smtp: { url: string; from: string } | null,
  deps: { users: Pick<Users, 'findByProfileId'>; portalUrl: string; logger: Logger },
): OwnerNotifier {
  if (!smtp) return SILENT_NOTIFIER;
  const transport = nodemailer.createTransport({
    url: smtp.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const post = (purpose: string, compose: () => Promise<OwnerMail | null>) => {
    void (async () => {
      const mail = await compose();
      if (mail) await transport.sendMail({ from: smtp.from, ...mail });
    })().catch((error: unknown) => deps.logger.error('mail not sent', { purpose, error: (error as Error).message }));
  };
  return mailingNotifier({ users: deps.users, portalUrl: deps.portalUrl, post });
}
