import type { Documents } from '@byline/domain/documents/documents';
import type { ClaimDocument } from '@byline/domain/claims/claim-documents';
import { recordProof } from '@byline/domain/claims/record-proof';
import { MongoDocuments } from '@byline/store-mongodb/documents/mongo-documents';
import { CLAIMS_COLLECTION } from '@byline/store-mongodb/claims/mongo-claim-collections';
import { SqliteDocuments } from '@byline/store-sqlite/documents/sqlite-documents';
import { CLAIMS_TABLE } from '@byline/store-sqlite/claims/sqlite-claim-tables';
import { freshRepositoriesPerTest, profileFields, signedInAs, storeFactories } from '@byline/test-support';
import { openedDatabase } from '../../src/store/opened-database';

const NOW = new Date('2030-01-01T00:00:00.000Z');

/*
 * The proof a re-check takes, read over each database's claims, proofs and profiles documents: the live proof with
 * its claim and its profile's slug; and where a release stopped before it ended the claim's proofs (MongoDB, with no
 * transactions, can be left so), the proof is ended here with the release's reason and none is taken.
 */
describe.each(storeFactories())('the proof a re-check takes ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);

  /** The claims as stored, to leave one released with its proof still live. */
  const claimDocuments = (): Documents<ClaimDocument, Omit<ClaimDocument, 'id'>> => {
    const database = openedDatabase(repositories().store.database);
    return database.kind === 'embedded'
      ? new SqliteDocuments(database.sqlite, CLAIMS_TABLE)
      : new MongoDocuments(database.mongo, CLAIMS_COLLECTION);
  };

  async function provenProof() {
    const { users, profiles, claims } = repositories();
    const user = await users.create({ email: 'check@example.org', passwordHash: 'x', role: 'journalist' }, NOW);
    const profile = await profiles.save(user.id, profileFields(), 'aoife-check');
    const proven = await recordProof(claims, {
      profileId: profile.id,
      kind: 'twitter',
      value: 'AoifeCheck',
      evidence: signedInAs('AoifeCheck'),
    });
    if (!proven.ok) throw new Error('not proven');
    return { profile, claim: proven.claim, evidenceId: proven.claim.evidence[0]!.id };
  }

  it('is the live proof, with its claim and its profile’s slug', async () => {
    const { claim, evidenceId } = await provenProof();
    expect(await repositories().recheckRecords.proofToCheck(evidenceId, NOW)).toMatchObject({
      evidence: { id: evidenceId, endedAt: null },
      claim: { id: claim.id, state: 'proven' },
      profileSlug: 'aoife-check',
    });
  });

  it('ends the live proof of a released claim with the release’s reason, and takes none', async () => {
    const { profile, claim, evidenceId } = await provenProof();
    const released = { releasedAt: NOW.toISOString(), releasedReason: 'Released by a test', live: null };
    expect(await claimDocuments().updateAll({ id: claim.id }, released)).toBe(1);

    expect(await repositories().recheckRecords.proofToCheck(evidenceId, NOW)).toBeNull();
    const [after] = await repositories().claims.claimsOf(profile.id);
    expect(after!.evidence[0]).toMatchObject({ endedAt: NOW.toISOString(), endedReason: 'Released by a test' });
  });
});
