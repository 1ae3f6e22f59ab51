import type { Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { recordProof } from '@byline/domain/claims/record-proof';
import { blueskyProfileEvidence } from '@byline/editorial/bluesky/bluesky-evidence';
import { savedJournalist } from '@byline/test-support';
import { madeThenForgotten, reopenablePerTest, reopenableStores } from '../store-contract/reopenable-store';

const STEP = '054-note-bluesky-verifications';
const DID = 'did:plc:abcdefghijklmnopqrstuvwx';

/**
 * Data step 054 on each store: a journalist verified with a proven Bluesky account before Byline published
 * verification records (no note of theirs stored) is re-rendered, and the re-render notes whom Byline's record must
 * name, for the worker to publish. The step is made to run again by forgetting it ran, then reopening.
 */
async function verifiedWithoutNote(store: Store) {
  const repositories = repositoriesOf(store);
  const profile = await savedJournalist(repositories, `bluesky-${Date.now()}`);
  const proof = await recordProof(repositories.claims, {
    profileId: profile.id,
    kind: 'bluesky',
    value: 'someone.test',
    key: DID,
    evidence: blueskyProfileEvidence('someone.test', DID, new Date(Date.now() + 3600_000)),
  });
  expect(proof.ok).toBe(true);
  await repositories.verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
  // As before the records: nothing noted.
  await repositories.blueskyVerifications.deleteAll({ profileId: profile.id });
  return { profileId: profile.id, name: `${profile.profile_first_name} ${profile.profile_last_name}`.trim() };
}

describe.each(reopenableStores())('data step 054 ($name store): Bluesky verifications noted', ({ make }) => {
  const target = reopenablePerTest(make);

  it('notes whom the record of a journalist verified before it must name', async () => {
    const { profileId, name } = await madeThenForgotten(target, STEP, verifiedWithoutNote);
    const doc = await repositoriesOf(target.open()).blueskyVerifications.first({ profileId });
    expect(doc).toMatchObject({ uri: null, change: expect.any(String) });
    expect(JSON.parse(doc!.subject!)).toEqual({ did: DID, handle: 'someone.test', name });
  });
});
