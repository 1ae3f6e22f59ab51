import type http from 'node:http';
import request from 'supertest';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { loopbackOutbound } from '@byline/test-support';
import { createPageFetcher } from '../../src/fetch/fetch-page';
import {
  addArticle,
  journalistAllowing,
  outletForAllTests,
  fetchingFrom,
  pageWith,
  profilePage,
  relAuthor,
} from '../support/crediting-pages';
import { editor, reviewPath } from '../support/editors';
import {
  csrfFrom,
  everythingStored,
  pageServer,
  portalForEachTest,
  portalStoreFactories,
  profileForm,
  startPortal,
  submit,
  testResolver,
  type Agent,
  type Portal,
} from '../support/portal-harness';

/**
 * An attacker's probe of the portal's newer routes (articles, own data, the editors' directory, log, comparison,
 * identity decisions, article attestations and moves): every attempt is refused with a 4xx, and the store holds
 * exactly the bytes it held before.
 */

type Fields = Record<string, string | string[]>;

/** The signed-in (or signed-out) person's CSRF token, from a page that carries it. */
async function tokenOf(agent: Agent, page = '/account/delete'): Promise<string> {
  return csrfFrom((await agent.get(page)).text);
}

/** Posts the form with the agent's own token (`_csrf` in fields overrides it; null leaves it out). */
async function post(agent: Agent, action: string, fields: Fields, csrf: string | null) {
  return agent
    .post(action)
    .type('form')
    .send(csrf === null ? fields : { _csrf: csrf, ...fields });
}

/** Asserts the attempt left every stored byte as it was. */
async function unchanged<T>(portal: Portal, attempt: () => Promise<T>): Promise<T> {
  const before = await everythingStored(portal.store);
  const result = await attempt();
  const after = await everythingStored(portal.store);
  expect(after.equals(before)).toBe(true);
  return result;
}

/** A page check's article is saved (unproven, its page unread) or refused as an address; never anything else. */
const savedUnprovenOrRefused = (res: { status: number; headers: Record<string, string> }) =>
  expect(res.status === 303 ? res.headers.location : res.status >= 400 && res.status < 500).toBe(
    res.status === 303 ? '/articles?done=unproven' : true,
  );

const refused = (status: number) => expect(status >= 400 && status < 500).toBe(true);

