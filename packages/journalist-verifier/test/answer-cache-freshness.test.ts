import { setImmediate as nextTurn } from 'node:timers/promises';
import { repositoriesOf } from '@byline/shared/store';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';
import { aProfile, checkedRequest as request, seed, serviceFixture, storeFactories } from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/v1/verify_journalist';
const REASON = { reason: 'Arranged by the test' };

// The served answers are kept in memory (the default budget), yet a committed change is answered by the next lookup.
describe.each(storeFactories())('verify_journalist: kept answers are never stale ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const ask = (handle: string) =>
    request(service.app)
      .post(PATH)
      .send({ social_type: 'twitter', social_username: handle })
      .set('Authorization', service.authorization);

  it('an unverification, then a verification, and a handle given to another profile, each by the next lookup', async () => {
    const profile = aProfile();
    const handle = profile.profile_social_profiles.twitter!;
    await seed(service.store, profile);
    await ask(handle);
    expect((await ask(handle)).body).toMatchObject({ verified: true, slug: profile.profile_slug });

    await setVerifiedByOperator(repositoriesOf(service.store), profile.profile_slug, false, REASON);
    await nextTurn();
    expect((await ask(handle)).body).toMatchObject({ verified: false });

    await setVerifiedByOperator(repositoriesOf(service.store), profile.profile_slug, true, REASON);
    await nextTurn();
    expect((await ask(handle)).body).toMatchObject({ verified: true, slug: profile.profile_slug });

    const successor = aProfile({ profile_social_profiles: { ...profile.profile_social_profiles } });
    await seed(
      service.store,
      { ...profile, profile_social_profiles: { twitter: '', facebook: '', linkedin: '', instagram: '' } },
      successor,
    );
    await nextTurn();
    expect((await ask(handle)).body).toMatchObject({ verified: true, slug: successor.profile_slug });
  });
});
