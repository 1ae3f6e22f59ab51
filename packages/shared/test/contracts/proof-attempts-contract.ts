import type { StoreFactory } from '@byline/test-support';
import { repositoriesOf } from '@byline/shared/store';
import type { Store } from '@byline/domain/store/store';
import type { ProofAttemptStore } from '@byline/domain/proofs/proof-attempts';

/** Network sign-ins in progress, kept on the leased queue (run for each database by packages/shared/test/contracts/proof-attempts.test.ts). */
export function proofAttemptsContract(factory: StoreFactory): void {
  let store: Store | undefined;
  beforeEach(async () => {
    store = await factory.create();
  });
  afterEach(() => repositoriesOf(store!).close());
  const attempts = (): ProofAttemptStore => repositoriesOf(store!).proofAttempts;

  const attempt = (stateHash: string, expiresAt: string) => ({
    stateHash,
    userId: 1,
    profileId: 1,
    network: 'twitter' as const,
    claimedValue: 'Typed',
    nonce: 'n',
    codeVerifier: 'v',
    createdAt: new Date().toISOString(),
    expiresAt,
  });

  it('are taken once; a replay is used, a late one expired, a stranger unknown', async () => {
    const soon = new Date(Date.now() + 600_000).toISOString();
    await attempts().createProofAttempt(attempt('h1', soon));
    await attempts().createProofAttempt(attempt('h2', new Date(Date.now() - 1000).toISOString()));
    expect(await attempts().takeProofAttempt('h1', new Date())).toMatchObject({
      status: 'taken',
      attempt: { codeVerifier: 'v', network: 'twitter' },
    });
    expect(await attempts().takeProofAttempt('h1', new Date())).toEqual({ status: 'used' });
    expect(await attempts().takeProofAttempt('h2', new Date())).toMatchObject({ status: 'expired' });
    expect(await attempts().takeProofAttempt('nope', new Date())).toEqual({ status: 'unknown' });
  });

  it('abandoned a day past their expiry are cleared as new ones start', async () => {
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    const anHourAgo = new Date(Date.now() - 3600_000).toISOString();
    await attempts().createProofAttempt(attempt('abandoned', twoDaysAgo));
    await attempts().createProofAttempt(attempt('recent', anHourAgo));
    await attempts().createProofAttempt(attempt('new', new Date(Date.now() + 600_000).toISOString()));
    expect(await attempts().takeProofAttempt('abandoned', new Date())).toEqual({ status: 'unknown' });
    expect(await attempts().takeProofAttempt('recent', new Date())).toMatchObject({ status: 'expired' });
  });
}
