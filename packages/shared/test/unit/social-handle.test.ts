import { extractUsername, handleKey, InvalidHandleError, resolveSocialType } from '../../src/social/social-handle';

describe('resolveSocialType', () => {
  it.each([
    ['twitter', 'twitter'],
    ['Twitter', 'twitter'],
    ['x', 'twitter'],
    ['X', 'twitter'],
    [' linkedin ', 'linkedin'],
    ['FACEBOOK', 'facebook'],
    ['instagram', 'instagram'],
  ])('resolves %j to %s', (input, expected) => {
    expect(resolveSocialType(input)).toBe(expected);
  });

  it.each(['', 'myspace', 'tiktok', 'twitterx', 'x.com'])('does not resolve %j', (input) => {
    expect(resolveSocialType(input)).toBeUndefined();
  });
});

describe('extractUsername', () => {
  it.each([
    ['twitter', 'NiamhCass94', 'NiamhCass94'],
    ['twitter', '@NiamhCass94', 'NiamhCass94'],
    ['twitter', '  @NiamhCass94  ', 'NiamhCass94'],
    ['twitter', '@@NiamhCass94', '@NiamhCass94'],
    ['twitter', 'https://x.com/NiamhCass94', 'NiamhCass94'],
    ['twitter', 'https://twitter.com/NiamhCass94', 'NiamhCass94'],
    ['twitter', 'http://www.twitter.com/NiamhCass94/', 'NiamhCass94'],
    ['twitter', 'https://mobile.twitter.com/NiamhCass94/status/1', 'NiamhCass94'],
    ['twitter', 'https://x.com/NiamhCass94?s=21#x', 'NiamhCass94'],
    ['twitter', 'x.com/NiamhCass94', 'NiamhCass94'],
    ['linkedin', 'https://www.linkedin.com/in/niamh-cassidy', 'niamh-cassidy'],
    ['linkedin', 'linkedin.com/in/niamh-cassidy/', 'niamh-cassidy'],
    ['facebook', 'https://facebook.com/niamh.cassidy', 'niamh.cassidy'],
    ['facebook', 'https://m.facebook.com/niamh.cassidy', 'niamh.cassidy'],
    ['instagram', 'https://www.instagram.com/niamh.writes/', 'niamh.writes'],
    ['twitter', 'https://x.com/Sio%C3%ADbh', 'Sioíbh'],
  ])('%s %j → %j', (type, raw, expected) => {
    expect(extractUsername(type as never, raw)).toBe(expected);
  });

  it.each([
    ['twitter', ''],
    ['twitter', '   '],
    ['twitter', '@'],
    ['twitter', ' @ '],
    ['twitter', 'https://x.com/'],
    ['twitter', 'https://www.linkedin.com/in/niamh'],
    ['linkedin', 'https://x.com/niamh'],
    ['facebook', 'https://instagram.com/niamh'],
    ['linkedin', 'https://www.linkedin.com/in/'],
  ])('rejects %s %j with InvalidHandleError', (type, raw) => {
    expect(() => extractUsername(type as never, raw)).toThrow(InvalidHandleError);
  });
});

describe('handleKey', () => {
  it('is case-insensitive', () => {
    expect(handleKey('twitter', '@NiamhCass94')).toBe('niamhcass94');
    expect(handleKey('twitter', 'NIAMHCASS94')).toBe(handleKey('twitter', 'niamhcass94'));
  });

  it('gives the same key for every written form of one account', () => {
    const forms = ['NiamhCass94', '@niamhcass94', ' @NIAMHCASS94 ', 'https://x.com/NiamhCass94', 'twitter.com/niamhcass94'];
    expect(new Set(forms.map((form) => handleKey('twitter', form)))).toEqual(new Set(['niamhcass94']));
  });

  it.each(['Niamh_Cass94', 'NiamhCass94_', 'Niamh.Cass94', 'NiamhCass9'])('treats %j as a different user', (other) => {
    expect(handleKey('twitter', other)).not.toBe(handleKey('twitter', 'NiamhCass94'));
  });
});
