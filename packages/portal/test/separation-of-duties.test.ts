import request from 'supertest';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';
import { answerFor, editor, journalist, liveClaim, reviewPath } from './support/editors';
import { csrfFrom, portalForEachTest, portalStoreFactories, submit, type Agent } from './support/portal-harness';
import { proveClaim } from './support/proofs';

const OWN_PROFILE = 'This is your own profile: another editor must decide on it, attest its claims or move handles onto it.';

describe.each(portalStoreFactories())('nobody decides on their own profile ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  /** An editor with a profile of their own claiming an X handle, a handle proven on someone else's profile, and a second editor. */
  async function arranged() {
    const self = await editor(portal, { profile: { profile_first_name: 'Selfie' } });
    const other = await journalist(portal);
    await proveClaim(portal.claims, other.profileId, 'twitter', other.form.twitter);
    const colleague = await editor(portal);
    const claim = (await liveClaim(portal, self.profileId!, 'twitter'))!;
    return { self, own: self.profileId!, other, colleague, claim };
  }

  /** Every way an editor acts on a profile, as form posts (path, fields). */
  function actionsOn(profileId: number, claimId: number, otherHandle: string): [string, Record<string, string>][] {
    const path = reviewPath(profileId);
    return [
      [`${path}/claims/${claimId}/attest`, { note: 'I know myself' }],
      [`${path}/move`, { network: 'twitter', handle: otherHandle, note: 'It is mine' }],
      [`${path}/decision`, { decision: 'verify', override: 'on', note: 'Trust me' }],
      // Refused before its missing note and confirmation are: a 403, never the form asking for them.
      [`${path}/decision`, { decision: 'reject', note: '' }],
      [`${path}/decision`, { decision: 'unverify', note: 'Mine' }],
    ];
  }

  /** Nothing an attempt could have changed did: the claim unproven, the other handle where it was, unverified, history as it was. */
  async function nothingChanged({ own, other, claim }: Awaited<ReturnType<typeof arranged>>) {
    expect(await liveClaim(portal, own, 'twitter')).toMatchObject({ id: claim.id, state: 'claimed', evidence: [] });
    expect(await liveClaim(portal, other.profileId, 'twitter')).toMatchObject({ state: 'proven' });
    expect((await portal.repositories.profiles.findById(own))!.verified).toBe(false);
    expect((await portal.repositories.audit.historyOf(own)).map((record) => record.action)).toEqual(['requested']);
  }

  it('shows the editor their own profile without a form to act on it, and the queue says another editor reviews it', async () => {
    const { self, own } = await arranged();
    const queue = await self.agent.get('/editor/queue');
    expect(queue.text).toMatch(
      new RegExp(`href="/editor/profiles/${own}">View</a>\\s*<span class="hint">Your own profile: another editor reviews it`),
    );
    const page = await self.agent.get(reviewPath(own));
    expect(page.status).toBe(200);
    expect(page.text).toContain(OWN_PROFILE);
    expect(page.text).not.toContain(`action="${reviewPath(own)}/claims/`);
    expect(page.text).not.toContain(`action="${reviewPath(own)}/move"`);
    expect(page.text).not.toContain(`action="${reviewPath(own)}/decision"`);
  });

  it('refuses (403) an editor who attests, moves a handle onto or decides on their own profile, and changes nothing', async () => {
    const arrangement = await arranged();
    const { self, own, other, claim } = arrangement;
    for (const [action, fields] of actionsOn(own, claim.id, other.form.twitter)) {
      // The form posted with a token from a page the editor may open (the queue): the refusal is the use case's.
      const res = await submit(self.agent, '/editor/queue', action, fields);
      expect({ action, status: res.status }).toEqual({ action, status: 403 });
      expect(res.text).toContain(OWN_PROFILE);
    }
    await nothingChanged(arrangement);
    expect(await answerFor(portal, other.form.twitter)).toMatchObject({ verified: false });
  });

  it('lets another editor attest and approve the same profile', async () => {
    const { own, colleague, claim } = await arranged();
    const path = reviewPath(own);
    const page = await colleague.agent.get(path);
    expect(page.text).not.toContain(OWN_PROFILE);
    const attested = await submit(colleague.agent, path, `${path}/claims/${claim.id}/attest`, {
      note: 'Video call with my colleague',
    });
    expect(attested.status).toBe(303);
    const approved = await submit(colleague.agent, path, `${path}/decision`, { decision: 'verify', note: 'Attested above' });
    expect(approved.status).toBe(303);
    expect((await portal.repositories.profiles.findById(own))!.verified).toBe(true);
    expect((await portal.repositories.audit.historyOf(own)).map((record) => [record.action, record.actor])).toEqual([
      ['verified', colleague.email],
      ['proof-attested', colleague.email],
      ['requested', expect.any(String)],
    ]);
  });

  it('refuses the same forms to a visitor, a journalist, and without the CSRF token', async () => {
    const arrangement = await arranged();
    const { self, own, other, claim } = arrangement;
    const visitor = request.agent(portal.app);
    const csrf = csrfFrom((await self.agent.get('/editor/queue')).text);
    // Who, as which agent, with a token from which of their pages (none: no token), and the answer.
    const tries: [string, Agent, string | null, number][] = [
      ['visitor', visitor, '/signin', 401],
      ['journalist', other.agent, '/profile', 403],
      ['editor without the token', self.agent, null, 403],
    ];
    for (const [who, agent, tokenPage, status] of tries) {
      for (const [action, fields] of actionsOn(own, claim.id, other.form.twitter)) {
        const token = tokenPage ? { _csrf: csrfFrom((await agent.get(tokenPage)).text) } : {};
        const res = await agent
          .post(action)
          .type('form')
          .send({ ...fields, ...token });
        expect({ who, action, status: res.status }).toEqual({ who, action, status });
      }
    }
    // A token from another session is no token.
    const res = await other.agent
      .post(`${reviewPath(own)}/decision`)
      .type('form')
      .send({ decision: 'verify', _csrf: csrf });
    expect(res.status).toBe(403);
    await nothingChanged(arrangement);
  });

  it('lets the operator verify any profile from the command line, audited as the operator’s override', async () => {
    const { self, own } = await arranged();
    const slug = (await portal.repositories.profiles.findById(own))!.profile_slug;
    expect(await setVerifiedByOperator(portal.repositories, slug, true)).toBe('done');
    expect((await portal.repositories.profiles.findById(own))!.verified).toBe(true);
    expect((await portal.repositories.audit.historyOf(own))[0]).toMatchObject({
      action: 'verified',
      actor: 'operator (command line)',
      note: 'Operator’s override (byline profiles verify), not an editor’s review',
    });
    expect((await self.agent.get(reviewPath(own))).text).toContain('Operator’s override (byline profiles verify)');
  });
});
