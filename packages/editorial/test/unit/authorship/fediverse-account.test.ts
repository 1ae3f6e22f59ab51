import { normaliseFediverseAccount, sameFediverseAccount } from '../../../src/authorship/fediverse-account';

describe('normaliseFediverseAccount', () => {
  it.each([
    ['@aoife@mastodon.ie', '@aoife@mastodon.ie'],
    ['  Aoife@Mastodon.IE ', '@Aoife@mastodon.ie'],
    ['@aoife.b@social.bücher.example', '@aoife.b@social.xn--bcher-kva.example'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normaliseFediverseAccount(input)).toBe(expected);
  });

  it.each([
    '',
    '@aoife',
    'aoife@',
    '@@aoife@mastodon.ie',
    '@aoife@mastodon.ie:8443',
    '@aoife@mastodon.ie/path',
    'https://mastodon.ie/@aoife',
    '@ao ife@mastodon.ie',
    '@aoife@localhost',
  ])('refuses %j', (input) => {
    expect(normaliseFediverseAccount(input)).toBeNull();
  });
});

describe('sameFediverseAccount', () => {
  it('compares user and host case-insensitively', () => {
    expect(sameFediverseAccount('@AOIFE@Mastodon.ie', 'aoife@mastodon.IE')).toBe(true);
    expect(sameFediverseAccount('@aoife@mastodon.ie', '@aoife@mastodon.social')).toBe(false);
    expect(sameFediverseAccount('@aoife@mastodon.ie', 'not an account')).toBe(false);
  });
});
