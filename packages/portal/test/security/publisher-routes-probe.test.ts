import request from 'supertest';
import { editor } from '../support/editors';
import {
  csrfFrom,
  everythingStored,
  portalStoreFactories,
  signedUp,
  submit,
  type Agent,
  type Portal,
} from '../support/portal-harness';
import { createdPublisher, freshDomain, publishersPortalPerTest, tokenOn } from '../support/publishers';

/**
 * An attacker's probe of the publisher routes (/publishers, a publisher's page and its forms, the editors' list and
 * decisions): every attempt is refused with the status the portal gives (sign-in, 401, 403, 404, 422), never a 5xx,
 * markup in what people type comes back escaped, and a refused attempt leaves every stored byte as it was.
 */

type Fields = Record<string, string | string[]>;

const NO_SUCH_PUBLISHER = 'There is no such publisher.';
const NO_SUCH_DOMAIN = 'This publisher has no such domain.';
const ADMIN_ONLY = 'Only the publisher’s admin manages its domains.';
const EDITORS_ONLY = 'Only editors can do this.';
const OWN_PUBLISHER = 'You administer this publisher: another editor must verify it or withdraw its verification.';
const EXPIRED_FORM = 'This form has expired or did not come from this site.';
const SIGN_IN_AGAIN = 'Your session has ended. Sign in again.';
const NO_PAGE = 'There is no page at this address.';

/** The person's CSRF token, from a page every signed-in person (and a signed-out one) may open. */
async function tokenOf(agent: Agent, page = '/publishers'): Promise<string> {
  return csrfFrom((await agent.get(page)).text);
}

/** Posts the form with the given token (null: none at all). */
function post(agent: Agent, action: string, fields: Fields, csrf: string | string[] | null) {
  return agent
    .post(action)
    .type('form')
    .send(csrf === null ? fields : { ...fields, _csrf: csrf });
}

/** Asserts the attempt left every stored byte as it was. */
async function unchanged<T>(portal: Portal, attempt: () => Promise<T>): Promise<T> {
  const before = await everythingStored(portal.store);
  const result = await attempt();
  expect((await everythingStored(portal.store)).equals(before)).toBe(true);
  return result;
}

const INJECTED_NAME = `<script>alert("name")</script><img src=x onerror=alert(1)> & 'Co'`;
const INJECTED_NOTE = `<script>alert("note")</script>"><b onmouseover=alert(2)>`;

