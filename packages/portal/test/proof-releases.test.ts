import { bearer } from '@byline/test-support';
import { answerFor, approvedJournalist, editor, journalist, liveClaim, moveOnto, ONLY_X, reviewPath } from './support/editors';
import { csrfFrom, portalForEachTest, portalStoreFactories, submit } from './support/portal-harness';
import { proveClaim } from './support/proofs';
import { verifiers } from './support/verifiers';

describe.each(portalStoreFactories())('nothing verified without something proven ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  const today = () => portal.clock.now.toISOString().slice(0, 10);

  /** A journalist with one article and a proven X handle, approved by an editor through the review page. */
  async function verifiedJournalist(desk: Awaited<ReturnType<typeof editor>>, overrides: Record<string, string> = ONLY_X) {
    const { person, articleUrl } = await approvedJournalist(portal, {
      form: { profile_first_name: 'Holder', ...overrides },
      articleUrl: ({ slug }) => `https://paper.example/${slug}/harbour`,
      note: 'Signed in with X',
      desk,
    });
    expect(await articleAnswer(articleUrl)).toMatchObject({ verified: true });
    return { ...person, articleUrl };
  }

  async function articleAnswer(url: string) {
    const token = (await bearer(portal.store)).replace('Bearer ', '');
    return (await verifiers(portal.store).verifyArticle(token, url)).body as Record<string, unknown>;
  }

  /** The part of a page above the profile form. */
  const aboveTheForm = (page: string) => page.slice(0, page.indexOf('<form method="post" action="/profile"'));

  it('sends a verified profile that a move leaves without a live proof back to the queue, unverified, and says why', async () => {
    const desk = await editor(portal);
    const holder = await verifiedJournalist(desk);
    const claimant = await journalist(portal, { profile_first_name: 'Claimant' });
    const moved = await moveOnto(desk, claimant.profileId, {
      handle: holder.form.twitter,
      note: 'The account is the claimant’s; checked on a call',
    });
    expect(moved.status).toBe(303);

    // No longer verified: its articles stop answering, and it waits in the queue.
    expect((await portal.repositories.profiles.findById(holder.profileId))!.verified).toBe(false);
    expect(await articleAnswer(holder.articleUrl)).toMatchObject({ verified: false });
    expect(await portal.repositories.verification.pendingOf(holder.profileId)).toMatchObject({
      requestedBy: 'byline:no-live-proof',
    });
    // Newest first: the profile went back to the queue before the move, so that it is never verified without a proof.
    const [last, before] = await portal.repositories.audit.historyOf(holder.profileId);
    expect(last).toMatchObject({ action: 'handle-moved', actor: desk.email });
    expect(before).toMatchObject({
      action: 'no-live-proof',
      actor: 'byline:no-live-proof',
      note: `No live proof left: X ${holder.form.twitter} was moved to another profile by an editor (${desk.email}): The account is the claimant’s; checked on a call`,
    });

    const queue = (await desk.agent.get('/editor/queue')).text;
    const row = queue.slice(queue.indexOf('Holder'), queue.indexOf('</tr>', queue.indexOf('Holder')));
    expect(row).toContain(`Verified, but left without a live proof on ${today()}`);
    expect(row).toMatch(new RegExp(`All claims released</span> <span class="hint">\\(X ${holder.form.twitter}\\)`));
    const review = (await desk.agent.get(reviewPath(holder.profileId))).text.replace(/\s+/g, ' ');
    expect(review).toContain('a move, a release or a lapse left it without a live proof, so it is no longer verified');
    expect(review).toContain('Back in the queue: no live proof left');

    // Its owner reads it at the top of their profile page, above the form, and in the history.
    const page = (await holder.agent.get('/profile')).text;
    expect(aboveTheForm(page)).toContain('A claim of yours was released');
    // By role: the editor's address is theirs, not the journalist's to read.
    expect(aboveTheForm(page)).toContain(`X ${holder.form.twitter}</strong>: Moved to another profile by an editor on `);
    expect(page).not.toContain(desk.email);
    expect(page).toContain('Back in the queue: no live proof left');
  });

  it('keeps verified a profile that still holds another live proof after a move', async () => {
    const desk = await editor(portal);
    const holder = await verifiedJournalist(desk, { facebook: `holder.fb.${Date.now()}`, linkedin: '', instagram: '' });
    await proveClaim(portal.claims, holder.profileId, 'facebook', holder.form.facebook);
    const claimant = await journalist(portal);
    const moved = await moveOnto(desk, claimant.profileId, { handle: holder.form.twitter, note: 'Theirs' });
    expect(moved.status).toBe(303);
    expect((await portal.repositories.profiles.findById(holder.profileId))!.verified).toBe(true);
    expect(await portal.repositories.verification.pendingOf(holder.profileId)).toBeNull();
    expect(await answerFor(portal, holder.form.facebook, 'facebook')).toMatchObject({ verified: true, slug: holder.slug });
  });

  it('sends a verified journalist who removes their only proven handle back to the queue', async () => {
    const desk = await editor(portal);
    const holder = await verifiedJournalist(desk);
    const saved = await submit(holder.agent, '/profile', '/profile', { ...holder.form, twitter: '' });
    expect(saved.status).toBe(303);
    expect((await portal.repositories.profiles.findById(holder.profileId))!.verified).toBe(false);
    expect(await articleAnswer(holder.articleUrl)).toMatchObject({ verified: false });
    expect((await portal.repositories.audit.historyOf(holder.profileId))[0]).toMatchObject({
      action: 'no-live-proof',
      actor: 'byline:no-live-proof',
      note: `No live proof left: X ${holder.form.twitter} removed from the profile by its owner`,
    });
    expect(await portal.repositories.verification.pendingOf(holder.profileId)).toMatchObject({
      requestedBy: 'byline:no-live-proof',
    });
  });

  it('records a release on the profile whose claim it was, shows its owner a banner at the top, and the queue says all claims were released', async () => {
    const handle = `@Rel${Date.now().toString(36).slice(-8)}`;
    const squatter = await journalist(portal, { profile_first_name: 'Squatter', twitter: handle, ...ONLY_X });
    const owner = await journalist(portal, { twitter: handle });
    const desk = await editor(portal);
    const claim = (await liveClaim(portal, owner.profileId, 'twitter'))!;
    const path = reviewPath(owner.profileId);
    const attested = await submit(desk.agent, path, `${path}/claims/${claim.id}/attest`, { note: 'Checked on a call' });
    expect(attested.status).toBe(303);

    expect((await portal.repositories.audit.historyOf(squatter.profileId))[0]).toMatchObject({
      action: 'claim-released',
      actor: desk.email,
      note: `X ${handle}: Released on ${today()}: another profile proved it is theirs by an editor’s attestation.`,
    });
    const page = (await squatter.agent.get('/profile')).text;
    expect(aboveTheForm(page)).toContain(`X ${handle}</strong>: Released on ${today()}: another profile proved it is theirs`);
    expect(page).toContain('Claim released: another profile proved it');
    const queue = (await desk.agent.get('/editor/queue')).text;
    const row = queue.slice(queue.indexOf('Squatter'), queue.indexOf('</tr>', queue.indexOf('Squatter')));
    expect(row).toContain(`All claims released</span> <span class="hint">(X ${handle})`);
  });

  it('answers an attestation from a page opened before another profile proved the handle with 409: move it instead', async () => {
    const handle = `@Stale${Date.now().toString(36).slice(-8)}`;
    const late = await journalist(portal, { twitter: handle });
    const first = await journalist(portal, { twitter: handle });
    const desk = await editor(portal);
    const claim = (await liveClaim(portal, late.profileId, 'twitter'))!;
    const path = reviewPath(late.profileId);
    const opened = await desk.agent.get(path);
    expect(opened.text).toContain(`action="${path}/claims/${claim.id}/attest"`);

    await proveClaim(portal.claims, first.profileId, 'twitter', handle);
    const res = await desk.agent
      .post(`${path}/claims/${claim.id}/attest`)
      .type('form')
      .send({ note: 'Video call', _csrf: csrfFrom(opened.text) });
    expect(res.status).toBe(409);
    expect(res.text).toContain(`X ${handle} is proven on another profile; move it instead`);
    // The page answers with what the editor can do now: move it.
    expect(res.text).toContain(`action="${path}/move"`);
    expect((await portal.claims.claimsOf(late.profileId)).find((c) => c.id === claim.id)).toMatchObject({ evidence: [] });
    expect((await portal.repositories.audit.historyOf(late.profileId)).map((record) => record.action)).not.toContain(
      'proof-attested',
    );
  });

  it('answers an attestation of a claim its owner removed since the page was opened with 409, saying so', async () => {
    const late = await journalist(portal);
    const desk = await editor(portal);
    const claim = (await liveClaim(portal, late.profileId, 'twitter'))!;
    const path = reviewPath(late.profileId);
    const opened = await desk.agent.get(path);
    await submit(late.agent, '/profile', '/profile', { ...late.form, twitter: '' });
    const res = await desk.agent
      .post(`${path}/claims/${claim.id}/attest`)
      .type('form')
      .send({ note: 'Video call', _csrf: csrfFrom(opened.text) });
    expect(res.status).toBe(409);
    expect(res.text).toContain(`X ${late.form.twitter} was released since you opened this page; nothing was attested.`);
    expect(res.text).toContain('Removed by the journalist');
  });
});
