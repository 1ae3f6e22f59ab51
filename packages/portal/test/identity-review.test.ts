import { bearer } from '@byline/test-support';
import type { IdentityDecisionEvent } from '../src/use-cases/identity-review';
import { approvedJournalist, decideIdentityChange, editor, journalist, ONLY_X, reviewPath } from './support/editors';
import { portalForEachTest, portalStoreFactories, profileForm, restartPortal, submit } from './support/portal-harness';
import { proveClaim } from './support/proofs';
import { verifiers } from './support/verifiers';

describe.each(portalStoreFactories())('identity review of verified profiles ($name store)', (factory) => {
  const decisions: IdentityDecisionEvent[] = [];
  beforeEach(() => {
    decisions.length = 0;
  });
  const portal = portalForEachTest(factory, { onIdentityDecision: (event) => void decisions.push(event) });

  /** A journalist with an article, verified by an editor on a proven X handle; and that editor. */
  async function verifiedJournalist() {
    const { person, articleUrl, desk, path } = await approvedJournalist(portal, {
      articleUrl: ({ form }) => `https://paper.example/${form.twitter.slice(1)}`,
    });
    const token = (await bearer(portal.store)).replace('Bearer ', '');
    const { verifyArticle, verifyJournalist } = verifiers(portal.store);
    const answers = async () => ({
      article: (await verifyArticle(token, articleUrl)).body as Record<string, unknown>,
      journalist: (await verifyJournalist(token, person.form.twitter)).body as Record<string, unknown>,
    });
    return { person, desk, path, answers };
  }

  it('keeps answering the approved employer until an editor approves the change', async () => {
    const { person, desk, path, answers } = await verifiedJournalist();
    const changed = { ...person.form, profile_employer: 'The Munster Courier', profile_bio: 'Now on the coast.' };
    expect((await submit(person.agent, '/profile', '/profile', changed)).status).toBe(303);

    // The biography is not reviewed: it is answered at once. The employer waits.
    expect((await answers()).article).toMatchObject({
      verified: true,
      profile_employer: 'The Leinster Ledger',
      profile_bio: 'Now on the coast.',
    });
    const own = await person.agent.get('/profile');
    expect(own.text).toContain('Identity change waiting for an editor');
    expect(own.text).toMatch(/<td>Employer<\/td>\s*<td>The Leinster Ledger<\/td>\s*<td>The Munster Courier<\/td>/);
    expect(own.text).toContain('value="The Munster Courier"'); // the form keeps what was asked for

    const queue = await desk.agent.get('/editor/queue');
    expect(queue.text).toContain('Identity changes');
    expect(queue.text).toContain(`href="${path}">Review the identity change`);
    const review = await desk.agent.get(path);
    expect(review.text).toContain(`action="${path}/identity-change"`);

    const approved = await decideIdentityChange(portal, desk, person.profileId, { decision: 'approve', identity_note: '' });
    expect(approved.status).toBe(303);
    expect((await desk.agent.get(approved.headers.location!)).text).toContain('Identity change approved.');
    expect((await answers()).article).toMatchObject({ verified: true, profile_employer: 'The Munster Courier' });
    expect((await person.agent.get('/profile')).text).not.toContain('Identity change waiting');
    expect((await desk.agent.get('/editor/queue')).text).toContain('No identity change is waiting.');
    expect(decisions).toEqual([expect.objectContaining({ profileId: person.profileId, action: 'identity-change-approved' })]);
    expect((await portal.repositories.audit.historyOf(person.profileId)).slice(0, 2).map((r) => [r.action, r.actor])).toEqual([
      ['identity-change-approved', desk.email],
      ['identity-change-requested', person.email],
    ]);
  });

  it('a declined name change keeps the approved name; the history shows the decline with its note', async () => {
    const { person, desk, answers } = await verifiedJournalist();
    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_last_name: 'Byrne' });
    expect((await answers()).journalist).toMatchObject({ verified: true, last_name: 'Brennan' });

    const withoutNote = await decideIdentityChange(portal, desk, person.profileId, { decision: 'decline', identity_note: ' ' });
    // The review page again, the note marked and the problem summed up at the form's top: never a bare error page.
    expect(withoutNote.status).toBe(422);
    expect(withoutNote.text).toContain('Review ');
    expect(withoutNote.text).toMatch(
      /class="form-error error-summary"[^]*href="#f-identity_note">The note is required to decline/,
    );
    expect(withoutNote.text).toMatch(/<textarea id="f-identity_note" name="identity_note"[^>]*aria-invalid="true"/);
    expect(await portal.repositories.identityReview.pendingIdentityOf(person.profileId)).not.toBeNull();

    const declined = await decideIdentityChange(portal, desk, person.profileId, {
      decision: 'decline',
      identity_note: 'Ask the desk to confirm the new name first',
    });
    expect(declined.status).toBe(303);
    expect((await answers()).journalist).toMatchObject({ verified: true, last_name: 'Brennan' });
    expect((await answers()).article).toMatchObject({ profile_last_name: 'Brennan' });
    const page = (await person.agent.get('/profile')).text;
    expect(page).not.toContain('Identity change waiting');
    expect(page).toMatch(/<td>Identity change declined<\/td>\s*<td>[^<]+<\/td>\s*<td>Ask the desk to confirm the new name first/);
  });

  it('lets the owner cancel a pending change, and refuses a change replaced since the editor looked', async () => {
    const { person, desk, path, answers } = await verifiedJournalist();
    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_title: 'Editor' });
    const first = (await portal.repositories.identityReview.pendingIdentityOf(person.profileId))!.requested_at;
    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_title: 'Night editor' });
    const stale = await submit(desk.agent, path, `${path}/identity-change`, { decision: 'approve', requested_at: first });
    expect(stale.status).toBe(409);
    expect((await answers()).article).toMatchObject({ profile_title: 'Courts reporter' });

    expect((await submit(person.agent, '/profile', '/profile/identity-change/cancel', {})).status).toBe(303);
    expect(await portal.repositories.identityReview.pendingIdentityOf(person.profileId)).toBeNull();
    expect((await person.agent.get('/profile')).text).toContain('value="Courts reporter"');
    expect((await portal.repositories.audit.historyOf(person.profileId))[0]).toMatchObject({
      action: 'identity-change-cancelled',
      actor: person.email,
    });
  });

  it('applies an unverified profile’s identity change at once', async () => {
    const person = await journalist(portal);
    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_employer: 'Freelance' });
    expect((await portal.repositories.profiles.findById(person.profileId))!.profile_employer).toBe('Freelance');
    expect(await portal.repositories.identityReview.pendingIdentityOf(person.profileId)).toBeNull();
    expect((await person.agent.get('/profile')).text).not.toContain('Identity change waiting');
  });

  it('refuses an editor’s decision on their own profile (403) and a non-editor’s (403)', async () => {
    const own = { ...ONLY_X, twitter: `@Desk${Date.now().toString(36).slice(-6)}` };
    const desk = await editor(portal, { profile: own });
    const profileId = desk.profileId!;
    await proveClaim(portal.claims, profileId, 'twitter', own.twitter);
    const other = await editor(portal);
    const path = reviewPath(profileId);
    expect((await submit(other.agent, path, `${path}/decision`, { decision: 'verify', note: '' })).status).toBe(303);
    expect(
      (await submit(desk.agent, '/profile', '/profile', profileForm({ ...own, profile_title: 'Editor in chief' }))).status,
    ).toBe(303);
    const pending = (await portal.repositories.identityReview.pendingIdentityOf(profileId))!;
    expect(pending.fields).toMatchObject({ profile_title: 'Editor in chief' });
    expect((await desk.agent.get(path)).text).toContain('This is your own profile');

    const onOwn = await submit(desk.agent, path, `${path}/identity-change`, {
      decision: 'approve',
      requested_at: pending.requested_at,
    });
    expect(onOwn.status).toBe(403);
    const { person, path: theirs } = await verifiedJournalist();
    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_employer: 'Elsewhere' });
    const stranger = await submit(person.agent, '/profile', `${theirs}/identity-change`, {
      decision: 'approve',
      requested_at: (await portal.repositories.identityReview.pendingIdentityOf(person.profileId))!.requested_at,
    });
    expect(stranger.status).toBe(403);
    expect(stranger.text).toContain('Only editors can do this.');
    expect(await portal.repositories.identityReview.pendingIdentityOf(profileId)).toEqual(pending);
    expect((await portal.repositories.profiles.findById(person.profileId))!.profile_employer).toBe('The Leinster Ledger');
    expect(decisions).toEqual([]);
  });

  it('a failing listener (a mail notifier that is down) never undoes the decision', async () => {
    await restartPortal(portal, factory, {
      onIdentityDecision: () => {
        throw new Error('SMTP server unreachable');
      },
    });
    const { person, desk, answers } = await verifiedJournalist();
    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_employer: 'The Munster Courier' });
    const approved = await decideIdentityChange(portal, desk, person.profileId, { decision: 'approve' });
    expect(approved.status).toBe(303);
    expect((await answers()).article).toMatchObject({ profile_employer: 'The Munster Courier' });
  });
});
