import type { ParsedMail } from 'mailparser';
import { quietLogger, type StoreFactory } from '@byline/test-support';
import type { PortalDeps } from '../../src/deps';
import { Outbox } from '../../src/mail/outbox';
import { smtpMailer } from '../../src/mail/smtp-mailer';
import { startMailbox, type Mailbox } from './mailbox';
import { startPortal, type Portal } from './portal-harness';

/**
 * PUBLIC_PORTAL_URL of a mailing portal: the links its mail carries. Plain http, as the tests' client speaks: with an
 * https address the signed-out pre-session's cookie is `__Host-` and Secure, which a client on http never sends back.
 */
export const MAIL_PORTAL_URL = 'http://portal.example.org';
const PUBLIC_URLS = {
  portal: MAIL_PORTAL_URL,
  articleVerifier: 'http://localhost:8080',
  journalistVerifier: 'http://localhost:8081',
};

export interface MailingPortal {
  portal: Portal;
  mailbox: Mailbox;
  outbox: Outbox;
  /** The mail sent to this address so far (once every mail posted has been sent or failed). */
  mailTo(email: string): Promise<ParsedMail[]>;
  /** Waits for the outbox, then closes the portal and the mailbox. */
  close(): Promise<void>;
}

/** A portal whose mail goes through SMTP to a real server on loopback (startMailbox), as main.ts sends it. */
export async function startMailingPortal(factory: StoreFactory, overrides: Partial<PortalDeps> = {}): Promise<MailingPortal> {
  const mailbox = await startMailbox();
  const outbox = new Outbox(smtpMailer({ url: mailbox.url, from: 'Byline <no-reply@example.org>' }), quietLogger());
  const portal = await startPortal(factory, { outbox, publicUrls: PUBLIC_URLS, ...overrides });
  return {
    portal,
    mailbox,
    outbox,
    mailTo: async (email) => {
      await outbox.settled();
      return (await mailbox.messages()).filter((mail) => mail.to && 'text' in mail.to && mail.to.text === email);
    },
    close: async () => {
      await outbox.settled();
      await portal.close();
      await mailbox.close();
    },
  };
}
