import { loadConfig } from '@byline/domain/config/config';
import { configErrorOf } from '@byline/test-support';

describe('loadConfig: public addresses and mail', () => {
  it('defaults the public addresses to localhost on the configured ports, and mail to off', () => {
    const config = loadConfig({ PORTAL_PORT: '9002', ARTICLE_VERIFIER_PORT: '9000', JOURNALIST_VERIFIER_PORT: '9001' });
    expect(config).toMatchObject({
      publicPortalUrl: 'http://localhost:9002',
      publicArticleVerifierUrl: 'http://localhost:9000',
      publicJournalistVerifierUrl: 'http://localhost:9001',
      smtpUrl: undefined,
      mailFrom: undefined,
    });
  });

  it('reads the public addresses without a trailing slash, and the mail settings', () => {
    const config = loadConfig({
      PUBLIC_PORTAL_URL: 'https://portal.example.org/',
      PUBLIC_ARTICLE_VERIFIER_URL: 'https://articles.example.org',
      PUBLIC_JOURNALIST_VERIFIER_URL: 'https://journalists.example.org/byline/',
      SMTP_URL: 'smtps://user:secret@mail.example.org:465',
      MAIL_FROM: 'Byline <no-reply@example.org>',
    });
    expect(config).toMatchObject({
      publicPortalUrl: 'https://portal.example.org',
      publicArticleVerifierUrl: 'https://articles.example.org',
      publicJournalistVerifierUrl: 'https://journalists.example.org/byline',
      smtpUrl: 'smtps://user:secret@mail.example.org:465',
      mailFrom: 'Byline <no-reply@example.org>',
    });
    expect(loadConfig({ SMTP_URL: '', MAIL_FROM: '' }).smtpUrl).toBeUndefined();
  });

  it.each([
    [{ PUBLIC_PORTAL_URL: 'portal.example.org' }, 'PUBLIC_PORTAL_URL'],
    [{ PUBLIC_PORTAL_URL: 'javascript:alert(1)' }, 'PUBLIC_PORTAL_URL'],
    [{ PUBLIC_ARTICLE_VERIFIER_URL: 'ftp://articles.example.org' }, 'PUBLIC_ARTICLE_VERIFIER_URL'],
    [{ PUBLIC_JOURNALIST_VERIFIER_URL: 'https://j.example.org?x=1' }, 'PUBLIC_JOURNALIST_VERIFIER_URL'],
    [{ SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'a@example.org' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://mail.example.org' }, 'MAIL_FROM'],
    [{ SMTP_URL: 'smtp://mail.example.org', MAIL_FROM: 'not an address' }, 'MAIL_FROM'],
  ])('stops with a ConfigError for %j naming %s, never showing the SMTP password', (env, name) => {
    const message = configErrorOf(env);
    expect(message).toContain(name);
  });

  it.each([
    ['ops@example.org', 'ops@example.org'],
    ['mailto:ops@example.org', 'ops@example.org'],
    [' https://example.org/contact ', 'https://example.org/contact'],
    ['', undefined],
  ])('reads OPERATOR_CONTACT %j as %j', (given, expected) => {
    expect(loadConfig({ OPERATOR_CONTACT: given }).operatorContact).toBe(expected);
  });

  it.each(['call Sam', 'javascript:alert(1)', 'ftp://example.org/contact', 'ops@'])(
    'stops with a ConfigError for OPERATOR_CONTACT %j, naming it',
    (given) => {
      expect(() => loadConfig({ OPERATOR_CONTACT: given })).toThrow(
        /"OPERATOR_CONTACT" must be an email address \(ops@example.org\) or an http\(s\) address/,
      );
    },
  );

  it('never repeats the SMTP password in its message', () => {
    const message = configErrorOf({ SMTP_URL: 'smtp://user:hunter2-secret@mail.example.org:99999', MAIL_FROM: 'a@example.org' });
    expect(message).toContain('SMTP_URL');
    expect(message).not.toContain('hunter2-secret');
  });
});

describe('loadConfig: Byline as a Bluesky verifier', () => {
  const VERIFIER = {
    BLUESKY_VERIFIER_IDENTIFIER: '@byline.example.org',
    BLUESKY_VERIFIER_APP_PASSWORD: 'abcd-efgh-ijkl-mnop',
    BLUESKY_PDS_URL: 'https://pds.example.org/',
  };

  it('reads the account, its app password and its PDS together, and none without them', () => {
    expect(loadConfig({ ...VERIFIER }).blueskyVerifier).toEqual({
      identifier: 'byline.example.org',
      appPassword: 'abcd-efgh-ijkl-mnop',
      pdsUrl: 'https://pds.example.org',
    });
    expect(
      loadConfig({ ...VERIFIER, BLUESKY_VERIFIER_IDENTIFIER: 'did:plc:abcdefghijklmnopqrstuvwx' }).blueskyVerifier,
    ).toMatchObject({
      identifier: 'did:plc:abcdefghijklmnopqrstuvwx',
    });
    expect(loadConfig({}).blueskyVerifier).toBeUndefined();
  });

  it.each([
    [{ BLUESKY_VERIFIER_IDENTIFIER: 'byline.example.org' }, 'BLUESKY_VERIFIER_APP_PASSWORD, BLUESKY_PDS_URL missing'],
    [
      { BLUESKY_VERIFIER_APP_PASSWORD: 'secret-secret', BLUESKY_PDS_URL: 'https://pds.example.org' },
      'BLUESKY_VERIFIER_IDENTIFIER missing',
    ],
    [{ ...VERIFIER, BLUESKY_PDS_URL: 'pds.example.org' }, 'BLUESKY_PDS_URL'],
    [{ ...VERIFIER, BLUESKY_VERIFIER_IDENTIFIER: 'not a handle' }, 'BLUESKY_VERIFIER_IDENTIFIER'],
  ])('stops with a ConfigError for %j saying %s, never showing the app password', (env, said) => {
    const message = configErrorOf(env);
    expect(message).toContain(said);
    expect(message).not.toContain('secret-secret');
    expect(message).not.toContain('abcd-efgh');
  });
});