describe.each(portalStoreFactories())('probing the publisher routes ($name store)', (factory) => {
  const { dns, portal } = publishersPortalPerTest(factory);

  /**
   * A victim (no editor) with a publisher holding a proven domain and a pending one; a stranger with a publisher of
   * their own; an editor; and an editor who administers a publisher of their own.
   */
  async function arranged() {
    const victim = await signedUp(portal.app);
    const path = await createdPublisher(victim.agent, 'Victim Ledger');
    const slug = path.split('/').pop()!;
    const proven = freshDomain('victim');
    const pending = freshDomain('pending');
    for (const domain of [proven, pending]) await submit(victim.agent, path, `${path}/domains`, { domain });
    const page = (await victim.agent.get(path)).text;
    const token = tokenOn(page, proven);
    dns.set(`_byline.${proven}`, { txt: [`byline-verification=${token}`] });
    expect((await submit(victim.agent, path, `${path}/domains/${proven}/check`, {})).status).toBe(303);

    const stranger = await signedUp(portal.app);
    const strangerPath = await createdPublisher(stranger.agent, 'Stranger Times');
    const strangerDomain = freshDomain('stranger');
    await submit(stranger.agent, strangerPath, `${strangerPath}/domains`, { domain: strangerDomain });

    const desk = await editor(portal);
    const self = await editor(portal);
    const selfPath = await createdPublisher(self.agent, 'Editor Owned Weekly');
    return { victim, path, slug, proven, pending, token, stranger, strangerPath, strangerDomain, desk, self, selfPath };
  }

  /** Every form on a publisher: the admin's, the trust.txt reading, the editors' decisions. */
  const adminForms = (path: string, domain: string): [string, Fields][] => [
    [`${path}/domains`, { domain: freshDomain('forged') }],
    [`${path}/domains/${domain}/check`, {}],
    [`${path}/domains/${domain}/remove`, { confirm: 'remove' }],
    [`${path}/trust`, {}],
    [`${path}/verification-request`, { note: 'Forged request' }],
    [`${path}/delete`, { confirm: 'delete' }],
  ];
  const decisionForms = (path: string): [string, Fields][] => [
    [`/editor${path}/verify`, { note: 'Forged decision' }],
    [`/editor${path}/unverify`, { note: 'Forged decision' }],
  ];

  it('sends anonymous visitors to sign-in (pages) or refuses them 401 (forms), telling nothing of the publisher', async () => {
    const { path, proven } = await arranged();
    const anonymous = request.agent(portal.app);
    for (const page of [
      '/publishers',
      path,
      `${path}/domains/${proven}/remove`,
      `${path}/delete`,
      '/editor/publishers',
      '/publishers/no-such',
    ]) {
      const res = await anonymous.get(page);
      expect([page, res.status, res.headers.location]).toEqual([page, 303, `/signin?next=${encodeURIComponent(page)}`]);
      expect(res.text).not.toContain('Victim Ledger');
    }
    const csrf = await tokenOf(anonymous, '/signin');
    await unchanged(portal, async () => {
      for (const [action, fields] of [
        ['/publishers', { name: 'Anonymous Gazette', logo_url: '' }],
        ...adminForms(path, proven),
        ...decisionForms(path),
      ] as [string, Fields][]) {
        const res = await post(anonymous, action, fields, csrf);
        expect([action, res.status]).toEqual([action, 401]);
        expect(res.text).toContain(SIGN_IN_AGAIN);
        expect(res.text).not.toContain('Victim Ledger');
      }
    });
  });

  it('answers another signed-in person 404 on someone else’s publisher and every one of its forms, as for none at all', async () => {
    const { path, proven, pending, stranger, victim, strangerPath, strangerDomain } = await arranged();
    const none = await stranger.agent.get('/publishers/no-such-publisher');
    expect(none.status).toBe(404);
    for (const page of [path, `${path}/domains/${proven}/remove`, `${path}/domains/${pending}/remove`, `${path}/delete`]) {
      const res = await stranger.agent.get(page);
      expect([page, res.status]).toEqual([page, 404]);
      expect(res.text).toContain(NO_SUCH_PUBLISHER);
      expect(res.text).not.toContain('Victim Ledger');
      expect(res.text).not.toContain(proven);
    }
    const list = await stranger.agent.get('/publishers');
    expect(list.text).toContain('Stranger Times');
    expect(list.text).not.toContain('Victim Ledger');
    const csrf = await tokenOf(stranger.agent);
    await unchanged(portal, async () => {
      for (const [action, fields] of [...adminForms(path, proven), ...adminForms(path, pending)]) {
        const res = await post(stranger.agent, action, fields, csrf);
        expect([action, res.status]).toEqual([action, 404]);
        expect(res.text).toContain(NO_SUCH_PUBLISHER);
        expect(res.text).not.toContain('Victim Ledger');
      }
      // The victim's own domain named under the stranger's publisher, and the other way round: no such domain there.
      const victimCsrf = await tokenOf(victim.agent);
      for (const [agent, token, action] of [
        [stranger.agent, csrf, `${strangerPath}/domains/${proven}/check`],
        [stranger.agent, csrf, `${strangerPath}/domains/${proven}/remove`],
        [victim.agent, victimCsrf, `${path}/domains/${strangerDomain}/check`],
        [victim.agent, victimCsrf, `${path}/domains/${strangerDomain}/remove`],
      ] as [Agent, string, string][]) {
        const res = await post(agent, action, { confirm: 'remove' }, token);
        expect([action, res.status]).toEqual([action, 404]);
        expect(res.text).toContain(NO_SUCH_DOMAIN);
      }
    });
    // The victim's page is untouched and still theirs.
    const own = await victim.agent.get(path);
    expect(own.status).toBe(200);
    expect(own.text).toContain(`data-domain="${proven}"`);
    expect(own.text).toContain(`data-domain="${pending}"`);
  });

  it('refuses (403) non-editors the editors’ list and decisions, its admin included, and an editor deciding on their own', async () => {
    const { path, victim, stranger, self, selfPath } = await arranged();
    await unchanged(portal, async () => {
      for (const person of [victim, stranger]) {
        const list = await person.agent.get('/editor/publishers');
        expect(list.status).toBe(403);
        expect(list.text).toContain(EDITORS_ONLY);
        expect(list.text).not.toContain('Victim Ledger');
        const csrf = await tokenOf(person.agent);
        for (const [action, fields] of [...decisionForms(path), ...decisionForms(selfPath)]) {
          const res = await post(person.agent, action, fields, csrf);
          expect([action, res.status]).toEqual([action, 403]);
          expect(res.text).toContain(EDITORS_ONLY);
        }
      }
      const csrf = await tokenOf(self.agent);
      for (const [action, fields] of decisionForms(selfPath)) {
        // Whatever the note says (none, or a long one), the refusal comes first.
        for (const note of ['Trust me', '', 'x'.repeat(5000)]) {
          const res = await post(self.agent, action, { ...fields, note }, csrf);
          expect([action, note.length, res.status]).toEqual([action, note.length, 403]);
          expect(res.text).toContain(OWN_PUBLISHER);
        }
      }
    });
    expect((await portal.repositories.publishers.findBySlug(selfPath.split('/').pop()!))!.verifiedAt).toBeNull();
  });

  it('lets an editor look at a publisher but not manage its domains (403), nor see its proof tokens', async () => {
    const { path, proven, pending, token, desk } = await arranged();
    const page = await desk.agent.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Victim Ledger');
    expect(page.text).not.toContain(token);
    expect(page.text).not.toContain('byline-verification=');
    for (const domain of [proven, pending]) {
      const res = await desk.agent.get(`${path}/domains/${domain}/remove`);
      expect([domain, res.status]).toEqual([domain, 403]);
      expect(res.text).toContain(ADMIN_ONLY);
    }
    const deletion = await desk.agent.get(`${path}/delete`);
    expect(deletion.status).toBe(403);
    expect(deletion.text).toContain(ADMIN_ONLY);
    const csrf = await tokenOf(desk.agent);
    await unchanged(portal, async () => {
      for (const [action, fields] of adminForms(path, proven).filter(([action]) => !action.endsWith('/trust'))) {
        const res = await post(desk.agent, action, fields, csrf);
        expect([action, res.status]).toEqual([action, 403]);
        expect(res.text).toContain(ADMIN_ONLY);
      }
    });
  });

  it('refuses (403) every publisher form without its CSRF token, with a wrong or another session’s, or as JSON', async () => {
    const { path, proven, victim, stranger, desk } = await arranged();
    const strangerCsrf = await tokenOf(stranger.agent);
    const victimCsrf = await tokenOf(victim.agent);
    await unchanged(portal, async () => {
      for (const [agent, forms] of [
        [victim.agent, [['/publishers', { name: 'Forged Weekly', logo_url: '' }], ...adminForms(path, proven)]],
        [desk.agent, [...decisionForms(path), [`${path}/trust`, {}]]],
      ] as [Agent, [string, Fields][]][]) {
        const other = agent === victim.agent ? strangerCsrf : victimCsrf;
        for (const [action, fields] of forms) {
          for (const csrf of [null, '', 'x'.repeat(43), other, [other, other]] as const) {
            const res = await post(agent, action, fields, csrf as string | string[] | null);
            expect([action, csrf, res.status]).toEqual([action, csrf, 403]);
            expect(res.text).toContain(EXPIRED_FORM);
          }
          // JSON is not a form the portal reads: its token is never seen.
          const json = await agent.post(action).send({ ...fields, _csrf: await tokenOf(agent) });
          expect([action, 'json', json.status]).toEqual([action, 'json', 403]);
          // A token in the query string is not the form's.
          const query = await agent
            .post(`${action}?_csrf=${encodeURIComponent(await tokenOf(agent))}`)
            .type('form')
            .send(fields);
          expect([action, 'query', query.status]).toEqual([action, 'query', 403]);
        }
      }
    });
    expect(await portal.repositories.publishers.findBySlug('forged-weekly')).toBeNull();
  });

  it('escapes markup in a publisher’s name and an editor’s note everywhere they are shown', async () => {
    const admin = await signedUp(portal.app);
    const created = await submit(admin.agent, '/publishers', '/publishers', { name: INJECTED_NAME, logo_url: '' });
    expect(created.status).toBe(303);
    const path = (created.headers.location as string).replace(/\?done=1$/, '');
    expect(path).toMatch(/^\/publishers\/[a-z0-9-]+$/);
    const escapedName =
      '&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;Co&#39;';
    // The notice is shown once, on the page the creation leads to.
    const createdPage = (await admin.agent.get(created.headers.location as string)).text;
    const domain = freshDomain('inject');
    await submit(admin.agent, path, `${path}/domains`, { domain });

    const desk = await editor(portal);
    const verified = await submit(desk.agent, path, `/editor${path}/verify`, { note: INJECTED_NOTE });
    expect(verified.status).toBe(303);
    const pages = [
      createdPage,
      (await admin.agent.get(path)).text,
      (await admin.agent.get('/publishers')).text,
      (await admin.agent.get(`${path}/domains/${domain}/remove`)).text,
      (await desk.agent.get(verified.headers.location as string)).text,
      (await desk.agent.get('/editor/publishers')).text,
    ];
    for (const page of pages) {
      expect(page).toContain(escapedName);
      expect(page).not.toContain('<script>alert');
      expect(page).not.toContain('<img src=x');
    }
    expect(pages[0]).toContain(`<h1>${escapedName}</h1>`);
    expect(pages[0]).toContain(`${escapedName} is created.`);
    expect(pages[4]).toContain(`${escapedName} is verified.`);
    expect(pages[4]).toContain(
      '<td data-label="Note">&lt;script&gt;alert(&quot;note&quot;)&lt;/script&gt;&quot;&gt;&lt;b onmouseover=alert(2)&gt;</td>',
    );
    expect(pages[4]).not.toContain('<b onmouseover');
  });

  it('refuses (422) markup, addresses and oversized values as a domain, echoing what was typed escaped', async () => {
    const admin = await signedUp(portal.app);
    const path = await createdPublisher(admin.agent, 'Field Probe');
    const csrf = await tokenOf(admin.agent);
    const publisher = (await portal.repositories.publishers.findBySlug('field-probe'))!;
    await unchanged(portal, async () => {
      for (const domain of [
        '"><script>alert(1)</script>.test',
        '<img src=x onerror=alert(1)>',
        'javascript:alert(1)',
        'ledger.test/../../admin',
        'ledger.test\u202E',
        'ledger.test\u0000',
        `${'a'.repeat(64)}.test`,
        `${'a.'.repeat(200)}test`,
        '..',
        '',
        ['a.test', 'b.test'],
      ] as (string | string[])[]) {
        const res = await post(admin.agent, `${path}/domains`, { domain }, csrf);
        expect([domain, res.status]).toEqual([domain, 422]);
        expect(res.text).not.toContain('<script>alert');
        expect(res.text).not.toContain('<img src=x');
      }
      const typed = await post(admin.agent, `${path}/domains`, { domain: '"><script>alert(1)</script>.test' }, csrf);
      expect(typed.text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.test"');
      for (const fields of [
        { name: '', logo_url: '' },
        { name: ['A', 'B'], logo_url: '' },
        { name: 'x'.repeat(201), logo_url: '' },
        { name: 'Bidi\u202EEvil', logo_url: '' },
        { name: 'Logo Probe', logo_url: 'javascript:alert(1)' },
        { name: 'Logo Probe', logo_url: 'https://cdn.example/l.png" onerror="alert(1)' },
        { name: 'Logo Probe', logo_url: 'https://user:pass@cdn.example/l.png' },
      ] as Fields[]) {
        const res = await post(admin.agent, '/publishers', fields, csrf);
        expect([fields, res.status]).toEqual([fields, 422]);
        expect(res.text).not.toContain('onerror="alert');
      }
      const huge = await post(admin.agent, `${path}/domains`, { domain: 'x'.repeat(300_000) }, csrf);
      expect(huge.status).toBe(413);
    });
    expect(await portal.repositories.publisherDomains.domainsOf(publisher.id)).toEqual([]);
  });

  it('answers path tricks in :slug and :domain with 404 (400 for an address that cannot be decoded), never a 5xx', async () => {
    const { path, slug, proven, victim, desk } = await arranged();
    const slugs = [
      '%2F',
      `${slug}%2Fdomains`,
      `..%2F${slug}`,
      '..',
      '.',
      '%2e%2e',
      `${slug}%2F..%2F..`,
      slug.toUpperCase(),
      `${slug}%20`,
      `%20${slug}`,
      `${slug}%0A`,
      `${slug}%00`,
      `${slug};x`,
      `${slug}%E2%80%AE`,
      'a'.repeat(81),
      'a'.repeat(6000),
      '-'.repeat(80),
    ];
    const domains = [
      '%2F',
      `${proven}%2F..`,
      `..%2F${proven}`,
      '..',
      '.',
      '%2e%2e',
      proven.toUpperCase(),
      `${proven}.`,
      `${proven}%00`,
      `${proven}%0A`,
      `${proven}%20`,
      `${proven}:443`,
      'localhost',
      '127.0.0.1',
      'a'.repeat(254),
      `${'a.'.repeat(2500)}test`,
    ];
    const undecodable = ['%', '%ff', '%E0%A4%A', `${slug}%C0%AE%C0%AE`];
    const victimCsrf = await tokenOf(victim.agent);
    const deskCsrf = await tokenOf(desk.agent);
    const expectStatus = (what: string, status: number, wanted: number) => expect([what, status]).toEqual([what, wanted]);
    await unchanged(portal, async () => {
      for (const bad of [...slugs, ...undecodable]) {
        const wanted = undecodable.includes(bad) ? 400 : 404;
        const base = `/publishers/${bad}`;
        const page = await victim.agent.get(base);
        expectStatus(base, page.status, wanted);
        if (wanted === 404) expect(page.text).toContain(NO_SUCH_PUBLISHER);
        expectStatus(`${base} remove`, (await victim.agent.get(`${base}/domains/${proven}/remove`)).status, wanted);
        for (const [action, fields] of adminForms(base, proven)) {
          expectStatus(action, (await post(victim.agent, action, fields, victimCsrf)).status, wanted);
        }
        for (const [action, fields] of decisionForms(base)) {
          expectStatus(action, (await post(desk.agent, action, fields, deskCsrf)).status, wanted);
        }
      }
      for (const bad of [...domains, ...undecodable]) {
        const wanted = undecodable.includes(bad) ? 400 : 404;
        const base = `${path}/domains/${bad}`;
        const page = await victim.agent.get(`${base}/remove`);
        expectStatus(`${base}/remove`, page.status, wanted);
        if (wanted === 404) expect(page.text).toContain(NO_SUCH_DOMAIN);
        for (const verb of ['check', 'remove']) {
          const res = await post(victim.agent, `${base}/${verb}`, { confirm: 'remove' }, victimCsrf);
          expectStatus(`${base}/${verb}`, res.status, wanted);
          expect(res.text).not.toContain('Something went wrong');
        }
      }
    });
    // Slashes, dots and extra segments that are not encoded are other addresses (the client sends them as written):
    // no page there, except the publisher's own page with a trailing slash, which its admin may see anyway.
    for (const [page, status] of [
      [`${path}/`, 200],
      [`${path}/domains/${proven}/check/extra`, 404],
      [`${path}/domains/${proven}/../../../editor/publishers`, 404],
      [`/publishers/${slug}/../${slug}`, 404],
      [`/publishers/${slug}/trust/..`, 404],
    ] as [string, number][]) {
      const res = await victim.agent.get(page);
      expect([page, res.status]).toEqual([page, status]);
    }
    expect((await victim.agent.get(path)).text).toContain(`data-domain="${proven}"`);
  });

  it('answers a GET on a form’s address, and other methods anywhere, with 404 (no page there), changing nothing', async () => {
    const { path, proven, victim, desk } = await arranged();
    await unchanged(portal, async () => {
      for (const [agent, action] of [
        ...[`${path}/domains`, `${path}/domains/${proven}/check`, `${path}/trust`].map((action) => [victim.agent, action]),
        ...decisionForms(path).map(([action]) => [desk.agent, action]),
      ] as [Agent, string][]) {
        const get = await agent.get(action);
        expect([action, get.status]).toEqual([action, 404]);
        expect(get.text).toContain(NO_PAGE);
        const head = await agent.head(action);
        expect([action, 'HEAD', head.status]).toEqual([action, 'HEAD', 404]);
      }
      // PUT, PATCH and DELETE with a valid token: no route takes them (without one, the CSRF check refuses them first).
      const csrf = await tokenOf(victim.agent);
      for (const address of [
        '/publishers',
        path,
        `${path}/domains`,
        `${path}/domains/${proven}`,
        `${path}/domains/${proven}/remove`,
        `${path}/trust`,
      ]) {
        for (const method of ['put', 'patch', 'delete'] as const) {
          const res = await victim.agent[method](address).type('form').send({ _csrf: csrf, confirm: 'remove' });
          expect([method, address, res.status]).toEqual([method, address, 404]);
          const bare = await victim.agent[method](address).type('form').send({ confirm: 'remove' });
          expect([method, address, bare.status]).toEqual([method, address, 403]);
        }
      }
    });
    expect((await victim.agent.get(path)).text).toContain(`data-domain="${proven}"`);
  });
});