describe.each(portalStoreFactories())('probing the new routes ($name store)', (factory) => {
  const outlet = outletForAllTests();
  const portal = portalForEachTest(factory, fetchingFrom('news.test', 'elsewhere.test'));
  let n = 0;

  const path = () => `/probe-${++n}-${Date.now()}`;
  const claimOf = async (profileId: number, link: string) =>
    (await portal.repositories.articles.claimsOf(profileId)).find((claim) => claim.article.link === link)!;
  const counts = async (link: string) => (await portal.store.findAuthorOfArticle(canonicalizeUrl(link)))?.profile.id ?? null;

  /**
   * Two journalists with an unproven article each, and a released claim on the victim's profile of an article the
   * other journalist holds proven.
   */
  async function arranged() {
    const victim = await journalistAllowing(portal, 'news.test', { profile_first_name: 'Victim' });
    const attacker = await journalistAllowing(portal, 'news.test', { profile_first_name: 'Mallory' });
    const victimLink = outlet.serve(path(), pageWith(''));
    await addArticle(victim.agent, victimLink);
    const victimArticle = (await claimOf(victim.profileId, victimLink)).article;
    const attackerLink = outlet.serve(path(), pageWith(''));
    await addArticle(attacker.agent, attackerLink);
    const attackerArticle = (await claimOf(attacker.profileId, attackerLink)).article;
    // The victim lists it first; the attacker's page then credits the attacker, who proves it (releasing hers).
    const where = path();
    const contested = outlet.serve(where, pageWith(''));
    await addArticle(victim.agent, contested);
    outlet.pages.set(where, pageWith(relAuthor(profilePage(attacker.slug))));
    await addArticle(attacker.agent, contested);
    const released = (await claimOf(victim.profileId, contested)).article;
    return { victim, attacker, victimArticle, attackerArticle, released, contested };
  }

  /**
   * arranged(), and an editor with a profile and an unproven article of their own, for the two tests that act as that
   * editor: the others never touch them, and their sign-up, profile and article were a third of each arrangement.
   */
  async function arrangedWithEditorsOwnArticle() {
    const others = await arranged();
    const self = await editor(portal, { profile: { profile_first_name: 'Eve', attribution_domains: 'news.test' } });
    const ownLink = outlet.serve(path(), pageWith(''));
    expect((await addArticle(self.agent, ownLink)).status).toBe(303);
    const ownArticle = (await claimOf(self.profileId!, ownLink)).article;
    return { ...others, self, ownArticle, ownLink };
  }

  /** A journalist's new forms, each filled to act on the victim's account and article (its title as `title`). */
  const journalistFormsAgainst = (
    victim: { email: string },
    victimArticle: { id: number; link: string },
    title: string,
  ): [string, Fields][] => [
    ['/articles', { link: outlet.serve(path(), pageWith('')), title: 'x', published_at: '2024-01-01' }],
    [`/articles/${victimArticle.id}`, { link: victimArticle.link, title, published_at: '2024-01-01' }],
    [`/articles/${victimArticle.id}/check`, {}],
    ['/account/delete', { email: victim.email }],
    ['/profile/verification-request/withdraw', {}],
    ['/profile/identity-change/cancel', {}],
  ];

  it('refuses anonymous visitors every new route: GETs go to sign-in, forms get 401, and nothing changes', async () => {
    const { victim, victimArticle, attacker } = await arranged();
    const anonymous = request.agent(portal.app);
    const csrf = await tokenOf(anonymous, '/signin');
    for (const page of [
      '/account/data.json',
      '/account/delete',
      '/editor/directory',
      '/editor/log',
      `/editor/profiles/${victim.profileId}/compare/${attacker.profileId}`,
      `/articles/${victimArticle.id}/edit`,
    ]) {
      const res = await anonymous.get(page);
      expect([res.status, res.headers.location]).toEqual([303, `/signin?next=${encodeURIComponent(page)}`]);
      expect(res.text).not.toContain(victim.email);
    }
    const review = reviewPath(victim.profileId);
    const forms: [string, Fields][] = [
      ...journalistFormsAgainst(victim, victimArticle, 'Hijacked'),
      [`${review}/identity-change`, { decision: 'approve', requested_at: new Date().toISOString() }],
      [`${review}/articles/${victimArticle.id}/attest`, { note: 'anonymous' }],
      [`${review}/articles/${victimArticle.id}/move`, { note: 'anonymous' }],
    ];
    await unchanged(portal, async () => {
      for (const [action, fields] of forms) {
        const res = await post(anonymous, action, fields, csrf);
        expect([action, res.status]).toEqual([action, 401]);
      }
    });
  });

  it('refuses (403) a journalist every editor route, and changes nothing', async () => {
    const { victim, attacker, victimArticle, released } = await arranged();
    for (const page of [
      '/editor/directory',
      '/editor/log',
      `/editor/profiles/${victim.profileId}/compare/${attacker.profileId}`,
    ]) {
      const res = await attacker.agent.get(page);
      expect([page, res.status]).toEqual([page, 403]);
      expect(res.text).not.toContain(victim.email);
    }
    const csrf = await tokenOf(attacker.agent);
    const review = reviewPath(victim.profileId);
    const own = reviewPath(attacker.profileId);
    await unchanged(portal, async () => {
      for (const [action, fields] of [
        [`${review}/identity-change`, { decision: 'approve', requested_at: new Date().toISOString() }],
        [`${review}/articles/${victimArticle.id}/attest`, { note: 'I am an editor' }],
        [`${review}/articles/${released.id}/move`, { note: 'I am an editor' }],
        [`${own}/articles/${victimArticle.id}/attest`, { note: 'I am an editor' }],
      ] as [string, Fields][]) {
        const res = await post(attacker.agent, action, fields, csrf);
        expect([action, res.status]).toEqual([action, 403]);
      }
    });
  });

  it('refuses (404) a journalist who edits or checks another journalist’s article by its id, and changes nothing', async () => {
    const { victim, attacker, victimArticle } = await arranged();
    const csrf = await tokenOf(attacker.agent);
    expect((await attacker.agent.get(`/articles/${victimArticle.id}/edit`)).status).toBe(404);
    await unchanged(portal, async () => {
      const edit = await post(
        attacker.agent,
        `/articles/${victimArticle.id}`,
        { link: victimArticle.link, title: 'Hijacked', published_at: '2024-01-01', active: 'on' },
        csrf,
      );
      // The edit form's answer: the article is not one of theirs (409, as for one deleted meanwhile).
      expect(edit.status).toBe(409);
      expect(edit.text).toContain('This article no longer exists');
      expect(edit.text).not.toContain(victim.email);
      for (const verb of ['check', 'deactivate', 'activate']) {
        const res = await post(attacker.agent, `/articles/${victimArticle.id}/${verb}`, {}, csrf);
        expect([verb, res.status]).toEqual([verb, 404]);
      }
    });
    expect((await claimOf(victim.profileId, victimArticle.link)).article.title).toBe(victimArticle.title);
  });

  it('gives a journalist only their own data, and deletes no one else’s account', async () => {
    const { victim, attacker, victimArticle } = await arranged();
    const data = await attacker.agent.get('/account/data.json');
    expect(data.status).toBe(200);
    expect(data.text).not.toContain(victim.email);
    expect(data.text).not.toContain(victimArticle.link);
    expect(data.text).not.toContain(victim.slug);
    // The routes take no id: one in the path or the query is not theirs to choose.
    expect((await attacker.agent.get(`/account/data.json?profileId=${victim.profileId}`)).text).not.toContain(victim.email);
    expect((await attacker.agent.get(`/account/${victim.profileId}/data.json`)).status).toBe(404);
    const csrf = await tokenOf(attacker.agent);
    await unchanged(portal, async () => {
      for (const email of [victim.email, victim.email.toUpperCase(), [attacker.email, victim.email], ''] as const) {
        const res = await post(attacker.agent, '/account/delete', { email: email as string | string[] }, csrf);
        expect(res.status).toBe(422);
      }
      const json = await attacker.agent.post('/account/delete').send({ email: attacker.email, _csrf: csrf });
      expect(json.status).toBe(403);
    });
    expect(await portal.repositories.users.findByEmail(victim.email)).not.toBeNull();
  });

  it('refuses (403) an editor who attests or moves an article on their own profile, however the ids are mixed', async () => {
    const { victim, attacker, victimArticle, released, self, ownArticle, ownLink } = await arrangedWithEditorsOwnArticle();
    const csrf = await tokenOf(self.agent);
    const own = reviewPath(self.profileId!);
    const theirs = reviewPath(victim.profileId);
    await unchanged(portal, async () => {
      const attempts: [string, Fields, number][] = [
        [`${own}/articles/${ownArticle.id}/attest`, { note: 'mine' }, 403],
        [`${own}/articles/${ownArticle.id}/move`, { note: 'mine' }, 403],
        // Their own profile in the path, someone else's article id: still their own profile.
        [`${own}/articles/${victimArticle.id}/attest`, { note: 'mine' }, 403],
        [`${own}/articles/${released.id}/move`, { note: 'mine' }, 403],
        // Another profile in the path, their own article id: no such article there.
        [`${theirs}/articles/${ownArticle.id}/attest`, { note: 'theirs' }, 404],
        [`${theirs}/articles/${ownArticle.id}/move`, { note: 'theirs' }, 404],
        [`${reviewPath(attacker.profileId)}/articles/${released.id}/move`, { note: 'wrong profile' }, 404],
        [`${own}/identity-change`, { decision: 'approve', requested_at: new Date().toISOString() }, 403],
      ];
      for (const [action, fields, status] of attempts) {
        const res = await post(self.agent, action, fields, csrf);
        expect([action, res.status]).toEqual([action, status]);
      }
    });
    expect(await counts(ownLink)).toBeNull();
  });

  it('refuses (403) every new form without its CSRF token, with another session’s, or as JSON, and changes nothing', async () => {
    const { victim, attacker, victimArticle, released, self } = await arrangedWithEditorsOwnArticle();
    const desk = await editor(portal);
    const deskCsrf = await tokenOf(desk.agent);
    const attackerCsrf = await tokenOf(attacker.agent);
    const review = reviewPath(victim.profileId);
    const journalistForms: [string, Fields][] = [
      ...journalistFormsAgainst(victim, victimArticle, 'x'),
      ['/profile', profileForm({ attribution_domains: 'evil.test' })],
    ];
    const editorForms: [string, Fields][] = [
      [`${review}/identity-change`, { decision: 'approve', requested_at: new Date().toISOString() }],
      [`${review}/articles/${victimArticle.id}/attest`, { note: 'forged' }],
      [`${review}/articles/${released.id}/move`, { note: 'forged' }],
    ];
    await unchanged(portal, async () => {
      for (const [agent, forms, otherToken] of [
        [victim.agent, journalistForms, attackerCsrf],
        [desk.agent, editorForms, attackerCsrf],
        [self.agent, editorForms, deskCsrf],
      ] as [Agent, [string, Fields][], string][]) {
        for (const [action, fields] of forms) {
          for (const csrf of [null, '', 'x'.repeat(43), otherToken, [otherToken, otherToken]] as const) {
            const body = csrf === null ? fields : { ...fields, _csrf: csrf as string | string[] };
            const res = await post(agent, action, body, null);
            expect([action, csrf, res.status]).toEqual([action, csrf, 403]);
          }
          const json = await agent.post(action).send({ ...fields, _csrf: otherToken });
          expect([action, 'json', json.status]).toEqual([action, 'json', 403]);
        }
      }
    });
  });

  it('refuses (4xx) malformed ids in every new route, never a 5xx', async () => {
    const { victim, attacker, victimArticle, released } = await arranged();
    const desk = await editor(portal);
    const deskCsrf = await tokenOf(desk.agent);
    const victimCsrf = await tokenOf(victim.agent);
    // (Number and Joi both read ' 1' as 1: the same id, so not probed here.)
    const bad = [
      '0',
      '-1',
      '1e99',
      'abc',
      '1.5',
      '9'.repeat(400),
      '%00',
      '0x10',
      '1e1',
      '0b1',
      'Infinity',
      'NaN',
      '[1]',
      '1;2',
      '%E2%80%AE1',
    ];
    await unchanged(portal, async () => {
      for (const id of bad) {
        for (const page of [
          `/editor/profiles/${id}/compare/${attacker.profileId}`,
          `/editor/profiles/${victim.profileId}/compare/${id}`,
        ]) {
          const res = await desk.agent.get(page);
          expect([page, res.status]).toEqual([page, 404]);
        }
        const article = await victim.agent.get(`/articles/${id}/edit`);
        expect([id, article.status]).toEqual([id, 404]);
        for (const [action, fields] of [
          [`/articles/${id}`, { link: victimArticle.link, title: 'x', published_at: '2024-01-01' }],
          [`/articles/${id}/check`, {}],
        ] as [string, Fields][]) {
          const res = await post(victim.agent, action, fields, victimCsrf);
          expect([action, res.status]).toEqual([action, 404]);
        }
        for (const action of [
          `/editor/profiles/${id}/identity-change`,
          `/editor/profiles/${id}/articles/${victimArticle.id}/attest`,
          `/editor/profiles/${victim.profileId}/articles/${id}/attest`,
          `/editor/profiles/${id}/articles/${released.id}/move`,
          `/editor/profiles/${victim.profileId}/articles/${id}/move`,
        ]) {
          // Joi reads '1e1' as profile 10 (no such profile, or no change waiting on it): refused either way.
          const res = await post(desk.agent, action, { note: 'n', decision: 'approve', requested_at: 'x' }, deskCsrf);
          expect([action, res.status]).toEqual([action, /^1e1$/.test(id) ? res.status : 404]);
          refused(res.status);
        }
      }
    });
  });

  it('refuses huge notes and fields, repeated fields and unexpected queries with a 4xx, never a 5xx', async () => {
    const { victim, victimArticle, released } = await arranged();
    const desk = await editor(portal);
    const csrf = await tokenOf(desk.agent);
    const victimCsrf = await tokenOf(victim.agent);
    const review = reviewPath(victim.profileId);
    await unchanged(portal, async () => {
      for (const action of [`${review}/articles/${victimArticle.id}/attest`, `${review}/articles/${released.id}/move`]) {
        for (const note of ['x'.repeat(2001), ['a', 'b'], '   ', '']) {
          const res = await post(desk.agent, action, { note }, csrf);
          expect([action, note.length, res.status]).toEqual([action, note.length, 422]);
        }
        const huge = await post(desk.agent, action, { note: 'x'.repeat(300_000) }, csrf);
        expect(huge.status).toBe(413);
      }
      for (const fields of [
        { decision: ['approve', 'decline'], requested_at: 'x' },
        { decision: 'approve', requested_at: ['a', 'b'] },
        { decision: 'approve', requested_at: 'x'.repeat(65) },
        { decision: 'decline', identity_note: 'x'.repeat(2001), requested_at: 'x' },
        { decision: 'approve' },
      ] as Fields[]) {
        const res = await post(desk.agent, `${review}/identity-change`, fields, csrf);
        refused(res.status);
      }
      for (const query of [
        'text=' + 'x'.repeat(201),
        'state=nope',
        'page=0',
        'page=10001',
        'page=abc',
        'text=a&text=b',
        'page=1e99',
      ]) {
        const res = await desk.agent.get(`/editor/directory?${query}`);
        expect([query, res.status]).toEqual([query, 400]);
      }
      for (const query of ['actor=' + 'x'.repeat(321), 'action=nope', 'page=-1', 'actor=a&actor=b']) {
        const res = await desk.agent.get(`/editor/log?${query}`);
        expect([query, res.status]).toEqual([query, 400]);
      }
      for (const fields of [
        { link: [victimArticle.link, victimArticle.link], title: 'x', published_at: '2024-01-01' },
        { link: victimArticle.link, title: ['a', 'b'], published_at: '2024-01-01' },
        { link: victimArticle.link, title: 'x'.repeat(1001), published_at: '2024-01-01' },
        { link: victimArticle.link, title: 'x\u202Eevil', published_at: '2024-01-01' },
        { link: victimArticle.link, title: 'x\u0000', published_at: '2024-01-01' },
        { link: victimArticle.link, title: 'x', published_at: 'not a date' },
      ] as Fields[]) {
        const res = await post(victim.agent, `/articles/${victimArticle.id}`, fields, victimCsrf);
        expect([fields, res.status]).toEqual([fields, 422]);
      }
    });
  });

  /** Each character a note must not carry, as in every other field: NUL, escape, C1 control, a bidirectional override and isolate. */
  it.each(['\u0000', '\u001B[31m', '\u0085', '\u202E', '\u2066'])(
    'refuses (422) an attestation or move note carrying the unsafe character %j, and changes nothing',
    async (character) => {
      const { victim, victimArticle, released } = await arranged();
      const desk = await editor(portal);
      const csrf = await tokenOf(desk.agent);
      const review = reviewPath(victim.profileId);
      await unchanged(portal, async () => {
        for (const action of [`${review}/articles/${victimArticle.id}/attest`, `${review}/articles/${released.id}/move`]) {
          const res = await post(desk.agent, action, { note: `Confirmed${character}by phone` }, csrf);
          expect([action, res.status]).toEqual([action, 422]);
        }
        const identity = await post(
          desk.agent,
          `${review}/identity-change`,
          { decision: 'decline', identity_note: `No${character}`, requested_at: new Date().toISOString() },
          csrf,
        );
        expect(identity.status).toBe(422);
      });
    },
  );

  it('refuses an attribution domain that would let any site credit the journalist, and saves nothing', async () => {
    const victim = await journalistAllowing(portal, 'news.test');
    for (const domain of [
      'com',
      '*.',
      '*.com',
      '*',
      '.',
      'localhost',
      '127.0.0.1',
      '127.1',
      '0x7f000001',
      '[::1]',
      '10.0.0.1',
      'https://169.254.169.254/',
      'http://news.test',
      'news.test:80',
      'user@news.test',
      'news.test/path',
      'news\u202E.test',
      '*.*.test',
    ]) {
      const res = await unchanged(portal, () =>
        submit(victim.agent, '/profile', '/profile', { ...victim.form, attribution_domains: domain }),
      );
      expect([domain, res.status]).toEqual([domain, 422]);
    }
    const many = await submit(victim.agent, '/profile', '/profile', {
      ...victim.form,
      attribution_domains: ['news.test', 'evil.test'],
    });
    refused(many.status);
  });

  // A public suffix is two labels, like a domain, yet names every site registered under it.
  it('refuses a public suffix (co.uk, github.io) as an attribution domain', async () => {
    const victim = await journalistAllowing(portal, 'news.test');
    for (const domain of ['co.uk', 'github.io', 'com.au']) {
      const res = await submit(victim.agent, '/profile', '/profile', { ...victim.form, attribution_domains: domain });
      expect([domain, res.status]).toEqual([domain, 422]);
    }
  });

  it('refuses fediverse accounts with unsafe characters or repeated fields (422), and saves nothing', async () => {
    const victim = await journalistAllowing(portal, 'news.test');
    for (const fediverse of [
      '@a\u202E@mastodon.social',
      '@a@mastodon.social\u0000',
      ['@a@mastodon.social', '@b@x.social'],
      'not an account',
      '@a@' + 'x'.repeat(300),
    ] as (string | string[])[]) {
      const res = await unchanged(portal, () => submit(victim.agent, '/profile', '/profile', { ...victim.form, fediverse }));
      expect([fediverse, res.status]).toEqual([fediverse, 422]);
    }
  });

  it('proves an article only by its own allowed address: a redirect to or from another domain proves nothing', async () => {
    const aoife = await journalistAllowing(portal, 'news.test');
    const credit = pageWith(relAuthor(profilePage(aoife.slug)));
    // Allowed address, redirected to a page elsewhere that credits her.
    const elsewhere = path();
    outlet.pages.set(elsewhere, credit);
    const redirects = new Map<string, string>();
    const hops = await pageServer((req, res) => {
      const to = redirects.get(req.url ?? '');
      if (to) return void res.writeHead(302, { Location: to }).end();
      res.writeHead(404).end();
    });
    try {
      const away = `/away-${++n}`;
      redirects.set(away, `http://elsewhere.test:${outlet.port}${elsewhere}`);
      const fromAllowed = `http://news.test:${hops.port}${away}`;
      expect((await addArticle(aoife.agent, fromAllowed)).headers.location).toBe('/articles?done=unproven');
      expect(await counts(fromAllowed)).toBeNull();
      // Another domain's address, redirected to an allowed page that credits her.
      const allowedPage = outlet.serve(path(), credit);
      const back = `/back-${++n}`;
      redirects.set(back, allowedPage);
      const fromElsewhere = `http://elsewhere.test:${hops.port}${back}`;
      expect((await addArticle(aoife.agent, fromElsewhere)).headers.location).toBe('/articles?done=unproven');
      expect(await counts(fromElsewhere)).toBeNull();
      expect(await counts(allowedPage)).toBeNull();
    } finally {
      await hops.close();
    }
  });
});

