import { parseBearerToken } from '../../src/auth/bearer-token';

describe('parseBearerToken', () => {
  it.each([
    ['Bearer KEY:SECRET', 'KEY', 'SECRET'],
    ['bearer KEY:SECRET', 'KEY', 'SECRET'],
    ['BEARER KEY:SECRET', 'KEY', 'SECRET'],
    ['BeArEr KEY:SECRET', 'KEY', 'SECRET'],
    ['  Bearer   KEY:SECRET  ', 'KEY', 'SECRET'],
    ['Bearer KEY:SE:CR:ET', 'KEY', 'SE:CR:ET'],
    ['Bearer KEY::', 'KEY', ':'],
  ])('reads %j', (header, key, secret) => {
    expect(parseBearerToken(header)).toEqual({ ok: true, key, secret });
  });

  it.each([undefined, '', '   '])('calls %j missing', (header) => {
    expect(parseBearerToken(header)).toEqual({ ok: false, reason: 'missing' });
  });

  it.each([
    ['the scheme alone', 'Bearer'],
    ['the scheme and a space', 'Bearer '],
    ['no colon', 'Bearer KEYSECRET'],
    ['an empty key', 'Bearer :SECRET'],
    ['an empty secret', 'Bearer KEY:'],
    ['a colon alone', 'Bearer :'],
    ['no scheme', 'KEY:SECRET'],
    ['the Basic scheme', 'Basic S0VZOlNFQ1JFVA=='],
    ['the Basic scheme with a key pair', 'Basic KEY:SECRET'],
    ['a scheme glued to the token', 'BearerKEY:SECRET'],
    ['two tokens', 'Bearer KEY:SECRET KEY:SECRET'],
    ['a space inside the token', 'Bearer KEY: SECRET'],
  ])('calls %s malformed', (_case, header) => {
    expect(parseBearerToken(header)).toEqual({ ok: false, reason: 'malformed' });
  });
});
