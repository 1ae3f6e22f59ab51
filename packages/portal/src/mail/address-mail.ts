import type { MailMessage } from './mailer';

/** The link that proves the address, to the address. */
export function confirmMail({ email, link }: { email: string; link: string }): MailMessage {
  return {
    to: email,
    subject: 'Confirm your email address for Byline',
    text: [
      'Someone, we hope you, signed up to Byline with this address.',
      '',
      'Open this link within 24 hours to confirm it; it asks for the password chosen at sign-up and works once:',
      '',
      link,
      '',
      'If you did not sign up, ignore this mail: without the password the link confirms nothing.',
      '',
    ].join('\n'),
  };
}

/**
 * To the owner of an address someone tried to sign up with: the sign-up page answered as for a new address (so it
 * tells nobody who has an account), and the owner learns of it here, with the ways in.
 */
export function signUpAttemptMail(email: string, portalUrl: string): MailMessage {
  return {
    to: email,
    subject: 'Someone tried to sign up to Byline with your address',
    text: [
      'Someone, perhaps you, tried to sign up to Byline with this address. It already has an account, so nothing changed.',
      '',
      `If it was you, sign in: ${portalUrl}/signin`,
      `Forgot your password? Choose a new one: ${portalUrl}/forgot-password`,
      '',
      'If it was not you, you need do nothing: your password stays as it is.',
      '',
    ].join('\n'),
  };
}
