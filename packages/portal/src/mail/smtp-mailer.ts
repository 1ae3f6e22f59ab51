import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * Sends through the SMTP server of SMTP_URL (`smtp://user:password@host:587` upgrades with STARTTLS when the
 * server offers it; `smtps://…:465` is TLS from the start). The address holds the password: never log it.
 */
export function smtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}
