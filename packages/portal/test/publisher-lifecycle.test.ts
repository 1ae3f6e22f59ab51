import request from 'supertest';
import { editor } from './support/editors';
import { portalStoreFactories, signedUp, submit } from './support/portal-harness';
import { checkedWithTxtRecord, createdPublisher, freshDomain, publishersPortalPerTest } from './support/publishers';

describe.each(portalStoreFactories())('a publisher’s admin ($name store)', (factory) => {
  const { dns, portal } = publishersPortalPerTest(factory);

  const signIn = async (email: string, password: string) => {
    const agent = request.agent(portal.app);
    const res = await submit(agent, '/signin', '/signin', { email, password });
    return { agent, landed: res.headers.location as string };
  };

  it('is offered a way in from the home page and the sign-up form, and lands on their publisher after signing in', async () => {
    const home = await request(portal.app).get('/');
    expect(home.text).toContain('For publishers');
    expect(home.text).toContain('href="/signup?for=publisher"');
    const form = await request(portal.app).get('/signup?for=publisher');
    expect(form.text).toContain('Register your publication');
    expect(form.text).toMatch(/<option value="publisher"\s+selected/);

    const agent = request.agent(portal.app);
    const email = `outlet-${Date.now()}@example.org`;
    const password = 'correct horse battery';
    const signedUpAs = await submit(agent, '/signup', '/signup', { email, password, purpose: 'publisher' });
    expect(signedUpAs.status).toBe(303);
    expect(signedUpAs.headers.location).toBe('/publishers');
    const path = await createdPublisher(agent, 'The Harbour Herald');

    expect((await signIn(email, password)).landed).toBe(path);
    await createdPublisher(agent, 'The Harbour Herald Sunday');
    expect((await signIn(email, password)).landed).toBe('/publishers');
  });

  it('asks for verification once a domain is proven; the editors see it asked until they decide', async () => {
    const { agent } = await signedUp(portal.app);
    const path = await createdPublisher(agent, 'The Harbour Herald');
    const before = (await agent.get(path)).text;
    expect(before).toContain('Prove a domain first');
    expect(before).not.toContain('Ask for verification');
    // trust.txt is read from a proven domain: no button to read it (nor word of it) before one is.
    expect(before).not.toContain('Read trust.txt again');
    expect(before).not.toContain('not set up to read trust.txt');
    const early = await submit(agent, path, `${path}/verification-request`, { note: '' });
    expect(early.status).toBe(303);
    expect((await agent.get(early.headers.location as string)).text).toContain('Prove a domain first');
    expect((await portal.repositories.publisherHistory.historyOf(await idOf(path))).map((e) => e.action)).toEqual(['created']);

    expect((await checkedWithTxtRecord(agent, dns, path, freshDomain('herald'))).status).toBe(303);
    const ready = (await agent.get(path)).text;
    expect(ready).toContain('Ask for verification');
    // This portal is given no trust.txt sources: it says so where the button would be.
    expect(ready).toContain('This Byline is not set up to read trust.txt files.');
    const tooLong = await submit(agent, path, `${path}/verification-request`, { note: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.text).toMatch(/href="#f-note">Keep the note under 2,000 characters/);

    const asked = await submit(agent, path, `${path}/verification-request`, { note: 'Masthead at /about; call the desk' });
    expect(asked.status).toBe(303);
    const waiting = (await agent.get(asked.headers.location as string)).text;
    expect(waiting).toContain('You asked for verification on');
    expect(waiting).toMatch(/Verification asked for<\/td>\s*<td data-label="By">you<\/td>\s*<td data-label="Note">Masthead/);
    const again = await submit(agent, path, `${path}/verification-request`, { note: '' });
    expect((await agent.get(again.headers.location as string)).text).toContain('You have asked already');

    const desk = await editor(portal);
    const list = (await desk.agent.get('/editor/publishers')).text;
    expect(list).toContain('asked for verification');
    expect((await desk.agent.get('/editor/queue')).text).toContain('1 publisher asks for verification');
    await submit(desk.agent, path, `/editor${path}/verify`, { note: 'Masthead checked' });
    expect((await desk.agent.get('/editor/publishers')).text).not.toContain('asked for verification');
    expect((await agent.get(path)).text).not.toContain('You asked for verification');
  });

  it('deletes a mistaken publisher after confirming, and says what keeps one that is relied on', async () => {
    const { agent } = await signedUp(portal.app);
    const path = await createdPublisher(agent, 'Teh Harbour Herald');
    await submit(agent, path, `${path}/domains`, { domain: freshDomain('typo') });
    const id = await idOf(path);
    expect((await agent.get(path)).text).toContain(`href="${path}/delete"`);
    const asked = await agent.get(`${path}/delete`);
    expect(asked.text).toContain('Delete Teh Harbour Herald?');
    // Without its confirmation, the form is asked again and nothing goes.
    const unconfirmed = await submit(agent, `${path}/delete`, `${path}/delete`, {});
    expect(unconfirmed.status).toBe(200);
    expect(await portal.repositories.publishers.findById(id)).not.toBeNull();

    const deleted = await submit(agent, `${path}/delete`, `${path}/delete`, { confirm: 'delete' });
    expect(deleted.status).toBe(303);
    expect((await agent.get(deleted.headers.location as string)).text).toContain('Teh Harbour Herald is deleted.');
    expect(await portal.repositories.publishers.findById(id)).toBeNull();
    expect(await portal.repositories.publisherDomains.domainsOf(id)).toEqual([]);
    expect(await portal.repositories.publisherHistory.historyOf(id)).toEqual([]);
    expect((await agent.get(path)).status).toBe(404);

    // Verified, proven, with staff invited: kept, and told why.
    const kept = await createdPublisher(agent, 'The Harbour Herald');
    expect((await checkedWithTxtRecord(agent, dns, kept, freshDomain('kept'))).status).toBe(303);
    const desk = await editor(portal);
    expect((await submit(desk.agent, kept, `/editor${kept}/verify`, { note: 'Masthead checked' })).status).toBe(303);
    const reporter = await signedUp(portal.app);
    expect((await submit(agent, kept, `${kept}/staff`, { invitee: reporter.email })).status).toBe(303);
    expect((await agent.get(kept)).text).not.toContain(`href="${kept}/delete"`);
    const blocked = await agent.get(`${kept}/delete`);
    expect(blocked.text).toContain('The Harbour Herald cannot be deleted');
    expect(blocked.text).toContain('It is verified');
    expect(blocked.text).toContain('A domain of it is proven');
    expect(blocked.text).toContain('It has staff or invitations');
    const refused = await submit(agent, `${kept}/delete`, `${kept}/delete`, { confirm: 'delete' });
    expect(refused.status).toBe(409);
    expect(await portal.repositories.publishers.findById(await idOf(kept))).not.toBeNull();
  });

  it('keeps a publisher an editor has decided on, verification withdrawn and domain removed: the decision stays on record', async () => {
    const { agent } = await signedUp(portal.app);
    const path = await createdPublisher(agent, 'The Quay Courier');
    const domain = freshDomain('decided');
    expect((await checkedWithTxtRecord(agent, dns, path, domain)).status).toBe(303);
    const desk = await editor(portal);
    expect((await submit(desk.agent, path, `/editor${path}/verify`, { note: 'Masthead checked' })).status).toBe(303);
    expect((await submit(desk.agent, path, `/editor${path}/unverify`, { note: 'Closed its newsroom' })).status).toBe(303);
    await portal.repositories.publisherDomains.removeDomain(await idOf(path), domain, 'admin@example.org', new Date());
    const blocked = await agent.get(`${path}/delete`);
    expect(blocked.text).toContain('The Quay Courier cannot be deleted');
    expect(blocked.text).toContain('An editor has decided on it');
    expect(blocked.text).not.toContain('It is verified');
    const refused = await submit(agent, `${path}/delete`, `${path}/delete`, { confirm: 'delete' });
    expect(refused.status).toBe(409);
    const history = (await portal.repositories.publisherHistory.historyOf(await idOf(path))).map((event) => event.action);
    expect(history).toEqual(expect.arrayContaining(['verified', 'unverified']));
  });

  /** The publisher's id from its page's path (its slug). */
  const idOf = async (path: string) => (await portal.repositories.publishers.findBySlug(path.split('/').pop()!))!.id;
});
