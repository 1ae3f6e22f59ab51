import { createApiKey, type KeyPair } from '@byline/shared';
import {
  checkedRequest as request,
  aProfile,
  capturingLogger,
  seed,
  serviceFixture,
  storeFactories,
  storeWith,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/v1/verify_journalist';
const EXPLODING_HANDLE = 'explodes';

describe.each(storeFactories())('verify_journalist: credentials never reach the logs ($name store)', (factory) => {
  const capture = capturingLogger();
  const service = serviceFixture(factory, createApp, {
    logger: capture.logger,
    wrapStore: (store) =>
      storeWith(store, {
        taggedJournalistAnswer: async (type, key) => {
          if (key === EXPLODING_HANDLE) throw new Error('handle lookup exploded');
          return store.taggedJournalistAnswer(type, key);
        },
      }),
  });
  const profile = aProfile();
  let pair: KeyPair;

  beforeAll(async () => {
    await seed(service.store, profile);
    pair = await createApiKey(service.store, 'logging@example.org');
  });

  it('logs each request with its id, but never the secret or the header value', async () => {
    const handle = profile.profile_social_profiles.twitter!;
    const wrongSecret = pair.secret.split('').reverse().join('');
    const sent = [
      { id: 'j-ok', header: 'Authorization', value: `Bearer ${pair.token}`, username: handle, status: 200 },
      { id: 'j-ok-authentication', header: 'Authentication', value: `BEARER ${pair.token}`, username: handle, status: 200 },
      {
        id: 'j-wrong-secret',
        header: 'Authentication',
        value: `Bearer ${pair.key}:${wrongSecret}`,
        username: handle,
        status: 401,
      },
      { id: 'j-malformed', header: 'Authorization', value: `Bearer ${pair.secret}`, username: handle, status: 401 },
      { id: 'j-empty-key', header: 'Authorization', value: `Bearer :${pair.secret}`, username: handle, status: 401 },
      { id: 'j-unverified', header: 'Authorization', value: `Bearer ${pair.token}`, username: 'nobody', status: 200 },
      { id: 'j-500', header: 'Authorization', value: `Bearer ${pair.token}`, username: EXPLODING_HANDLE, status: 500 },
    ];

    for (const { id, header, value, username, status } of sent) {
      const res = await request(service.app)
        .post(PATH)
        .set(header, value)
        .set('X-Request-Id', id)
        .send({ social_type: 'twitter', social_username: username });
      expect(res.status).toBe(status);
    }

    const logged = capture.output();
    expect(logged).toContain('handle lookup exploded');
    for (const { id, value } of sent) {
      expect(logged).toContain(`"request_id":"${id}"`);
      expect(logged).not.toContain(value);
    }
    expect(logged).not.toContain(pair.secret);
    expect(logged).not.toContain(wrongSecret);
  });
});
