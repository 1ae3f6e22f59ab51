import request from 'supertest';
import { bearer, quietLogger } from '@byline/test-support';
import { EDITOR_PROVIDER } from '@byline/domain/proofs/claims';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { createApp as articleVerifier } from '../../article-verifier/src/app';
import { editor, reviewPath } from './support/editors';
import {
  csrfFrom,
  portalForEachTest,
  portalStoreFactories,
  profileForm,
  signedUp,
  submit,
  textOf,
  type Agent,
} from './support/portal-harness';
import { editorVerifiedJournalist, invitationOn, publisherOf as staffPublisher } from './support/staff';

const UNVERIFIED =
  'Only a verified publisher may invite staff: its invitation is a publisher vouching for a journalist. Ask a Byline editor to verify it first.';
const CSRF_REFUSAL = 'This form has expired or did not come from this site.';

/** The table row of the affiliation on a page, up to the next row. */
function rowOf(page: string, id: number): string {
  const start = page.indexOf(`data-affiliation="${id}"`);
  if (start < 0) return '';
  return page.slice(start, page.indexOf('</tr>', start) + 5);
}

describe.each(portalStoreFactories())('publishers’ staff ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  const publisherOf = (name: string, options?: { verified?: boolean }) => staffPublisher(portal, name, options);

  /** A journalist with a profile, verified by an editor, with an article whose authorship an editor attested. */
  async function verifiedJournalist() {
    const person = await editorVerifiedJournalist(portal);
    const link = `https://paper.example/staff-${person.profileId}-${Date.now()}`;
    await submit(person.agent, '/articles', '/articles', { link, title: 'Harbour', published_at: '2030-01-01', active: 'on' });
    const [listed] = await portal.repositories.articles.claimsOf(person.profileId);
    await proveArticle(portal.repositories.articles, {
      profileId: person.profileId,
      articleId: listed!.article.id,
      evidence: { method: 'editor-attestation', provider: EDITOR_PROVIDER, by: 'editor:ed@example.org', note: 'checked' },
    });
    return { ...person, link };
  }

  const invite = (admin: { agent: Agent }, path: string, invitee: string) =>
    submit(admin.agent, path, `${path}/staff`, { invitee });

  /** The v2 answer's evidence for the article. */
  async function evidenceOf(link: string) {
    const app = articleVerifier({ store: portal.store, logger: quietLogger(), authCacheTtlMs: 0 });
    const res = await request(app)
      .post('/api/v2/verify_article')
      .query({ url: link })
      .set('Authorization', await bearer(portal.store));
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('article_verified');
    return res.body.evidence as { type: string }[];
  }

  it('invites by profile slug; the journalist accepts; the public page, the editors and the v2 answer show it', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const person = await verifiedJournalist();
    expect((await evidenceOf(person.link)).map((e) => e.type)).not.toContain('cawg.affiliation');

    const page = await harbour.agent.get(harbour.path);
    expect(page.text).toContain('<h2 id="staff-heading">Staff</h2>');
    expect(page.text).toContain('No staff yet.');
    expect(page.text).toContain(`action="${harbour.path}/staff"`);

    const invited = await invite(harbour, harbour.path, person.slug);
    expect(invited.status).toBe(303);
    expect(invited.headers.location).toBe(`${harbour.path}?done=1`);
    const listed = (await harbour.agent.get(invited.headers.location as string)).text;
    expect(listed).toContain(`${person.slug} is invited. They accept on their profile page.`);
    const [affiliation] = await portal.repositories.staff.ofPublisher(harbour.publisher.id);
    expect(affiliation).toMatchObject({ profileId: person.profileId, state: 'invited', invitedBy: harbour.email });
    expect(rowOf(listed, affiliation!.id)).toContain('class="state-invited">Invited</td>');
    expect(rowOf(listed, affiliation!.id)).toContain(`href="/j/${person.slug}"`);

    const profilePage = (await person.agent.get('/profile')).text;
    expect(profilePage).toContain('Invitations from publishers');
    expect(profilePage).toContain('<strong>The Harbour Times</strong>');
    expect(profilePage).toContain(`action="/profile/staff/${affiliation!.id}/accept"`);
    expect(profilePage).toContain(`action="/profile/staff/${affiliation!.id}/decline"`);

    const accepted = await submit(person.agent, '/profile', `/profile/staff/${affiliation!.id}/accept`, {});
    expect(accepted.status).toBe(303);
    expect(accepted.headers.location).toBe('/profile?staff=accepted');
    const after = (await person.agent.get('/profile?staff=accepted')).text;
    expect(after).toContain('Invitation accepted: the publisher’s affiliation now shows on your profile.');
    const today = (await portal.repositories.staff.findById(affiliation!.id))!.acceptedAt!.slice(0, 10);
    expect(textOf(after)).toContain(`Staff at The Harbour Times since ${today}`);
    expect(after).toContain(`href="/profile/staff/${affiliation!.id}/end"`);
    expect(after).not.toContain('data-invitation=');

    const publicPage = await request(portal.app).get(`/j/${person.slug}`);
    expect(publicPage.status).toBe(200);
    expect(publicPage.text).toContain('<h2>Publishers</h2>');
    expect(textOf(publicPage.text)).toContain(`Staff at The Harbour Times since ${today}`);

    const evidence = await evidenceOf(person.link);
    expect(evidence).toContainEqual({
      type: 'cawg.affiliation',
      uri: `https://${harbour.domain}/`,
      provider: { id: `urn:byline:publisher:${harbour.publisher.slug}`, name: 'The Harbour Times' },
      verifiedAt: expect.stringMatching(new RegExp(`^${today}T`)),
      method: 'byline_publisher_affiliation',
    });

    const desk = await editor(portal);
    const review = (await desk.agent.get(reviewPath(person.profileId))).text;
    expect(review).toContain('<h2>Publisher affiliations</h2>');
    expect(rowOf(review, affiliation!.id)).toContain('class="state-active">Active</td>');
    expect(rowOf(review, affiliation!.id)).toContain(`href="/publishers/${harbour.publisher.slug}">The Harbour Times</a>`);
    expect(rowOf((await harbour.agent.get(harbour.path)).text, affiliation!.id)).toMatch(
      new RegExp(`class="state-active">Active</td>\\s*<td data-label="Since">${today}</td>`),
    );
  });

  it('invites by email; whoever signs in with that address accepts it onto their own profile', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const person = await verifiedJournalist();
    const invited = await invite(harbour, harbour.path, `  ${person.email.toUpperCase()} `);
    expect(invited.status).toBe(303);
    expect((await harbour.agent.get(invited.headers.location as string)).text).toContain(
      `${person.email} is invited. Once they sign in to Byline with this address, they accept on their profile page.`,
    );
    const [affiliation] = await portal.repositories.staff.ofPublisher(harbour.publisher.id);
    expect(affiliation).toMatchObject({ profileId: null, invitedEmail: person.email, state: 'invited' });
    expect(rowOf((await harbour.agent.get(harbour.path)).text, affiliation!.id)).toContain(person.email);

    const id = await invitationOn(person.agent);
    expect(id).toBe(affiliation!.id);
    const accepted = await submit(person.agent, '/profile', `/profile/staff/${id}/accept`, {});
    expect(accepted.status).toBe(303);
    expect(await portal.repositories.staff.findById(id)).toMatchObject({ state: 'active', profileId: person.profileId });
    expect(textOf((await request(portal.app).get(`/j/${person.slug}`)).text)).toContain('Staff at The Harbour Times since');
    expect((await evidenceOf(person.link)).map((e) => e.type)).toContain('cawg.affiliation');
  });

  it('tells someone invited by email who has no profile yet to create one first', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const newcomer = await signedUp(portal.app);
    await invite(harbour, harbour.path, newcomer.email);
    const page = (await newcomer.agent.get('/profile')).text;
    expect(page).toContain('Invitations from publishers');
    expect(page).toContain('Create your profile below to accept it.');
    const id = await invitationOn(newcomer.agent);
    const refused = await submit(newcomer.agent, '/profile', `/profile/staff/${id}/accept`, {});
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('Create your journalist profile first');
    expect(await portal.repositories.staff.findById(id)).toMatchObject({ state: 'invited', profileId: null });
  });

  it('declines an invitation: the publisher sees it declined, and nothing is evidence', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const person = await verifiedJournalist();
    await invite(harbour, harbour.path, person.slug);
    const id = await invitationOn(person.agent);
    const declined = await submit(person.agent, '/profile', `/profile/staff/${id}/decline`, {});
    expect(declined.status).toBe(303);
    expect(declined.headers.location).toBe('/profile?staff=declined');
    const page = (await person.agent.get('/profile?staff=declined')).text;
    expect(page).toContain('Invitation declined.');
    expect(page).not.toContain('data-invitation=');
    expect(await portal.repositories.staff.findById(id)).toMatchObject({ state: 'declined', endedBy: person.email });
    const row = rowOf((await harbour.agent.get(harbour.path)).text, id);
    expect(row).toContain('class="state-declined">Declined</td>');
    expect(textOf(row)).toContain('by the journalist');
    // The journalist's sign-in address is not the publisher's to see.
    expect(row).not.toContain(person.email);
    expect(row).not.toContain('End…');
    expect((await submit(person.agent, '/profile', `/profile/staff/${id}/accept`, {})).status).toBe(404);
    expect((await submit(person.agent, '/profile', `/profile/staff/${id}/decline`, {})).status).toBe(404);
    expect((await request(portal.app).get(`/j/${person.slug}`)).text).not.toContain('Staff at');
    expect((await evidenceOf(person.link)).map((e) => e.type)).not.toContain('cawg.affiliation');
    // Declined, the publisher may invite again.
    expect((await invite(harbour, harbour.path, person.slug)).status).toBe(303);
  });

  it('the publisher ends an affiliation after a confirmation page: kept, marked ended, no longer evidence', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const person = await verifiedJournalist();
    await invite(harbour, harbour.path, person.slug);
    const id = await invitationOn(person.agent);
    await submit(person.agent, '/profile', `/profile/staff/${id}/accept`, {});
    const endPath = `${harbour.path}/staff/${id}/end`;
    expect(rowOf((await harbour.agent.get(harbour.path)).text, id)).toContain(`href="${endPath}"`);

    const asked = await harbour.agent.get(endPath);
    expect(asked.status).toBe(200);
    expect(textOf(asked.text)).toContain('End Aoife Brennan');
    expect(asked.text).toContain('affiliation with The Harbour Times?');
    expect(asked.text).toContain('name="confirm" value="end"');
    expect(asked.text).toContain('name="reason"');
    // Without the confirmation the form asks again and ends nothing.
    const unconfirmed = await submit(harbour.agent, endPath, endPath, { reason: 'Left' });
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.text).toContain('name="confirm" value="end"');
    expect(await portal.repositories.staff.findById(id)).toMatchObject({ state: 'active' });

    const ended = await submit(harbour.agent, endPath, endPath, { confirm: 'end', reason: 'Contract over' });
    expect(ended.status).toBe(303);
    expect(ended.headers.location).toBe(`${harbour.path}?done=1`);
    const page = (await harbour.agent.get(ended.headers.location as string)).text;
    expect(page).toContain(`${person.slug}: the affiliation is ended.`);
    const row = rowOf(page, id);
    expect(row).toContain('class="state-ended">Ended</td>');
    expect(textOf(row)).toContain('by you: Contract over');
    expect(row).toContain('<span class="reason">Contract over</span>');
    expect(row).not.toContain('End…');
    expect(await portal.repositories.staff.findById(id)).toMatchObject({
      state: 'ended',
      endedBy: harbour.email,
      endedReason: 'Contract over',
    });
    expect((await harbour.agent.get(endPath)).status).toBe(404);

    const publicText = textOf((await request(portal.app).get(`/j/${person.slug}`)).text);
    expect(publicText).toMatch(/Staff at The Harbour Times from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(ended\)/);
    expect(publicText).not.toContain('Staff at The Harbour Times since');
    expect((await evidenceOf(person.link)).map((e) => e.type)).not.toContain('cawg.affiliation');
    const own = (await person.agent.get('/profile')).text;
    expect(textOf(own)).toContain('(ended)');
    expect(own).not.toContain(`href="/profile/staff/${id}/end"`);
    const desk = await editor(portal);
    expect(rowOf((await desk.agent.get(reviewPath(person.profileId))).text, id)).toContain('Contract over');
  });

  it('the journalist ends their affiliation after a confirmation page, with a default reason', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const person = await verifiedJournalist();
    await invite(harbour, harbour.path, person.slug);
    const id = await invitationOn(person.agent);
    await submit(person.agent, '/profile', `/profile/staff/${id}/accept`, {});
    const endPath = `/profile/staff/${id}/end`;
    const asked = await person.agent.get(endPath);
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('End your affiliation with The Harbour Times?');
    const unconfirmed = await submit(person.agent, endPath, endPath, {});
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.text).toContain('End your affiliation with The Harbour Times?');
    expect(await portal.repositories.staff.findById(id)).toMatchObject({ state: 'active' });

    const ended = await submit(person.agent, endPath, endPath, { confirm: 'end', reason: '' });
    expect(ended.status).toBe(303);
    expect(ended.headers.location).toBe('/profile?staff=ended');
    expect((await person.agent.get('/profile?staff=ended')).text).toContain('Affiliation ended: it stays on your profile');
    expect(await portal.repositories.staff.findById(id)).toMatchObject({
      state: 'ended',
      endedBy: person.email,
      endedReason: 'Ended by the journalist',
    });
    expect(textOf(rowOf((await harbour.agent.get(harbour.path)).text, id))).toContain(
      'by the journalist: Ended by the journalist',
    );
    // Editors see the record as kept.
    const desk = await editor(portal);
    expect(textOf(rowOf((await desk.agent.get(harbour.path)).text, id))).toContain(`by ${person.email}: Ended by the journalist`);
    expect(textOf((await request(portal.app).get(`/j/${person.slug}`)).text)).toContain('(ended)');
    expect((await evidenceOf(person.link)).map((e) => e.type)).not.toContain('cawg.affiliation');
    expect((await person.agent.get(endPath)).status).toBe(404);
  });

  it('stops showing an affiliation publicly, and as evidence, while its publisher’s verification is withdrawn', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const person = await verifiedJournalist();
    await invite(harbour, harbour.path, person.slug);
    const id = await invitationOn(person.agent);
    await submit(person.agent, '/profile', `/profile/staff/${id}/accept`, {});
    await portal.repositories.publishers.setVerified(harbour.publisher.id, false, 'ed@example.org', 'Sold', new Date());
    expect((await request(portal.app).get(`/j/${person.slug}`)).text).not.toContain('Staff at');
    expect((await evidenceOf(person.link)).map((e) => e.type)).not.toContain('cawg.affiliation');
    // Editors still see it, with the publisher marked not verified.
    const desk = await editor(portal);
    const row = rowOf((await desk.agent.get(reviewPath(person.profileId))).text, id);
    expect(row).toContain('(not verified)');
    expect(row).toContain('class="state-active">Active</td>');
  });

  it('refuses an invitation from a publisher that is not verified, and shows why instead of the form', async () => {
    const unverified = await publisherOf('The Unverified Herald', { verified: false });
    const person = await verifiedJournalist();
    const page = (await unverified.agent.get(unverified.path)).text;
    expect(page).toContain(UNVERIFIED);
    expect(page).not.toContain(`action="${unverified.path}/staff"`);
    const refused = await invite(unverified, unverified.path, person.slug);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(UNVERIFIED);
    expect(await portal.repositories.staff.ofPublisher(unverified.publisher.id)).toEqual([]);
  });

  it('refuses a bad address or an unknown slug naming the field, a second invitation, and the admin’s own profile', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const person = await verifiedJournalist();
    for (const [invitee, message] of [
      ['aoife@', 'aoife@ is not an email address.'],
      ['no-such-journalist', 'There is no profile with the slug no-such-journalist.'],
      ['Not a slug!', 'Not a slug! is neither an email address nor a profile slug'],
      ['', 'Give the journalist’s email address, or their profile’s slug (the end of /j/…).'],
      [`${'a'.repeat(250)}@x.org`, 'An email address or a profile slug takes up to 254 characters.'],
    ] as const) {
      const res = await invite(harbour, harbour.path, invitee);
      expect({ invitee, status: res.status }).toEqual({ invitee, status: 422 });
      expect(res.text).toContain(message);
      expect(res.text).toContain('aria-invalid="true"');
    }
    expect(await portal.repositories.staff.ofPublisher(harbour.publisher.id)).toEqual([]);

    // Its public address works as well as its slug.
    expect((await invite(harbour, harbour.path, `https://byline.example/j/${person.slug}`)).status).toBe(303);
    const again = await invite(harbour, harbour.path, person.slug);
    expect(again.status).toBe(409);
    expect(again.text).toContain(`${person.slug} is already invited or on the staff of The Harbour Times.`);
    await invite(harbour, harbour.path, 'desk@harbour.example');
    const twice = await invite(harbour, harbour.path, 'DESK@harbour.example');
    expect(twice.status).toBe(409);
    expect(twice.text).toContain('desk@harbour.example is already invited or on the staff of The Harbour Times.');

    // Separation of duties: the admin's publisher does not vouch for the admin.
    await submit(harbour.agent, '/profile', '/profile', profileForm());
    const ownSlug = (await portal.repositories.profiles.findById(
      (await portal.repositories.users.findByEmail(harbour.email))!.profileId!,
    ))!.profile_slug;
    for (const invitee of [ownSlug, harbour.email]) {
      const own = await invite(harbour, harbour.path, invitee);
      expect(own.status).toBe(403);
      expect(own.text).toContain('You administer this publisher: it cannot vouch for your own profile.');
    }
    expect((await portal.repositories.staff.ofPublisher(harbour.publisher.id)).length).toBe(2);
    // Nor may the admin accept an invitation to their own profile made some other way (the operator's CLI).
    const made = await portal.repositories.staff.invite(
      harbour.publisher.id,
      { profileId: (await portal.repositories.profiles.findBySlug(ownSlug))!.id },
      'operator (command line)',
      new Date(),
    );
    const accepted = await submit(harbour.agent, '/profile', `/profile/staff/${made!.id}/accept`, {});
    expect(accepted.status).toBe(403);
    expect(accepted.text).toContain('You administer this publisher: it cannot vouch for your own profile.');
    expect(await portal.repositories.staff.findById(made!.id)).toMatchObject({ state: 'invited' });
  });

  it('lets nobody else accept, decline or end someone’s invitation or affiliation, nor invite for a publisher', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const person = await verifiedJournalist();
    const other = await verifiedJournalist();
    await invite(harbour, harbour.path, person.slug);
    const id = await invitationOn(person.agent);

    for (const action of ['accept', 'decline']) {
      const res = await submit(other.agent, '/profile', `/profile/staff/${id}/${action}`, {});
      expect({ action, status: res.status }).toEqual({ action, status: 404 });
      expect(res.text).toContain('There is no such invitation for you.');
    }
    expect((await other.agent.get('/profile')).text).not.toContain('data-invitation=');
    expect(await portal.repositories.staff.findById(id)).toMatchObject({ state: 'invited', profileId: person.profileId });

    await submit(person.agent, '/profile', `/profile/staff/${id}/accept`, {});
    expect((await other.agent.get(`/profile/staff/${id}/end`)).status).toBe(404);
    const forged = await submit(other.agent, '/profile', `/profile/staff/${id}/end`, { confirm: 'end' });
    expect(forged.status).toBe(404);

    // Another publisher's admin: the page does not exist for them; an editor looks but may not manage.
    const rival = await publisherOf('The Rival');
    for (const action of [`${harbour.path}/staff`, `${harbour.path}/staff/${id}/end`]) {
      const res = await submit(rival.agent, rival.path, action, { invitee: other.slug, confirm: 'end' });
      expect({ action, status: res.status }).toEqual({ action, status: 404 });
    }
    // Nor through its own publisher's path.
    expect((await rival.agent.get(`${rival.path}/staff/${id}/end`)).status).toBe(404);
    const desk = await editor(portal);
    const seen = await desk.agent.get(harbour.path);
    expect(rowOf(seen.text, id)).toContain('Active');
    expect(seen.text).not.toContain(`action="${harbour.path}/staff"`);
    const editorInvite = await submit(desk.agent, harbour.path, `${harbour.path}/staff`, { invitee: other.slug });
    expect(editorInvite.status).toBe(403);
    expect(editorInvite.text).toContain('Only the publisher’s admin manages its staff.');
    expect(await portal.repositories.staff.findById(id)).toMatchObject({ state: 'active' });
    expect((await portal.repositories.staff.ofPublisher(harbour.publisher.id)).length).toBe(1);
  });

  it('refuses every staff form without its CSRF token (403) and changes nothing', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const person = await verifiedJournalist();
    const noToken = await harbour.agent.post(`${harbour.path}/staff`).type('form').send({ invitee: person.slug });
    expect(noToken.status).toBe(403);
    expect(noToken.text).toContain(CSRF_REFUSAL);
    expect(await portal.repositories.staff.ofPublisher(harbour.publisher.id)).toEqual([]);

    await invite(harbour, harbour.path, person.slug);
    const id = await invitationOn(person.agent);
    const accept = await person.agent.post(`/profile/staff/${id}/accept`).type('form').send({});
    expect(accept.status).toBe(403);
    expect(accept.text).toContain(CSRF_REFUSAL);
    expect(await portal.repositories.staff.findById(id)).toMatchObject({ state: 'invited' });
    await submit(person.agent, '/profile', `/profile/staff/${id}/accept`, {});
    for (const [agent, action] of [
      [person.agent, `/profile/staff/${id}/end`],
      [harbour.agent, `${harbour.path}/staff/${id}/end`],
    ] as const) {
      const res = await agent.post(action).type('form').send({ confirm: 'end', _csrf: 'forged' });
      expect({ action, status: res.status }).toEqual({ action, status: 403 });
    }
    expect(await portal.repositories.staff.findById(id)).toMatchObject({ state: 'active' });
  });

  it('refuses every staff form to a visitor who is not signed in (401) and changes nothing', async () => {
    const harbour = await publisherOf('The Harbour Times');
    const person = await verifiedJournalist();
    await invite(harbour, harbour.path, person.slug);
    const id = await invitationOn(person.agent);
    const visitor = request.agent(portal.app);
    // A visitor's own valid token (from the sign-in page): refused for not being signed in, not for the token.
    const csrf = csrfFrom((await visitor.get('/signin')).text);
    const before = await portal.repositories.staff.ofPublisher(harbour.publisher.id);
    for (const action of [
      `${harbour.path}/staff`,
      `${harbour.path}/staff/${id}/end`,
      `/profile/staff/${id}/accept`,
      `/profile/staff/${id}/decline`,
      `/profile/staff/${id}/end`,
    ]) {
      const res = await visitor.post(action).type('form').send({ invitee: person.slug, confirm: 'end', _csrf: csrf });
      expect({ action, status: res.status }).toEqual({ action, status: 401 });
    }
    expect(await portal.repositories.staff.ofPublisher(harbour.publisher.id)).toEqual(before);
  });
});
