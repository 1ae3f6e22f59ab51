import type { Publisher, Publishers } from '@byline/domain/publishers/publishers-repository';

/** What a verification decision did: recorded, nothing to record (already so), or the publisher is gone. */
export type VerificationChange = 'changed' | 'unchanged' | 'no-such-publisher';

/**
 * Verifies a publisher or withdraws its verification, with its history entry: an editor in the portal and the
 * operator on the command line alike. Verifying a verified publisher again would rewrite who verified it and when,
 * and withdrawing from one not verified would record a withdrawal of nothing: neither is recorded.
 */
export async function setPublisherVerified(
  publishers: Pick<Publishers, 'setVerified'>,
  publisher: Pick<Publisher, 'id' | 'verifiedAt'>,
  verified: boolean,
  actor: string,
  note: string,
  now: Date,
): Promise<VerificationChange> {
  if ((publisher.verifiedAt !== null) === verified) return 'unchanged';
  return (await publishers.setVerified(publisher.id, verified, actor, note, now)) ? 'changed' : 'no-such-publisher';
}
