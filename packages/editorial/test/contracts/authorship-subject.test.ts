/**
 * The subject an article page is matched against, read from a real store (both databases): only live proven
 * claims count, fediverse accounts apart from websites, with the profile's attribution domains.
 */
import { freshRepositoriesPerTest, profileFields, storeFactories, type StoreFactory } from '@byline/test-support';
import { recordProof } from '@byline/domain/claims/record-proof';
import { setClaims } from '@byline/domain/claims/set-claims';
import { type NewEvidence } from '@byline/domain/proofs/claims';
import { authorshipSubjectOf } from '../../src/authorship/authorship-subject';
import { relMeEvidence } from '../../src/proofs/rel-me-check';

const PORTAL = 'https://portal.example.org/';
const signedIn = (username: string): NewEvidence => ({
  method: 'network-sign-in',
  provider: { id: 'https://x.example', name: 'X' },
  provenValue: username,
  subject: `x-${username}`,
  by: 'network:https://x.example',
});

describe.each(storeFactories())('authorshipSubjectOf ($name store)', (factory: StoreFactory) => {
  const repositories = freshRepositoriesPerTest(factory);

  it('gives the public page, the name, the proven accounts, sites and fediverse accounts, and the allowed domains', async () => {
    const { users, profiles, claims, attributionDomains } = repositories();
    const user = await users.create(
      { email: `subject-${Date.now()}@example.org`, passwordHash: 'x', role: 'journalist' },
      new Date(),
    );
    const fields = profileFields({ profile_first_name: 'Aoife', profile_last_name: 'Brennan' });
    const profile = await profiles.save(
      user.id,
      { ...fields, profile_social_profiles: { ...fields.profile_social_profiles, twitter: '@aoife_b' } },
      'aoife-brennan',
    );
    await setClaims(claims, profile.id, {
      website: ['https://aoife.example/', 'https://unproven.example/'],
      fediverse: ['@Aoife@Mastodon.Social', '@other@social.example'],
    });
    const later = new Date('2030-01-02T00:00:00.000Z');
    for (const [kind, value, evidence] of [
      ['twitter', '@aoife_b', signedIn('aoife_b')],
      ['website', 'https://aoife.example/', relMeEvidence('https://aoife.example/', later)],
      ['fediverse', '@Aoife@mastodon.social', relMeEvidence('https://mastodon.social/@Aoife', later)],
    ] as const) {
      expect(await recordProof(claims, { profileId: profile.id, kind, value, evidence })).toMatchObject({ ok: true });
    }
    await attributionDomains.setDomains(profile.id, ['theledger.ie', 'example.com'], new Date());

    expect(await authorshipSubjectOf(repositories(), profile.id, PORTAL)).toEqual({
      publicPageUrl: `https://portal.example.org/j/${profile.profile_slug}`,
      names: ['Aoife Brennan'],
      formerPageUrls: [],
      provenAccounts: [{ type: 'twitter', handle: 'aoife_b' }],
      provenSites: ['https://aoife.example/'],
      provenFediverse: ['@Aoife@mastodon.social'],
      allowedDomains: ['theledger.ie', 'example.com'],
    });
  });

  it('is null for a profile that does not exist', async () => {
    expect(await authorshipSubjectOf(repositories(), 999_999, PORTAL)).toBeNull();
  });
});
