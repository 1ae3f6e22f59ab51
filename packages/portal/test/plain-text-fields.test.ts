import { repositoriesOf } from '@byline/shared/store';
/**
 * Fields that become a link or a name hold what a person can read and open: no control characters (NUL, line
 * breaks in a one-line field), no text-direction overrides (U+202E…), no `user:password@` in an address, and web
 * origins on real host names. Each refusal names the field and stores nothing.
 */
import {
  csrfFrom,
  pageServer,
  portalForEachTest,
  portalStoreFactories,
  profileForm,
  profileSent,
  signedUp,
  submit,
} from './support/portal-harness';
import { journalist as journalistWithProfile } from './support/editors';

const RLO = '\u202E'; // RIGHT-TO-LEFT OVERRIDE: "moc.elgoog" shows as "google.com"
const errorOf = (html: string, field: string) => new RegExp(`id="f-${field}-error"[^>]*>([^<]*)<`).exec(html)?.[1];

describe.each(portalStoreFactories())('fields a person can read and open ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  it('words a too-long field plainly, as its limit in characters, and saves nothing', async () => {
    const { email, res } = await profileSent(portal.app, {
      profile_last_name: 'B'.repeat(201),
      user_city: 'D'.repeat(201),
    });
    expect(res.status).toBe(422);
    expect(errorOf(res.text, 'profile_last_name')).toBe('Last name takes up to 200 characters.');
    expect(errorOf(res.text, 'user_city')).toBe('City takes up to 200 characters.');
    expect(res.text).not.toMatch(/less than or equal|characters long/);
    expect((await portal.repositories.users.findByEmail(email))!.profileId).toBeNull();
  });

  it('refuses control characters and text-direction overrides in the profile, naming each field, and saves nothing', async () => {
    const { email, res } = await profileSent(portal.app, {
      profile_first_name: 'Aoife\u0000',
      profile_last_name: `Brennan${RLO}`,
      profile_title: 'Courts\u2066 reporter',
      profile_employer: 'The Ledger\u0085',
      profile_bio: `Covers the courts${RLO}.`,
      profile_image: `https://cdn.example.org/${RLO}gpj.exe`,
      user_city: 'Dub\u007Flin',
      twitter: `@Aoife${RLO}`,
      websites: `https://aoife.example/${RLO}`,
    });

    expect(res.status).toBe(422);
    const because = '(control characters, invisible characters and text-direction overrides are refused)';
    expect(errorOf(res.text, 'profile_first_name')).toBe(`First name must not contain U+0000 ${because}`);
    expect(errorOf(res.text, 'profile_last_name')).toBe(`Last name must not contain U+202E ${because}`);
    expect(errorOf(res.text, 'profile_title')).toBe(`Title must not contain U+2066 ${because}`);
    expect(errorOf(res.text, 'profile_employer')).toBe(`Employer must not contain U+0085 ${because}`);
    expect(errorOf(res.text, 'profile_bio')).toBe(`Biography must not contain U+202E ${because}`);
    expect(errorOf(res.text, 'profile_image')).toBe(`The image address must not contain U+202E ${because}`);
    expect(errorOf(res.text, 'user_city')).toBe(`City must not contain U+007F ${because}`);
    expect(errorOf(res.text, 'twitter')).toBe(`This X (Twitter) handle must not contain U+202E ${because}`);
    expect(errorOf(res.text, 'websites')).toBe(`Websites must not contain U+202E ${because}`);
    expect((await portal.repositories.users.findByEmail(email))!.profileId).toBeNull();
  });

  it('keeps letters of every script, emoji, the direction marks U+200E/U+200F and a biography’s line breaks', async () => {
    const { agent, email } = await signedUp(portal.app);
    const employer = 'הארץ\u200F (IL)'; // a right-to-left mark keeps the bracket with the Hebrew name
    const res = await submit(
      agent,
      '/profile',
      '/profile',
      profileForm({
        profile_first_name: 'Zoë',
        profile_last_name: 'Ní Bhriain 渡辺',
        profile_employer: employer,
        profile_title: 'Tech\u200E reporter 👩🏽‍💻',
        profile_bio: 'Line one.\r\nLine two,\twith a tab.',
      }),
    );

    expect(res.status).toBe(303);
    const profile = await portal.repositories.profiles.findById((await portal.repositories.users.findByEmail(email))!.profileId!);
    expect(profile).toMatchObject({
      profile_last_name: 'Ní Bhriain 渡辺',
      profile_employer: employer,
      profile_bio: 'Line one.\r\nLine two,\twith a tab.',
    });
  });

  it.each([
    ['a line separator', '\u2028', 'U+2028'],
    ['a paragraph separator', '\u2029', 'U+2029'],
    ['a zero-width space', '\u200B', 'U+200B'],
    ['a byte-order mark', '\uFEFF', 'U+FEFF'],
    ['a soft hyphen', '\u00AD', 'U+00AD'],
    ['a word joiner', '\u2060', 'U+2060'],
  ])('refuses %s in a name and a title, naming the field, and saves nothing', async (_what, character, code) => {
    const { email, res } = await profileSent(portal.app, {
      profile_first_name: `Ao${character}ife`,
      profile_title: `Courts${character} reporter`,
    });
    expect(res.status).toBe(422);
    const because = '(control characters, invisible characters and text-direction overrides are refused)';
    expect(errorOf(res.text, 'profile_first_name')).toBe(`First name must not contain ${code} ${because}`);
    expect(errorOf(res.text, 'profile_title')).toBe(`Title must not contain ${code} ${because}`);
    expect((await portal.repositories.users.findByEmail(email))!.profileId).toBeNull();
  });

  it.each([
    ['a script element', { profile_first_name: '<script>alert(1)</script>' }, 'profile_first_name', 'First name'],
    ['tags alone', { profile_last_name: '<b></b><i>…</i>' }, 'profile_last_name', 'Last name'],
    ['an image tag and digits', { profile_first_name: '<img src=x onerror=alert(1)> 42' }, 'profile_first_name', 'First name'],
  ])('refuses a name made only of markup (%s), naming the field', async (_what, fields, field, label) => {
    const { email, res } = await profileSent(portal.app, fields);
    expect(res.status).toBe(422);
    expect(errorOf(res.text, field)).toBe(
      `${label} must contain a letter: markup such as &lt;script&gt;…&lt;/script&gt; is not a name`,
    );
    expect((await portal.repositories.users.findByEmail(email))!.profileId).toBeNull();
  });

  it('keeps a name with letters beside an angle bracket, joiners in Persian spelling, and a Welsh flag', async () => {
    const { email, res } = await profileSent(portal.app, {
      profile_first_name: 'Aoife <3',
      profile_last_name: 'می\u200Cخواهم',
      profile_title: 'Reporter \u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}',
    });
    expect(res.status).toBe(303);
    const profile = await portal.repositories.profiles.findById((await portal.repositories.users.findByEmail(email))!.profileId!);
    expect(profile).toMatchObject({ profile_first_name: 'Aoife <3', profile_last_name: 'می\u200Cخواهم' });
  });

  it('refuses a publisher named only in markup, naming the field', async () => {
    const { agent } = await signedUp(portal.app);
    const res = await submit(agent, '/publishers', '/publishers', { name: '<script>alert(1)</script>', logo_url: '' });
    expect(res.status).toBe(422);
    expect(errorOf(res.text, 'name')).toBe(
      'The name must contain a letter: markup such as &lt;script&gt;…&lt;/script&gt; is not a name',
    );
  });

  it('refuses a website or photo address holding a user name and password', async () => {
    const { email, res } = await profileSent(portal.app, {
      profile_image: 'https://aoife:secret@cdn.example.org/aoife.jpg',
      websites: 'https://aoife.example\nhttps://aoife:hunter2@blog.example/',
    });

    expect(res.status).toBe(422);
    expect(errorOf(res.text, 'websites')).toBe(
      'Each website must be an address people can open, without a user name or password (user:password@)',
    );
    expect(errorOf(res.text, 'profile_image')).toBe('The image address must not hold a user name or password (user:password@)');
    expect((await portal.repositories.users.findByEmail(email))!.profileId).toBeNull();
  });

  describe('articles', () => {
    let server: Awaited<ReturnType<typeof pageServer>>;
    beforeAll(async () => {
      server = await pageServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(`<!doctype html><html><head><title>x</title>
          <meta property="og:title" content="Harbour ${RLO}lacol appeal">
          <meta property="article:published_time" content="2024-05-02T08:30:00Z"></head><body></body></html>`);
      });
    });
    afterAll(() => server.close());

    /** A signed-up journalist with a profile, not asking to be verified. */
    const journalist = () => journalistWithProfile(portal, {}, { request: false });

    it('refuses such characters in a headline, tags or address, and credentials in the address', async () => {
      const { agent } = await journalist();
      const page = await agent.get('/articles');
      const res = await agent
        .post('/articles')
        .type('form')
        .send({
          _csrf: csrfFrom(page.text),
          link: 'https://reporter:secret@news.example/story',
          title: `Harbour${RLO} appeal`,
          description: 'Fine\nover two lines.',
          published_at: '2024-05-02',
          tags: 'courts,\u0000harbour',
          active: 'on',
        });

      expect(res.status).toBe(422);
      expect(errorOf(res.text, 'title')).toBe(
        'The headline must not contain U+202E (control characters, invisible characters and text-direction overrides are refused)',
      );
      expect(errorOf(res.text, 'tags')).toMatch(/^Tags must not contain U\+0000/);
      expect(errorOf(res.text, 'link')).toBe('The article address must not hold a user name or password (user:password@)');
      expect(errorOf(res.text, 'description')).toBeUndefined();
    });

    it('leaves out of the filled-in form what a person could not see to delete', async () => {
      const { agent } = await journalist();
      const filled = await submit(agent, '/articles', '/articles/fetch', { link: server.url('/story') });
      expect(filled.status).toBe(200);
      expect(filled.text).toContain('value="Harbour lacol appeal"');
      expect(filled.text).not.toContain(RLO);
    });
  });

  describe('API settings', () => {
    async function withAccount() {
      const session = await signedUp(portal.app);
      expect((await submit(session.agent, '/settings/api', '/settings/api/account', {})).status).toBe(303);
      return session;
    }

    it('refuses a key name with such characters, naming the field', async () => {
      const { agent, email } = await withAccount();
      const res = await submit(agent, '/settings/api', '/settings/api/keys', { name: `news${RLO}page` });
      expect(res.status).toBe(422);
      expect(errorOf(res.text, 'name')).toBe(
        'The key name must not contain U+202E (control characters, invisible characters and text-direction overrides are refused)',
      );
      expect(await repositoriesOf(portal.store).apiKeys.keysOf(email)).toEqual([]);
    });

    it.each([
      ['a NUL the address parser would drop', 'https://news.example\u0000', /An origin must not contain U\+0000/],
      ['a text-direction override', `https://news${RLO}.example`, /An origin must not contain U\+202E/],
      ['a label over 63 characters', `https://${'a'.repeat(64)}.example`, /each part of a host name has at most 63 characters/],
      [
        'a name over 253 characters',
        `https://${`${'a'.repeat(60)}.`.repeat(5)}example`,
        /a host name has at most 253 characters/,
      ],
      ['an empty label', 'https://news..example', /no empty parts/],
    ])('refuses an origin with %s', async (_what, origin, reason) => {
      const { agent, email } = await withAccount();
      const res = await submit(agent, '/settings/api', '/settings/api/origins', { origins: `https://fine.example\n${origin}` });
      expect(res.status).toBe(422);
      expect(errorOf(res.text, 'origins')).toMatch(reason);
      expect(await repositoriesOf(portal.store).apiAccounts.originsOf(email)).toEqual([]);
    });

    it('accepts a host name at the limits (labels of 63, 253 in all)', async () => {
      const { agent, email } = await withAccount();
      const longest = `${`${'a'.repeat(63)}.`.repeat(3)}${'b'.repeat(61)}`;
      expect(longest).toHaveLength(253);
      const res = await submit(agent, '/settings/api', '/settings/api/origins', { origins: `https://${longest}` });
      expect(res.status).toBe(303);
      expect(await repositoriesOf(portal.store).apiAccounts.originsOf(email)).toEqual([`https://${longest}`]);
    });
  });
});
