import type { ParsedMail } from 'mailparser';
import { quietLogger, type StoreFactory } from '@byline/test-support';
import type { PortalDeps } from '../../src/deps';
import { Outbox } from '../../src/mail/outbox';
import { smtpMailer } from '../../src/mail/smtp-mailer';
import { startMailbox, type Mailbox } from './mailbox';
import { startPortal, type Portal } from './portal-harness';

/**
 * PUBLIC_PORTAL_URL of a mailing portal: the links its mail carries. Plain http, as the tests' agents speak it: an
 * https address puts the signed-out pre-session in a Secure `__Host-` cookie, which an agent on http never sends back
 * (presession-csrf.test.ts tests that case).
 */
export const MAIL_PORTAL_URL = 'http://portal.example.org';
const PUBLIC_URLS = {
  portal: MAIL_PORTAL_URL,
  articleVerifier: 'http://localhost:8080',
  journalistVerifier: 'http://localhost:8081',
};

/** The subject of the mail that carries an address's confirmation link. */
export const CONFIRM_SUBJECT = 'Confirm your email address for Byline';

export interface MailingPortal {
  portal: Portal;
  mailbox: Mailbox;
  outbox: Outbox;
  /**
   * The mail sent to this address so far (once every mail posted has been sent or failed), but the confirmation
   * links of sign-up (signedUp's own, on a portal with mail): those are `confirmationsTo`.
   */
  mailTo(email: string): Promise<ParsedMail[]>;
  confirmationsTo(email: string): Promise<ParsedMail[]>;
  /** Waits for the outbox, then closes the portal and the mailbox. */
  close(): Promise<void>;
}

/** A portal whose mail goes through SMTP to a real server on loopback (startMailbox), as main.ts sends it. */
export async function startMailingPortal(factory: StoreFactory, overrides: Partial<PortalDeps> = {}): Promise<MailingPortal> {
  const mailbox = await startMailbox();
  const outbox = new Outbox(smtpMailer({ url: mailbox.url, from: 'Byline <no-reply@example.org>' }), quietLogger());
  const portal = await startPortal(factory, { outbox, publicUrls: PUBLIC_URLS, ...overrides });
  const allTo = async (email: string) => {
    await outbox.settled();
    return (await mailbox.messages()).filter((mail) => mail.to && 'text' in mail.to && mail.to.text === email);
  };
  return {
    portal,
    mailbox,
    outbox,
    mailTo: async (email) => (await allTo(email)).filter((mail) => mail.subject !== CONFIRM_SUBJECT),
    confirmationsTo: async (email) => (await allTo(email)).filter((mail) => mail.subject === CONFIRM_SUBJECT),
    close: async () => {
      await outbox.settled();
      await portal.close();
      await mailbox.close();
    },
  };
}
