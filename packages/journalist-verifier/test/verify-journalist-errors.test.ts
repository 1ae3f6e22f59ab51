import {
  checkedRequest as request,
  describeRequestErrors,
  expectFieldErrors,
  serviceFixture,
  storeFactories,
  VERIFY_JOURNALIST,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/v1/verify_journalist';

describeRequestErrors(VERIFY_JOURNALIST, createApp);

describe.each(storeFactories())('verify_journalist: 422 names each bad field ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const post = () => request(service.app).post(PATH).set('Authorization', service.authorization);

  it.each([
    ['social_type is missing', { social_username: 'NiamhCass94' }, ['social_type']],
    ['social_type is empty', { social_username: 'NiamhCass94', social_type: '' }, ['social_type']],
    ['social_type is not a known network', { social_username: 'NiamhCass94', social_type: 'myspace' }, ['social_type']],
    ['social_type is a number', { social_username: 'NiamhCass94', social_type: 1 }, ['social_type']],
    ['social_type is a list', { social_username: 'NiamhCass94', social_type: ['twitter'] }, ['social_type']],
    ['social_username is missing', { social_type: 'twitter' }, ['social_username']],
    ['social_username is empty', { social_type: 'twitter', social_username: '' }, ['social_username']],
    ['social_username is only whitespace', { social_type: 'twitter', social_username: '   ' }, ['social_username']],
    ['social_username is only @', { social_type: 'twitter', social_username: '@' }, ['social_username']],
    ['social_username is a number', { social_type: 'twitter', social_username: 12345 }, ['social_username']],
    ['social_username is an object', { social_type: 'twitter', social_username: { name: 'x' } }, ['social_username']],
    ['social_username is null', { social_type: 'twitter', social_username: null }, ['social_username']],
    ['social_username is a list', { social_type: 'twitter', social_username: ['a', 'b'] }, ['social_username']],
    [
      'social_username is the address of another network',
      { social_type: 'twitter', social_username: 'https://www.linkedin.com/in/niamh' },
      ['social_username'],
    ],
    ['both are missing', {}, ['social_type', 'social_username']],
  ])('when %s (JSON body)', async (_case, body, fields) => {
    expectFieldErrors(await post().send(body), fields);
  });

  it('when social_type is invalid in a form body', async () => {
    expectFieldErrors(await post().type('form').send({ social_username: 'a', social_type: 'tiktok' }), ['social_type']);
  });

  it('when social_username is given twice in the query string', async () => {
    expectFieldErrors(await post().query('social_type=twitter&social_username=a&social_username=b'), ['social_username']);
  });
});