describe.each(portalStoreFactories())(
  'the page check with production defaults refuses private addresses ($name store)',
  (factory) => {
    let portal: Portal;
    let hits = 0;
    let local: Awaited<ReturnType<typeof pageServer>>;
    let target = '';
    let redirects = 0;
    const handler: http.RequestListener = (req, res) => {
      hits += 1;
      if (req.url?.startsWith('/redirect')) return void res.writeHead(302, { Location: target }).end();
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(pageWith(''));
    };
    beforeAll(async () => {
      local = await pageServer(handler);
    });
    afterAll(() => local.close());
    beforeEach(async () => {
      hits = 0;
      portal = await startPortal(factory, { fetchPage: undefined, outbound: undefined });
    });
    afterEach(() => portal.close());

    it('neither prefills nor proves from loopback, private, link-local or metadata addresses: the page is never asked for', async () => {
      const aoife = await journalistAllowing(portal, 'example.org');
      const addresses = [
        local.url('/a'),
        `http://localhost:${local.port}/a`,
        `http://[::1]:${local.port}/a`,
        `http://[::ffff:127.0.0.1]:${local.port}/a`,
        `http://2130706433:${local.port}/a`,
        `http://0x7f.0.0.1:${local.port}/a`,
        `http://127.1:${local.port}/a`,
        'http://10.0.0.1/a',
        'http://192.168.0.1/a',
        'http://169.254.169.254/latest/meta-data/',
        'http://[fd00::1]/a',
        'http://0.0.0.0/a',
      ];
      const csrf = await tokenOf(aoife.agent);
      for (const link of addresses) {
        const prefill = await post(aoife.agent, '/articles/fetch', { link }, csrf);
        expect([link, prefill.status < 500]).toEqual([link, true]);
        const saved = await addArticle(aoife.agent, link);
        savedUnprovenOrRefused(saved);
      }
      expect(hits).toBe(0);
    });

    it('does not follow a redirect to a private address (checked on every hop)', async () => {
      // Here loopback is allowed (ALLOWED_PRIVATE_ADDRESSES) for the first hop; the redirect aims at other private addresses.
      const only127 = await startPortal(factory, {
        fetchPage: createPageFetcher({ ...loopbackOutbound(), resolve: testResolver({ 'hop.test': '127.0.0.1' }) }),
      });
      try {
        const person = await journalistAllowing(only127, 'hop.test');
        for (const to of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://[fd00::1]/']) {
          target = to;
          hits = 0;
          const link = `http://hop.test:${local.port}/redirect-${++redirects}`;
          const saved = await addArticle(person.agent, link);
          expect([to, saved.headers.location]).toEqual([to, '/articles?done=unproven']);
          expect(hits).toBe(1);
          const claim = (await only127.repositories.articles.claimsOf(person.profileId)).find((c) => c.article.link === link)!;
          expect(claim.proof.state).toBe('claimed');
          expect(claim.proof.reason).toMatch(/could not be read/);
        }
      } finally {
        await only127.close();
      }
    });
  },
);
