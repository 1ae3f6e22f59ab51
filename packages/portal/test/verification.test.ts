import request from 'supertest';
import { bearer } from '@byline/test-support';
import { createEditor } from '@byline/editorial/use-cases/accounts';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';
import { portalForEachTest, portalStoreFactories, profileForm, signedUp, submit } from './support/portal-harness';
import { proveClaim } from './support/proofs';
import { verifiers } from './support/verifiers';

describe.each(portalStoreFactories())('verification workflow ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  async function journalistWithArticle() {
    const session = await signedUp(portal.app);
    const form = profileForm();
    await submit(session.agent, '/profile', '/profile', form);
    await submit(session.agent, '/articles', '/articles', {
      link: `https://paper.example/${form.twitter}`,
      title: 'Harbour story',
      published_at: '2024-03-01',
      active: 'on',
    });
    const user = await portal.repositories.users.findByEmail(session.email);
    return { ...session, form, profileId: user!.profileId!, articleUrl: `https://paper.example/${form.twitter}` };
  }

  async function editor() {
    const { email, agent, password } = await signedUp(portal.app);
    expect(await createEditor(portal.repositories.users, email)).toEqual({ status: 'promoted', email });
    await submit(agent, '/signin', '/signin', { email, password });
    return { agent, email };
  }

  it('takes a request through the editor queue to a verified profile that both verifiers serve', async () => {
    const journalist = await journalistWithArticle();
    const requested = await submit(journalist.agent, '/profile', '/profile/verification-request', {});
    expect(requested.status).toBe(303);
    expect((await journalist.agent.get('/profile')).text).toContain('Verification requested on');

    const desk = await editor();
    const queue = await desk.agent.get('/editor/queue');
    expect(queue.status).toBe(200);
    expect(queue.text).toContain('The Leinster Ledger');
    expect(queue.text).toContain(`/editor/profiles/${journalist.profileId}`);
    const review = await desk.agent.get(`/editor/profiles/${journalist.profileId}`);
    expect(review.text).toContain('Harbour story');
    expect(review.text).toContain(`https://x.com/${journalist.form.twitter.slice(1)}`);

    const token = (await bearer(portal.store)).replace('Bearer ', '');
    const { verifyArticle, verifyJournalist } = verifiers(portal.store);
    expect((await verifyArticle(token, journalist.articleUrl)).body.verified).toBe(false);

    // The editor checked the X account and vouches for it through the review page's form: the proof approval needs.
    const twitter = (await portal.claims.claimsOf(journalist.profileId)).find((c) => c.kind === 'twitter')!;
    expect(twitter.state).toBe('claimed');
    const attested = await submit(
      desk.agent,
      `/editor/profiles/${journalist.profileId}`,
      `/editor/profiles/${journalist.profileId}/claims/${twitter.id}/attest`,
      { note: 'Video call; she showed the account signed in' },
    );
    expect(attested.status).toBe(303);

    const decided = await submit(
      desk.agent,
      `/editor/profiles/${journalist.profileId}`,
      `/editor/profiles/${journalist.profileId}/decision`,
      {
        decision: 'verify',
        note: 'Checked with the Ledger’s desk',
      },
    );
    expect(decided.status).toBe(303);
    expect((await desk.agent.get(decided.headers.location!)).text).toContain('Profile verified.');
    expect((await desk.agent.get('/editor/queue')).text).toContain('No profile is waiting');

    const article = await verifyArticle(token, journalist.articleUrl);
    expect(article.status).toBe(200);
    expect(article.body).toMatchObject({ verified: true, profile_employer: 'The Leinster Ledger', article_count: 1 });
    const handle = await verifyJournalist(token, journalist.form.twitter);
    expect(handle.body).toMatchObject({ verified: true });
    // The Facebook handle was only typed into the form: the verified profile does not answer for it.
    expect((await verifyJournalist(token, journalist.form.facebook, 'facebook')).body).toEqual({
      verified: false,
      message: 'Not a Byline journalist',
    });

    const history = (await journalist.agent.get('/profile')).text;
    expect(history).toContain('Verified journalist');
    // The journalist sees who decided by role, never the editor's address (in the history or the proofs).
    expect(history).toMatch(/<td>Verified<\/td>\s*<td>an editor<\/td>\s*<td>Checked with the Ledger’s desk/);
    expect(history).toContain('(an editor: Video call; she showed the account signed in)');
    expect(history).not.toContain(desk.email);
    expect(history).toContain('Verification requested');
  });

  it('records a rejection with its note, and a withdrawal stops both verifiers at once', async () => {
    const journalist = await journalistWithArticle();
    await submit(journalist.agent, '/profile', '/profile/verification-request', {});
    const desk = await editor();
    const path = `/editor/profiles/${journalist.profileId}`;
    await submit(desk.agent, path, `${path}/decision`, { decision: 'reject', note: 'No byline found at the employer' });
    const records = await portal.repositories.audit.historyOf(journalist.profileId);
    expect(records[0]).toMatchObject({ action: 'rejected', actor: desk.email, note: 'No byline found at the employer' });
    expect(records[0]!.at).toMatch(/Z$/);

    await proveClaim(portal.claims, journalist.profileId, 'twitter', journalist.form.twitter);
    expect((await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: '' })).status).toBe(303);
    const token = (await bearer(portal.store)).replace('Bearer ', '');
    const { verifyArticle, verifyJournalist } = verifiers(portal.store);
    expect((await verifyArticle(token, journalist.articleUrl)).body.verified).toBe(true);
    expect((await verifyJournalist(token, journalist.form.twitter)).body).toMatchObject({ verified: true });
    expect((await verifyJournalist(token, journalist.form.linkedin, 'linkedin')).body).toMatchObject({ verified: false });
    const withdrawn = await submit(desk.agent, path, `${path}/decision`, {
      decision: 'unverify',
      note: 'Left journalism',
      confirm_withdraw: 'on',
    });
    expect(withdrawn.status).toBe(303);
    expect((await verifyArticle(token, journalist.articleUrl)).body).toEqual({ verified: false, message: expect.any(String) });
    expect((await verifyJournalist(token, journalist.form.twitter)).body).toEqual({
      verified: false,
      message: 'Not a Byline journalist',
    });
    expect((await portal.repositories.audit.historyOf(journalist.profileId)).map((r) => r.action)).toEqual([
      'unverified',
      'verified',
      'rejected',
      'requested',
    ]);
  });

  it('refuses a rejection or a withdrawal without a note, and a withdrawal without its confirmation, at the form', async () => {
    const journalist = await journalistWithArticle();
    await submit(journalist.agent, '/profile', '/profile/verification-request', {});
    const desk = await editor();
    const path = `/editor/profiles/${journalist.profileId}`;
    const history = async () => (await portal.repositories.audit.historyOf(journalist.profileId)).map((r) => r.action);

    const noNote = await submit(desk.agent, path, `${path}/decision`, { decision: 'reject', note: '  ' });
    expect(noNote.status).toBe(422);
    expect(noNote.text).toMatch(/class="form-error error-summary"[^]*href="#f-note">The note is required to reject/);
    expect(noNote.text).toMatch(/<textarea id="f-note" name="note"[^>]*aria-invalid="true"/);
    expect(await history()).toEqual(['requested']);
    expect(await portal.repositories.verification.pendingOf(journalist.profileId)).not.toBeNull();

    await proveClaim(portal.claims, journalist.profileId, 'twitter', journalist.form.twitter);
    expect((await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: '' })).status).toBe(303);
    const review = await desk.agent.get(path);
    expect(review.text).toContain('Yes, withdraw this profile’s verification');

    // One click is not enough: the box must be ticked, and the note given; what was typed comes back.
    const unconfirmed = await submit(desk.agent, path, `${path}/decision`, { decision: 'unverify', note: 'Left the paper' });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.text).toMatch(/href="#f-confirm_withdraw">Tick/);
    expect(unconfirmed.text).toMatch(/id="f-confirm_withdraw"[^>]*aria-invalid="true"/);
    expect(unconfirmed.text).toContain('Left the paper</textarea>');
    const unexplained = await submit(desk.agent, path, `${path}/decision`, {
      decision: 'unverify',
      note: '',
      confirm_withdraw: 'on',
    });
    expect(unexplained.status).toBe(422);
    expect(unexplained.text).toContain('The note is required to withdraw');
    expect((await portal.repositories.profiles.findById(journalist.profileId))!.verified).toBe(true);
    expect(await history()).toEqual(['verified', 'requested']);

    const withdrawn = await submit(desk.agent, path, `${path}/decision`, {
      decision: 'unverify',
      note: 'Left the paper',
      confirm_withdraw: 'on',
    });
    expect(withdrawn.status).toBe(303);
    expect((await portal.repositories.audit.historyOf(journalist.profileId))[0]).toMatchObject({
      action: 'unverified',
      note: 'Left the paper',
    });
  });

  it('forbids non-editors to see the queue or change the verified flag (403)', async () => {
    const journalist = await journalistWithArticle();
    expect((await journalist.agent.get('/editor/queue')).status).toBe(403);
    const res = await submit(journalist.agent, '/profile', `/editor/profiles/${journalist.profileId}/decision`, {
      decision: 'verify',
      note: 'self-service',
    });
    expect(res.status).toBe(403);
    expect(res.text).toContain('Only editors can do this.');
    expect((await portal.repositories.profiles.findById(journalist.profileId))!.verified).toBe(false);
    expect(await portal.repositories.audit.historyOf(journalist.profileId)).toEqual([]);
    expect((await request(portal.app).get('/editor/queue')).status).toBe(303);
  });

  it('creates the first editor from the command line with a one-time password', async () => {
    const created = await createEditor(portal.repositories.users, 'Chief@Example.org');
    expect(created).toEqual({
      status: 'created',
      email: 'chief@example.org',
      temporaryPassword: expect.stringMatching(/^[0-9A-Za-z]{20}$/),
      expiresAt: expect.any(String),
    });
    const validFor = Date.parse((created as { expiresAt: string }).expiresAt) - Date.now();
    expect(validFor).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(validFor).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    const agent = request.agent(portal.app);
    const signIn = await submit(agent, '/signin', '/signin', {
      email: 'chief@example.org',
      password: (created as { temporaryPassword: string }).temporaryPassword,
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.location).toBe('/settings/password');
    await submit(agent, '/settings/password', '/settings/password', { password: 'the chief’s own password' });
    expect((await agent.get('/editor/queue')).status).toBe(200);
  });

  it('lets operators verify by slug, audited the same way', async () => {
    const journalist = await journalistWithArticle();
    const profile = await portal.repositories.profiles.findById(journalist.profileId);
    expect(await setVerifiedByOperator(portal.repositories, profile!.profile_slug, true)).toBe('done');
    expect(await setVerifiedByOperator(portal.repositories, 'no-such-slug', true)).toBe('no-such-profile');
    expect((await portal.repositories.audit.historyOf(journalist.profileId))[0]).toMatchObject({
      action: 'verified',
      actor: 'operator (command line)',
    });
  });
});
