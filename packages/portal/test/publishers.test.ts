import request from 'supertest';
import { DomainCheckThrottle } from '../src/throttles/domain-check-throttle';
import { editor } from './support/editors';
import { portalStoreFactories, signedUp, submit } from './support/portal-harness';
import { createdPublisher, domainEntry, freshDomain, publishersPortalPerTest, tokenOn } from './support/publishers';

describe.each(portalStoreFactories())('publishers: their admins’ pages ($name store)', (factory) => {
  const { dns, portal, restart } = publishersPortalPerTest(factory);

  /** A signed-up person with a publisher and a domain added to it. */
  async function withDomain(name = 'The Leinster Ledger') {
    const admin = await signedUp(portal.app);
    const path = await createdPublisher(admin.agent, name);
    const domain = freshDomain();
    const added = await submit(admin.agent, path, `${path}/domains`, { domain });
    expect(added.status).toBe(303);
    const page = await admin.agent.get(path);
    return { ...admin, path, domain, token: tokenOn(page.text, domain) };
  }

  it('creates a publisher from the form, lists it and links it from the navigation', async () => {
    const { agent, email } = await signedUp(portal.app);
    const home = await agent.get('/publishers');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<a href="/publishers" aria-current="page">Publishers</a');
    expect(home.text).toContain('You administer no publisher yet.');

    const res = await submit(agent, '/publishers', '/publishers', {
      name: 'The Leinster Ledger',
      logo_url: 'https://cdn.ledger.example/logo.png',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/publishers/the-leinster-ledger?done=1');
    const page = await agent.get(res.headers.location as string);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>The Leinster Ledger</h1>');
    expect(page.text).toContain('The Leinster Ledger is created.');
    expect(page.text).toContain('Not verified');
    expect(page.text).toContain('src="https://cdn.ledger.example/logo.png"');
    expect(page.text).toMatch(/class="action-created">Created<\/td>\s*<td data-label="By">you<\/td>/); // its admin reads their own part as "you"
    // The notice shows once.
    expect((await agent.get('/publishers/the-leinster-ledger')).text).not.toContain('is created.');

    const list = await agent.get('/publishers');
    expect(list.text).toContain('<a href="/publishers/the-leinster-ledger">The Leinster Ledger</a>');
    const stored = await portal.repositories.publishers.findBySlug('the-leinster-ledger');
    expect(stored).toMatchObject({ name: 'The Leinster Ledger', logoUrl: 'https://cdn.ledger.example/logo.png' });
    expect(stored!.adminUserId).toBe((await portal.repositories.users.findByEmail(email))!.id);
  });

  it('gives a publisher whose name is taken the next free slug', async () => {
    const first = await signedUp(portal.app);
    const second = await signedUp(portal.app);
    expect(await createdPublisher(first.agent, 'Cork Échó')).toBe('/publishers/cork-echo');
    expect(await createdPublisher(second.agent, 'Cork Echo')).toBe('/publishers/cork-echo-2');
    expect((await second.agent.get('/publishers')).text).toContain('href="/publishers/cork-echo-2"');
    expect((await second.agent.get('/publishers')).text).not.toContain('href="/publishers/cork-echo"');
  });

  it('lets one account administer at most five publishers, so no one person can take every address of a name', async () => {
    const { agent } = await signedUp(portal.app);
    for (let n = 1; n <= 5; n++)
      expect(await createdPublisher(agent, `Squat Gazette ${n}`)).toBe(`/publishers/squat-gazette-${n}`);
    const sixth = await submit(agent, '/publishers', '/publishers', { name: 'Squat Gazette 6', logo_url: '' });
    expect(sixth.status).toBe(409);
    expect(sixth.text).toContain('You administer 5 publishers already, as many as one account may.');
    expect(await portal.repositories.publishers.findBySlug('squat-gazette-6')).toBeNull();
  });

  it('does not hand a deleted account’s publishers to whoever signs up next (user ids may be given again)', async () => {
    const leaving = await signedUp(portal.app);
    const path = await createdPublisher(leaving.agent, 'Departing Daily');
    const deleted = await submit(leaving.agent, '/account/delete', '/account/delete', { email: leaving.email });
    expect(deleted.status).toBe(303);
    const stored = await portal.repositories.publishers.findBySlug(path.split('/').pop()!);
    expect(stored).toMatchObject({ name: 'Departing Daily', adminUserId: null });
    const next = await signedUp(portal.app);
    expect((await next.agent.get(path)).status).toBe(404);
    expect((await next.agent.get('/publishers')).text).not.toContain('Departing Daily');
  });

  it('erases the invitations sent to a deleted account’s address that no profile took up', async () => {
    const admin = await signedUp(portal.app);
    const path = await createdPublisher(admin.agent, 'Inviting Herald');
    const publisher = (await portal.repositories.publishers.findBySlug(path.split('/').pop()!))!;
    const leaving = await signedUp(portal.app);
    const invited = (await portal.repositories.staff.invite(publisher.id, { email: leaving.email }, admin.email, new Date()))!;
    const deleted = await submit(leaving.agent, '/account/delete', '/account/delete', { email: leaving.email });
    expect(deleted.status).toBe(303);
    expect(await portal.repositories.staff.findById(invited.id)).toBeNull();
  });

  it('refuses a publisher without a name or with a logo that is not https, naming the field', async () => {
    const { agent } = await signedUp(portal.app);
    const noName = await submit(agent, '/publishers', '/publishers', { name: '  ', logo_url: '' });
    expect(noName.status).toBe(422);
    expect(noName.text).toContain('The name is required');
    const httpLogo = await submit(agent, '/publishers', '/publishers', { name: 'Ledger', logo_url: 'http://x.example/l.png' });
    expect(httpLogo.status).toBe(422);
    expect(httpLogo.text).toContain('The logo address must be an address starting with https://');
    expect(httpLogo.text).toContain('value="Ledger"');
    expect(await portal.repositories.publishers.list()).toEqual([]);
  });

  it('adds a domain, normalised, and shows its token with both ways to prove it', async () => {
    const admin = await signedUp(portal.app);
    const path = await createdPublisher(admin.agent, 'Galway Advertiser');
    const domain = freshDomain('galway');
    const added = await submit(admin.agent, path, `${path}/domains`, { domain: `https://${domain.toUpperCase()}/` });
    expect(added.status).toBe(303);
    const page = await admin.agent.get(added.headers.location as string);
    expect(page.text).toContain(`${domain} is added.`);
    const token = tokenOn(page.text, domain);
    const entry = domainEntry(page.text, domain);
    expect(entry).toContain('Pending: not proven yet');
    expect(entry).toContain(`id="dns-name-${domain}">_byline.${domain}<`);
    // Each value has its Copy button, hidden until the served script finds the browser can copy.
    expect(entry).toMatch(new RegExp(`data-copy="dns-name-${domain.replace(/\./g, '\\.')}"[^>]*hidden>Copy`));
    expect(entry).toContain(`byline-verification=${token}`);
    expect(entry).toContain(`id="file-url-${domain}">https://${domain}/.well-known/byline-verification.txt<`);
    expect(entry).toContain(`action="${path}/domains/${domain}/check"`);
    expect(page.text).toMatch(/Domain added<\/td>/);
    const publisher = (await portal.repositories.publishers.findBySlug(path.split('/').pop()!))!;
    expect(await portal.repositories.publisherDomains.findDomain(publisher.id, domain)).toMatchObject({
      token,
      state: 'pending',
    });

    const again = await submit(admin.agent, path, `${path}/domains`, { domain });
    expect((await admin.agent.get(again.headers.location as string)).text).toContain(`${domain} is already listed`);
  });

  it('refuses a public suffix or a path as a domain, naming the field, and adds nothing', async () => {
    const admin = await signedUp(portal.app);
    const path = await createdPublisher(admin.agent, 'Suffix Times');
    for (const [domain, why] of [
      ['co.uk', 'co.uk is a public suffix'],
      ['github.io', 'github.io is a public suffix'],
      ['ledger.example/news', 'ledger.example/news must be a domain, without a path'],
      [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.example`, 'A domain has at most 253 characters.'],
    ]) {
      const res = await submit(admin.agent, path, `${path}/domains`, { domain: domain! });
      expect({ domain, status: res.status }).toEqual({ domain, status: 422 });
      expect(res.text).toContain(why);
      expect(res.text).not.toContain('The domain field');
      expect(res.text).toContain('aria-invalid="true"');
      expect(res.text).toContain(`value="${domain}"`);
    }
    const publisher = (await portal.repositories.publishers.findBySlug('suffix-times'))!;
    expect(await portal.repositories.publisherDomains.domainsOf(publisher.id)).toEqual([]);
  });

  it('proves a domain by its DNS TXT record on “Check now”', async () => {
    const { agent, path, domain, token } = await withDomain();
    dns.set(`_byline.${domain}`, { txt: ['some-other=record', `byline-verification=${token}`] });
    const checked = await submit(agent, path, `${path}/domains/${domain}/check`, {});
    expect(checked.status).toBe(303);
    expect(checked.headers.location).toBe(`${path}?done=1`);
    expect(dns.queries).toContain(`_byline.${domain} TXT`);
    const page = await agent.get(checked.headers.location as string);
    expect(page.text).toContain(`${domain} is proven by its DNS TXT record _byline.${domain}. Byline checks it again every day`);
    const entry = domainEntry(page.text, domain);
    expect(entry).toMatch(/class="badge verified state-proven">Proven</);
    expect(entry).toContain('Proven by its DNS TXT record on');
    expect(page.text).toMatch(
      /Domain proven<\/td>\s*<td data-label="By">[^<]+<\/td>\s*<td data-label="Note">[^<]*\(DNS TXT record\)/,
    );
    const publisher = (await portal.repositories.publishers.findBySlug(path.split('/').pop()!))!;
    expect(await portal.repositories.publisherDomains.findDomain(publisher.id, domain)).toMatchObject({
      state: 'proven',
      method: 'dns-txt',
    });
  });

  it('says why “Check now” failed when the record holds another token, naming _byline.DOMAIN', async () => {
    const { agent, path, domain } = await withDomain();
    dns.set(`_byline.${domain}`, { txt: ['byline-verification=0123456789abcdef0123456789abcdef'] });
    const checked = await submit(agent, path, `${path}/domains/${domain}/check`, {});
    expect(checked.status).toBe(303);
    const page = await agent.get(checked.headers.location as string);
    expect(page.text).toContain(`${domain} is not proven yet: The TXT record _byline.${domain} has no matching value, and`);
    expect(page.text).toMatch(/<p class="form-error" role="alert">[^<]*_byline\./);
    const entry = domainEntry(page.text, domain);
    expect(entry).toContain('Pending: not proven yet');
    expect(entry).toContain(`Last failure: The TXT record _byline.${domain} has no matching value`);

    // No record at all says so too.
    const other = freshDomain();
    await submit(agent, path, `${path}/domains`, { domain: other });
    const missing = await submit(agent, path, `${path}/domains/${other}/check`, {});
    expect((await agent.get(missing.headers.location as string)).text).toContain(
      `${other} is not proven yet: The TXT record _byline.${other} was not found`,
    );
  });

  it('keeps a proven domain through a failing check until its grace period ends, then says it lapsed', async () => {
    // This test checks one domain three times at once, as days passing on its clock would allow: the check
    // throttle (real time; publisher-check-throttle.test.ts) lets it.
    await restart({ domainCheckThrottle: new DomainCheckThrottle({ perDomain: 3 }) });
    const { agent, email, password, path, domain, token } = await withDomain();
    dns.set(`_byline.${domain}`, { txt: [`byline-verification=${token}`] });
    await submit(agent, path, `${path}/domains/${domain}/check`, {});
    expect(domainEntry((await agent.get(path)).text, domain)).toContain('Keep its proof in place');
    dns.set(`_byline.${domain}`, {});

    const failing = await submit(agent, path, `${path}/domains/${domain}/check`, {});
    const page = await agent.get(failing.headers.location as string);
    expect(page.text).toContain(`${domain} is failing its proof (it still counts until its grace period ends): The TXT record`);
    expect(domainEntry(page.text, domain)).toMatch(/state-proven">Proven</);
    expect(domainEntry(page.text, domain)).toContain('Failing since');

    // Past RECHECK_GRACE (3 days by default): the session has ended meanwhile, so the admin signs in again.
    portal.clock.now = new Date(portal.clock.now.getTime() + 4 * 86_400_000);
    await submit(agent, '/signin', '/signin', { email, password });
    const lapsed = await submit(agent, path, `${path}/domains/${domain}/check`, {});
    const after = await agent.get(lapsed.headers.location as string);
    expect(after.text).toContain(`${domain} lapsed: its proof failed past the grace period.`);
    expect(domainEntry(after.text, domain)).toContain('Lapsed: its proof stopped holding; prove it again');
    expect(after.text).toMatch(/Domain lapsed<\/td>/);
  });

  it('does not prove a domain another publisher holds proven', async () => {
    const first = await withDomain('First Gazette');
    dns.set(`_byline.${first.domain}`, { txt: [`byline-verification=${first.token}`] });
    expect((await submit(first.agent, first.path, `${first.path}/domains/${first.domain}/check`, {})).status).toBe(303);

    const second = await signedUp(portal.app);
    const path = await createdPublisher(second.agent, 'Second Gazette');
    await submit(second.agent, path, `${path}/domains`, { domain: first.domain });
    const token = tokenOn((await second.agent.get(path)).text, first.domain);
    dns.set(`_byline.${first.domain}`, { txt: [`byline-verification=${first.token}`, `byline-verification=${token}`] });
    const checked = await submit(second.agent, path, `${path}/domains/${first.domain}/check`, {});
    const page = await second.agent.get(checked.headers.location as string);
    expect(page.text).toContain(`${first.domain} is proven by another publisher, so it was not proven here.`);
    expect(domainEntry(page.text, first.domain)).toContain('Pending: not proven yet');
  });

  it('shows a publisher’s page only to its admin and editors (404 to anyone else)', async () => {
    const { path, domain } = await withDomain();
    const stranger = await signedUp(portal.app);
    const page = await stranger.agent.get(path);
    expect(page.status).toBe(404);
    expect(page.text).toContain('There is no such publisher.');
    expect(page.text).not.toContain('The Leinster Ledger');
    expect((await stranger.agent.get('/publishers/nobody-at-all')).status).toBe(404);
    // A form posted with a token from a page the stranger may open changes nothing either.
    for (const action of [`${path}/domains`, `${path}/domains/${domain}/check`, `${path}/domains/${domain}/remove`]) {
      const res = await submit(stranger.agent, '/publishers', action, { domain: freshDomain(), confirm: 'remove' });
      expect({ action, status: res.status }).toEqual({ action, status: 404 });
    }
    expect((await request(portal.app).get(path)).status).toBe(303);

    const desk = await editor(portal);
    const seen = await desk.agent.get(path);
    expect(seen.status).toBe(200);
    expect(seen.text).toContain('The Leinster Ledger');
    // Editors look; the admin manages its domains.
    expect(seen.text).not.toContain(`action="${path}/domains"`);
    const refused = await submit(desk.agent, path, `${path}/domains`, { domain: freshDomain() });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Only the publisher’s admin manages its domains.');
    const publisher = (await portal.repositories.publishers.findBySlug(path.split('/').pop()!))!;
    expect((await portal.repositories.publisherDomains.domainsOf(publisher.id)).map((d) => d.domain)).toEqual([domain]);
  });

  it('asks before removing a domain, and removes it once confirmed', async () => {
    const { agent, path, domain, token } = await withDomain();
    dns.set(`_byline.${domain}`, { txt: [`byline-verification=${token}`] });
    await submit(agent, path, `${path}/domains/${domain}/check`, {});
    const page = await agent.get(path);
    expect(domainEntry(page.text, domain)).toContain(`href="${path}/domains/${domain}/remove"`);

    const asked = await agent.get(`${path}/domains/${domain}/remove`);
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(`Remove ${domain} from The Leinster Ledger?`);
    expect(asked.text).toContain('Its proof ends at once');
    expect(asked.text).toContain('name="confirm" value="remove"');
    // Without the confirmation the form asks again and removes nothing.
    const unconfirmed = await submit(agent, path, `${path}/domains/${domain}/remove`, {});
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.text).toContain(`Remove ${domain} from The Leinster Ledger?`);
    const publisher = (await portal.repositories.publishers.findBySlug(path.split('/').pop()!))!;
    expect(await portal.repositories.publisherDomains.findDomain(publisher.id, domain)).not.toBeNull();

    const removed = await submit(agent, `${path}/domains/${domain}/remove`, `${path}/domains/${domain}/remove`, {
      confirm: 'remove',
    });
    expect(removed.status).toBe(303);
    const after = await agent.get(removed.headers.location as string);
    expect(after.text).toContain(`${domain} is removed.`);
    expect(domainEntry(after.text, domain)).toBe('');
    expect(after.text).toMatch(/Domain removed<\/td>/);
    expect(await portal.repositories.publisherDomains.findDomain(publisher.id, domain)).toBeNull();
    expect((await agent.get(`${path}/domains/${domain}/remove`)).status).toBe(404);
  });

  it('refuses a form without its CSRF token (403) and changes nothing', async () => {
    const { agent, path, domain } = await withDomain();
    const created = await agent.post('/publishers').type('form').send({ name: 'Forged Weekly' });
    expect(created.status).toBe(403);
    expect(created.text).toContain('This form has expired or did not come from this site.');
    expect(await portal.repositories.publishers.findBySlug('forged-weekly')).toBeNull();
    const forged = await agent.post(`${path}/domains/${domain}/remove`).type('form').send({ confirm: 'remove', _csrf: 'x' });
    expect(forged.status).toBe(403);
    expect(domainEntry((await agent.get(path)).text, domain)).not.toBe('');
  });
});
