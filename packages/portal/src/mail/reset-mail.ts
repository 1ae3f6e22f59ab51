import type { ResetLink } from '@byline/editorial/use-cases/password-reset';
import type { MailMessage } from './mailer';

export function resetMail({ email, link }: ResetLink): MailMessage {
  return {
    to: email,
    subject: 'Choose a new Byline password',
    text: [
      'Someone, we hope you, asked to choose a new password for your Byline account.',
      '',
      'Open this link within an hour to choose it; it works once:',
      '',
      link,
      '',
      'If you did not ask, ignore this mail: your password stays as it is.',
      '',
    ].join('\n'),
  };
}
