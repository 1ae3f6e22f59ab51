import type supertest from 'supertest';
import { checkedRequest as request, aProfile, seed, serviceFixture, storeFactories } from '@byline/test-support';
import { createApp } from '../src/app';
import { NIAMH_SOCIAL_PROFILES } from './support/niamh';

const PATH = '/api/v1/verify_journalist';
const NOT_A_JOURNALIST = { verified: false, message: 'Not a Byline journalist' };

describe.each(storeFactories())('verify_journalist: how a username matches ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const profile = aProfile({
    profile_social_profiles: NIAMH_SOCIAL_PROFILES,
  });

  beforeAll(() => seed(service.store, profile));

  const verify = (social_type: string, social_username: string) =>
    request(service.app).post(PATH).set('Authorization', service.authorization).send({ social_type, social_username });

  it.each([
    ['twitter', 'NiamhCass94', 'as stored without the @'],
    ['twitter', '@NiamhCass94', 'with the @'],
    ['twitter', 'niamhcass94', 'in lower case'],
    ['twitter', '@NIAMHCASS94', 'in upper case'],
    ['twitter', '  NiamhCass94 \t', 'with surrounding whitespace'],
    ['twitter', ' @niamhcass94 ', 'with whitespace and @'],
    ['Twitter', 'NiamhCass94', 'with a capitalised type'],
    ['TWITTER', 'NiamhCass94', 'with an upper-case type'],
    [' twitter ', 'NiamhCass94', 'with whitespace around the type'],
    ['x', 'NiamhCass94', 'with the x alias'],
    ['X', '@niamhcass94', 'with the X alias in upper case'],
    ['twitter', 'https://x.com/NiamhCass94', 'as an x.com address'],
    ['twitter', 'https://twitter.com/niamhcass94', 'as a twitter.com address'],
    ['twitter', 'https://www.twitter.com/NiamhCass94/', 'as a www.twitter.com address with a trailing slash'],
    ['x', 'https://x.com/NiamhCass94?s=21', 'as an x.com address with a share parameter'],
    ['twitter', 'x.com/NiamhCass94', 'as an address without a scheme'],
    ['linkedin', 'niamh-cassidy-galway', 'on linkedin'],
    ['linkedin', 'https://www.linkedin.com/in/niamh-cassidy-galway', 'as a linkedin.com/in address'],
    ['linkedin', 'https://linkedin.com/in/Niamh-Cassidy-Galway/', 'as a linkedin.com/in address, other case'],
    ['facebook', 'niamh.cassidy.journalist', 'on facebook'],
    ['facebook', 'https://facebook.com/niamh.cassidy.journalist', 'as a facebook.com address'],
    ['facebook', 'https://www.facebook.com/Niamh.Cassidy.Journalist', 'as a www.facebook.com address'],
    ['instagram', 'niamh.writes', 'on instagram (extension)'],
    ['instagram', 'https://www.instagram.com/niamh.writes/', 'as an instagram.com address'],
  ])('finds %s "%s" (%s)', async (type, username) => {
    const res = await verify(type, username);

    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(true);
    expect(res.body.slug).toBe(profile.profile_slug);
  });

  it('answers an x lookup under the key twitter', async () => {
    const { body } = await verify('x', 'NiamhCass94');

    expect(body.profile_social_profiles).toEqual({ twitter: '@NiamhCass94' });
  });

  it.each([
    ['twitter', 'Niamh_Cass94', 'an inserted underscore'],
    ['twitter', 'NiamhCass94_', 'a trailing underscore'],
    ['twitter', 'NiamhCass9', 'a missing character'],
    ['twitter', 'Niamh.Cass94', 'an inserted dot'],
    ['twitter', '@@NiamhCass94', 'two leading @'],
    ['twitter', 'Niamh Cass94', 'an inner space'],
    ['facebook', 'NiamhCass94', 'the twitter handle on facebook'],
    ['linkedin', 'niamh.writes', 'the instagram handle on linkedin'],
    ['twitter', 'https://x.com/SomeoneElse', 'the address of someone else'],
  ])('does not find %s "%s" (%s)', async (type, username) => {
    const res = await verify(type, username);

    expect(res.status).toBe(200);
    expect(res.body).toEqual(NOT_A_JOURNALIST);
  });

  describe('takes the fields from wherever the caller puts them', () => {
    const found = (res: supertest.Response) => res.status === 200 && res.body.slug === profile.profile_slug;

    it('from a JSON body', async () => {
      const res = await request(service.app)
        .post(PATH)
        .set('Authorization', service.authorization)
        .send({ social_username: 'NiamhCass94', social_type: 'twitter' });
      expect(found(res)).toBe(true);
    });

    it('from a form body', async () => {
      const res = await request(service.app)
        .post(PATH)
        .set('Authorization', service.authorization)
        .type('form')
        .send({ social_username: '@NiamhCass94', social_type: 'x' });
      expect(found(res)).toBe(true);
    });

    it('from query parameters', async () => {
      const res = await request(service.app)
        .post(PATH)
        .query({ social_username: 'niamh-cassidy-galway', social_type: 'linkedin' })
        .set('Authorization', service.authorization);
      expect(found(res)).toBe(true);
    });

    it('from query parameters with an empty form body', async () => {
      const res = await request(service.app)
        .post(`${PATH}?social_username=NiamhCass94&social_type=twitter`)
        .set('Authorization', service.authorization)
        .type('form')
        .send('');
      expect(found(res)).toBe(true);
    });
  });
});
