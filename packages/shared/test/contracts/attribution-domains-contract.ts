import { freshRepositoriesPerTest, profileFields, type StoreFactory } from '@byline/test-support';
import { CONTRACT_NOW } from './users-contract';

let made = 0;

/**
 * The promises of the AttributionDomains port, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/attribution-domains.test.ts.
 */
export function attributionDomainsContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);

  async function newProfileId(): Promise<number> {
    const user = await repositories().users.create(
      {
        email: `d${++made}-${Date.now()}@example.org`,
        passwordHash: 'x',
        role: 'journalist',
      },
      CONTRACT_NOW,
    );
    return (await repositories().profiles.save(user.id, profileFields(), 'aoife-brennan')).id;
  }

  it('keeps a profile’s domains in the order given, and has none for a profile that listed none', async () => {
    const profileId = await newProfileId();
    expect(await repositories().attributionDomains.domainsOf(profileId)).toEqual([]);
    await repositories().attributionDomains.setDomains(
      profileId,
      ['theledger.ie', 'example.com', 'news.example.org'],
      CONTRACT_NOW,
    );
    expect(await repositories().attributionDomains.domainsOf(profileId)).toEqual([
      'theledger.ie',
      'example.com',
      'news.example.org',
    ]);
  });

  it('replaces the list whole, and an empty list clears it', async () => {
    const profileId = await newProfileId();
    await repositories().attributionDomains.setDomains(profileId, ['theledger.ie', 'example.com'], CONTRACT_NOW);
    await repositories().attributionDomains.setDomains(profileId, ['example.com', 'irishtimes.com'], CONTRACT_NOW);
    expect(await repositories().attributionDomains.domainsOf(profileId)).toEqual(['example.com', 'irishtimes.com']);
    await repositories().attributionDomains.setDomains(profileId, [], CONTRACT_NOW);
    expect(await repositories().attributionDomains.domainsOf(profileId)).toEqual([]);
  });

  it('keeps each profile’s list apart, and holds a hundred domains', async () => {
    const [first, second] = [await newProfileId(), await newProfileId()];
    const hundred = Array.from({ length: 100 }, (_, i) => `outlet${i}.example`);
    await repositories().attributionDomains.setDomains(first, hundred, CONTRACT_NOW);
    await repositories().attributionDomains.setDomains(second, ['theledger.ie'], CONTRACT_NOW);
    expect(await repositories().attributionDomains.domainsOf(first)).toEqual(hundred);
    expect(await repositories().attributionDomains.domainsOf(second)).toEqual(['theledger.ie']);
  });

  it('leaves the profile itself as it was (the domains are not part of it)', async () => {
    const profileId = await newProfileId();
    const before = await repositories().profiles.findById(profileId);
    await repositories().attributionDomains.setDomains(profileId, ['theledger.ie'], CONTRACT_NOW);
    expect(await repositories().profiles.findById(profileId)).toEqual(before);
  });

  it('takes two lists set at once for a profile that had none: neither fails, and one of them is kept whole', async () => {
    const profileId = await newProfileId();
    const first = ['theledger.ie', 'example.com'];
    const second = ['irishtimes.com'];
    await Promise.all([
      repositories().attributionDomains.setDomains(profileId, first, CONTRACT_NOW),
      repositories().attributionDomains.setDomains(profileId, second, CONTRACT_NOW),
    ]);
    expect([first, second]).toContainEqual(await repositories().attributionDomains.domainsOf(profileId));
  });
}
