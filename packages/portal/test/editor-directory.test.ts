import request from 'supertest';
import { portalForEachTest, portalStoreFactories, signedUp, submit } from './support/portal-harness';
import { editor, journalist, reviewPath } from './support/editors';
import { proveClaim } from './support/proofs';

describe.each(portalStoreFactories())('editors’ directory, duplicates and log ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  /** The rows of the directory's results table, as "slug state" lines. */
  const rowsOf = (page: string) =>
    [
      ...page.matchAll(
        /<a href="\/j\/([^"]+)">[^<]*<\/a><\/td>\s*<td[^>]*>[^<]*<\/td>\s*<td data-label="State" class="state-([a-z-]+)"/g,
      ),
    ].map(([, slug, state]) => `${slug} ${state}`);

  it('finds a profile by name, handle, slug, employer or article address', async () => {
    const cliona = await journalist(portal, {
      profile_first_name: 'Clíona',
      profile_last_name: 'Nic Gabhann',
      profile_employer: 'Galway Advertiser',
      twitter: '@ClionaWrites',
    });
    await submit(cliona.agent, '/articles', '/articles', {
      link: 'https://paper.example/galway/port-expansion',
      title: 'Port expansion',
      published_at: '2024-03-01',
      active: 'on',
    });
    await journalist(portal, { profile_first_name: 'Tomás', profile_last_name: 'Ryan', profile_employer: 'Cork Echo' });
    const desk = await editor(portal);

    for (const text of ['clíona nic', 'CLIONAWRITES', cliona.slug, 'galway advertiser', 'paper.example/galway/port']) {
      const page = await desk.agent.get('/editor/directory').query({ text });
      expect([text, page.status]).toEqual([text, 200]);
      expect([text, rowsOf(page.text)]).toEqual([text, [`${cliona.slug} pending`]]);
      expect(page.text).toContain(`href="${reviewPath(cliona.profileId)}"`);
    }
    const everyone = await desk.agent.get('/editor/directory');
    expect(rowsOf(everyone.text)).toHaveLength(2);
    expect(everyone.text).toContain('2 found');
    expect((await desk.agent.get('/editor/directory').query({ text: 'nobody-like-this' })).text).toContain('No profile matches.');
  });

  it('filters by each state, and offers withdrawal only where there is something to withdraw', async () => {
    const pending = await journalist(portal, { profile_first_name: 'Pia', profile_last_name: 'Pending' });
    const verified = await journalist(portal, { profile_first_name: 'Vera', profile_last_name: 'Verified' });
    const lapsed = await journalist(portal, { profile_first_name: 'Lars', profile_last_name: 'Lapsed' });
    const refused = await journalist(portal, { profile_first_name: 'Rita', profile_last_name: 'Refused' });
    const never = await journalist(portal, { profile_first_name: 'Nell', profile_last_name: 'Never' }, { request: false });
    const desk = await editor(portal);
    const decide = (profileId: number, decision: string) =>
      submit(desk.agent, reviewPath(profileId), `${reviewPath(profileId)}/decision`, {
        decision,
        note: 'Checked',
        confirm_withdraw: 'on',
      });
    for (const { profileId, form } of [verified, lapsed]) {
      await proveClaim(portal.claims, profileId, 'twitter', form.twitter);
      expect((await decide(profileId, 'verify')).status).toBe(303);
    }
    expect((await decide(lapsed.profileId, 'unverify')).status).toBe(303);
    expect((await decide(refused.profileId, 'reject')).status).toBe(303);

    const expected = { pending, verified, lapsed, refused, 'never-asked': never };
    for (const [state, who] of Object.entries(expected)) {
      const page = await desk.agent.get('/editor/directory').query({ state });
      expect([state, page.status, rowsOf(page.text)]).toEqual([state, 200, [`${who.slug} ${state}`]]);
    }
    const verifiedRow = await desk.agent.get('/editor/directory').query({ state: 'verified' });
    // Withdrawal goes through the review page's decision form, which says what it does before anything changes.
    expect(verifiedRow.text).toContain(`href="${reviewPath(verified.profileId)}#decision"`);
    expect((await desk.agent.get(reviewPath(verified.profileId))).text).toContain('id="decision"');
    expect((await desk.agent.get('/editor/directory').query({ state: 'lapsed' })).text).not.toContain('#decision');
  });

  it('refuses a filter the form cannot give with 400 naming the field, never a server error', async () => {
    const desk = await editor(portal);
    const state = await desk.agent.get('/editor/directory').query({ state: 'archived' });
    expect(state.status).toBe(400);
    expect(state.text).toContain('State must be one of');
    const page = await desk.agent.get('/editor/directory?page=zero');
    expect(page.status).toBe(400);
    expect(page.text).toContain('Page must be a whole number');
    const twice = await desk.agent.get('/editor/directory?state=verified&state=pending');
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('State');
    const long = await desk.agent.get('/editor/directory').query({ text: 'x'.repeat(201) });
    expect([long.status, long.text.includes('Text takes up to 200 characters')]).toEqual([400, true]);
    const action = await desk.agent.get('/editor/log').query({ action: 'deleted' });
    expect(action.status).toBe(400);
    expect(action.text).toContain('Action must be one of');
    expect((await desk.agent.get('/editor/profiles/1/compare/abc')).status).toBe(404);
  });

  it('flags likely duplicates in the queue and shows them side by side', async () => {
    const first = await journalist(portal, {
      profile_first_name: 'Niamh',
      profile_last_name: 'Cassidy',
      profile_employer: 'The Ledger',
      twitter: '@NiamhOnCourts',
    });
    const twin = await journalist(portal, {
      profile_first_name: 'niamh ',
      profile_last_name: 'CASSIDY',
      profile_employer: 'the ledger',
    });
    const handleTwin = await journalist(portal, {
      profile_first_name: 'Oisín',
      profile_last_name: 'Kelly',
      twitter: '@niamhoncourts',
    });
    const loner = await journalist(portal, { profile_first_name: 'Una', profile_last_name: 'Alone', profile_employer: 'Solo' });
    const desk = await editor(portal);

    const queue = await desk.agent.get('/editor/queue');
    expect(queue.status).toBe(200);
    const flagOf = (profileId: number) => new RegExp(`href="/editor/profiles/${profileId}/compare/(\\d+)"\\s*>([^<]*)</a`, 'g');
    const flags = (profileId: number) =>
      [...queue.text.matchAll(flagOf(profileId))].map(([, other, label]) => `${other} ${label}`);
    expect(flags(first.profileId)).toEqual([
      `${twin.profileId} niamh CASSIDY (same name and employer)`,
      `${handleTwin.profileId} Oisín Kelly (same handle or site claimed)`,
    ]);
    expect(flags(handleTwin.profileId)).toEqual([`${first.profileId} Niamh Cassidy (same handle or site claimed)`]);
    expect(flags(loner.profileId)).toEqual([]);
    expect(queue.text).toContain('Possible duplicate');

    const compared = await desk.agent.get(`/editor/profiles/${first.profileId}/compare/${handleTwin.profileId}`);
    expect(compared.status).toBe(200);
    // One sentence: the shared claim in brackets, then the full stop.
    expect(compared.text).toMatch(/Why they look alike: same handle or site claimed \(\w+ [^)\s]+\)\./);
    expect(compared.text).toContain('<h2>Niamh Cassidy</h2>');
    expect(compared.text).toContain('<h2>Oisín Kelly</h2>');
    expect(compared.text).toContain(`href="${reviewPath(handleTwin.profileId)}"`);
    expect((await desk.agent.get(`/editor/profiles/${first.profileId}/compare/${first.profileId}`)).status).toBe(404);
    expect((await desk.agent.get(`/editor/profiles/${first.profileId}/compare/999999`)).status).toBe(404);
  });

  it('keeps the editors’ log across profiles, filtered by editor and by kind', async () => {
    const one = await journalist(portal, { profile_first_name: 'Maeve', profile_last_name: 'One' });
    const two = await journalist(portal, { profile_first_name: 'Dara', profile_last_name: 'Two' });
    const ed = await editor(portal);
    const kim = await editor(portal);
    await submit(ed.agent, reviewPath(one.profileId), `${reviewPath(one.profileId)}/decision`, {
      decision: 'reject',
      note: 'No byline at the paper',
    });
    await submit(kim.agent, reviewPath(two.profileId), `${reviewPath(two.profileId)}/decision`, {
      decision: 'reject',
      note: 'Employer denies it',
    });

    const all = await ed.agent.get('/editor/log');
    expect(all.status).toBe(200);
    expect(all.text).toMatch(/Dara Two[\s\S]*Employer denies it[\s\S]*Maeve One[\s\S]*No byline at the paper/);
    expect(all.text).toContain('Verification requested');

    const byKim = await ed.agent.get('/editor/log').query({ actor: kim.email });
    expect(byKim.status).toBe(200);
    expect(byKim.text).toContain('Employer denies it');
    expect(byKim.text).not.toContain('No byline at the paper');
    expect(byKim.text).toContain('1 found');

    const refusals = await ed.agent.get('/editor/log').query({ action: 'rejected' });
    expect(refusals.text).toContain('2 found');
    expect(refusals.text).not.toMatch(/<td data-label="What" class="action-requested"/);
    const requests = await ed.agent.get('/editor/log').query({ action: 'requested', actor: ed.email });
    expect(requests.text).toContain('Nothing in the log matches.');
  });

  it('refuses journalists and signed-out visitors exactly as the queue does, and links the pages for editors', async () => {
    const reporter = await journalist(portal);
    const other = await journalist(portal);
    const paths = ['/editor/directory', '/editor/log', `/editor/profiles/${reporter.profileId}/compare/${other.profileId}`];
    const queue = await reporter.agent.get('/editor/queue');
    expect(queue.status).toBe(403);
    for (const path of paths) {
      const refused = await reporter.agent.get(path);
      expect([path, refused.status, refused.text.includes('Only editors can do this.')]).toEqual([path, 403, true]);
      const { agent } = await signedUp(portal.app);
      expect((await agent.get(path)).status).toBe(403);
    }
    const anonymous = await request(portal.app).get('/editor/directory?state=verified');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toBe(`/signin?next=${encodeURIComponent('/editor/directory?state=verified')}`);
    expect((await reporter.agent.get('/profile')).text).not.toContain('href="/editor/directory"');

    const desk = await editor(portal);
    const home = await desk.agent.get('/editor/queue');
    expect(home.text).toContain('href="/editor/directory"');
    expect(home.text).toContain('href="/editor/log"');
  });
});
