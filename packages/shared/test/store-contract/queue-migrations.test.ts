import { repositoriesOf } from '@byline/shared/store';
import { rechecksOf } from '@byline/editorial/recheck/rechecks';
import { relMeEvidence } from '@byline/editorial/proofs/rel-me-check';
import { RECHECK_TOPIC } from '@byline/domain/recheck/recheck-records';
import { recordProof } from '@byline/domain/claims/record-proof';
import { setClaims } from '@byline/domain/claims/set-claims';
import { profileFields } from '@byline/test-support';
import { andThen, forgetting, reopenablePerTest, reopenableStores, type Rewind } from './reopenable-store';

/** A sign-in in progress as kept before the queue. */
interface OldAttempt {
  stateHash: string;
  usedAt: string | null;
  expiresAt: string;
}

/** As before the queue held re-checks: no re-check items, migration 021 not run. */
const rechecksBeforeTheQueue = andThen(
  {
    sqlite: (db) => db.exec(`DELETE FROM queue_items WHERE topic = '${RECHECK_TOPIC}'`),
    mongodb: async (db) => {
      await db.collection('queue_items').deleteMany({ topic: RECHECK_TOPIC });
    },
  },
  forgetting('021-rechecks-on-queue'),
);

/** Sign-ins in progress where they were kept before the queue, migration 022 not run. */
const attemptsBeforeTheQueue = (attempts: OldAttempt[]): Rewind =>
  andThen(
    {
      sqlite: (db) => {
        const insert = db.prepare(
          `INSERT INTO proof_attempts (state_hash, user_id, profile_id, network, claimed_value, nonce, code_verifier,
             created_at, expires_at, used_at) VALUES (?, 7, 8, 'twitter', 'Typed', 'n', 'v', ?, ?, ?)`,
        );
        for (const { stateHash, usedAt, expiresAt } of attempts) insert.run(stateHash, expiresAt, expiresAt, usedAt);
      },
      mongodb: async (db) => {
        await db.collection('proof_attempts').insertMany(
          attempts.map(({ stateHash, usedAt, expiresAt }) => ({
            _id: stateHash as never,
            user_id: 7,
            profile_id: 8,
            network: 'twitter',
            claimed_value: 'Typed',
            nonce: 'n',
            code_verifier: 'v',
            created_at: expiresAt,
            expires_at: expiresAt,
            used_at: usedAt,
          })),
        );
      },
    },
    forgetting('022-proof-attempts-on-queue'),
  );

describe.each(reopenableStores())('migrations onto the leased queue ($name store)', ({ make }) => {
  const reopenable = reopenablePerTest(make);

  it('migration 021: every live re-checked proof gets its queue item, due at its next check; ended ones get none', async () => {
    const store = reopenable.open();
    const portal = repositoriesOf(store);
    const { claims, users } = portal;
    const due = new Date(Date.now() + 3_600_000);
    const proofs: { evidenceId: number; profileId: number }[] = [];
    for (const name of ['kept', 'removed']) {
      const user = await users.create({ email: `${name}@example.org`, passwordHash: 'x', role: 'journalist' }, new Date());
      const profile = await portal.profiles.save(user.id, profileFields(), `migrated-${name}`);
      const site = `https://${name}.example/`;
      await setClaims(claims, profile.id, { website: [site] });
      const proof = await recordProof(claims, {
        profileId: profile.id,
        kind: 'website',
        value: site,
        evidence: relMeEvidence(site, due),
      });
      if (!proof.ok) throw new Error('not proven');
      proofs.push({ evidenceId: proof.claim.evidence[0]!.id, profileId: profile.id });
    }
    await setClaims(claims, proofs[1]!.profileId, { website: [] });
    await repositoriesOf(store).close();

    await reopenable.rewind(rechecksBeforeTheQueue);
    const reopened = reopenable.open();
    const { queue } = repositoriesOf(reopened);
    expect(await queue.find(RECHECK_TOPIC, String(proofs[0]!.evidenceId))).toMatchObject({
      dueAt: due.toISOString(),
      holder: null,
      settledAt: null,
    });
    expect(await queue.find(RECHECK_TOPIC, String(proofs[1]!.evidenceId))).toBeNull();
    // And the re-checks take it when due.
    const taken = await rechecksOf(repositoriesOf(reopened)).takeDueChecks({
      now: new Date(due.getTime() + 1000),
      holder: 'after the upgrade',
      leaseMs: 60_000,
      limit: 10,
    });
    expect(taken.map((check) => check.evidence.id)).toEqual([proofs[0]!.evidenceId]);
  });

  it('migration 022: sign-ins in progress move onto the queue, used ones still used', async () => {
    await repositoriesOf(reopenable.open()).close();
    const soon = new Date(Date.now() + 600_000).toISOString();
    await reopenable.rewind(
      attemptsBeforeTheQueue([
        { stateHash: 'open', usedAt: null, expiresAt: soon },
        { stateHash: 'used', usedAt: new Date().toISOString(), expiresAt: soon },
      ]),
    );
    const { proofAttempts } = repositoriesOf(reopenable.open());
    expect(await proofAttempts.takeProofAttempt('open', new Date())).toEqual({
      status: 'taken',
      attempt: {
        stateHash: 'open',
        userId: 7,
        profileId: 8,
        network: 'twitter',
        claimedValue: 'Typed',
        nonce: 'n',
        codeVerifier: 'v',
        createdAt: soon,
        expiresAt: soon,
      },
    });
    expect(await proofAttempts.takeProofAttempt('used', new Date())).toEqual({ status: 'used' });
    expect(await proofAttempts.takeProofAttempt('open', new Date())).toEqual({ status: 'used' });
  });
});
