import type { OwnerEvent } from './owner-notifier';

/** A plain-text mail to one person (the portal's and the worker's mailers send it). */
export interface OwnerMail {
  to: string;
  subject: string;
  text: string;
}

const DECISIONS = {
  verified: { subject: 'Your Byline profile is verified', line: 'An editor verified your profile.' },
  rejected: {
    subject: 'Your Byline verification request was declined',
    line: 'An editor declined your request for verification.',
  },
  unverified: { subject: 'Your Byline profile is no longer verified', line: 'Your profile’s verification was withdrawn.' },
} as const;

/** What happened, in the owner's words; the note an editor wrote is theirs to read. */
function subjectAndLines(event: OwnerEvent): { subject: string; lines: string[] } {
  const noted = (note: string) => (note ? ['', `The note: ${note}`] : []);
  switch (event.kind) {
    case 'decision':
      return { subject: DECISIONS[event.action].subject, lines: [DECISIONS[event.action].line, ...noted(event.note)] };
    case 'proof-lapsed':
      return {
        subject: 'A proof on your Byline profile stopped holding',
        lines: [`The proof of ${event.claim} stopped holding: ${event.note}`],
      };
    case 'claim-released':
      return {
        subject: 'A claim on your Byline profile was released',
        lines: [`Your claim of ${event.claim} was released: ${event.reason}`],
      };
    case 'identity-change':
      return {
        subject: event.approved ? 'Your Byline identity change was approved' : 'Your Byline identity change was declined',
        lines: [
          event.approved ? 'An editor approved the change you asked for.' : 'An editor declined the change you asked for.',
          ...noted(event.note),
        ],
      };
  }
}

/** The mail to the profile's owner about the event, with a link to their profile page on PUBLIC_PORTAL_URL. */
export function ownerMail(event: OwnerEvent, to: string, portalUrl: string): OwnerMail {
  const { subject, lines } = subjectAndLines(event);
  const profilePage = new URL('/profile', portalUrl).toString();
  return { to, subject, text: [...lines, '', `Your profile and its history: ${profilePage}`, ''].join('\n') };
}
