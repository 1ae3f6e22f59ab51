import { answerFor, editor, exported, journalist, liveClaim, moveOnto, ONLY_X, reviewPath } from './support/editors';
import { portalForEachTest, portalStoreFactories, submit } from './support/portal-harness';
import { proveClaim } from './support/proofs';

const NOT_A_JOURNALIST = { verified: false, message: 'Not a Byline journalist' };

describe.each(portalStoreFactories())('a move never silently displaces a proven handle ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  const today = () => portal.clock.now.toISOString().slice(0, 10);

  /**
   * Two verified profiles: the holder proved `@moved`; the target once claimed it too (released by the holder's
   * proof), then proved its own X handle `@own`. An editor now looks at moving `@moved` onto the target.
   */
  async function arranged({ targetClaimedIt = true } = {}) {
    const desk = await editor(portal);
    const stamp = Date.now().toString(36).slice(-7);
    const moved = `@Mov${stamp}`;
    const own = `@Own${stamp}`;
    const target = await journalist(portal, { profile_first_name: 'Target', twitter: targetClaimedIt ? moved : own, ...ONLY_X });
    const holder = await journalist(portal, { profile_first_name: 'Holder', twitter: moved, ...ONLY_X });
    await proveClaim(portal.claims, holder.profileId, 'twitter', moved);
    if (targetClaimedIt) await submit(target.agent, '/profile', '/profile', { ...target.form, twitter: own });
    await proveClaim(portal.claims, target.profileId, 'twitter', own);
    for (const { profileId } of [holder, target]) {
      const path = reviewPath(profileId);
      await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: 'Signed in with X' });
    }
    const ownClaim = (await liveClaim(portal, target.profileId, 'twitter'))!;
    expect(ownClaim).toMatchObject({ value: own, state: 'proven' });
    expect(await answerFor(portal, own)).toMatchObject({ verified: true, slug: target.slug });
    return { desk, target, holder, moved, own, ownClaim, path: reviewPath(target.profileId) };
  }

  /** The target still holds its own handle and the holder the moved one: nothing was displaced. */
  async function nothingDisplaced({ target, holder, moved, own }: Awaited<ReturnType<typeof arranged>>) {
    expect(await answerFor(portal, own)).toMatchObject({ verified: true, slug: target.slug });
    expect(await answerFor(portal, moved)).toMatchObject({ verified: true, slug: holder.slug });
    expect((await exported(portal, target.slug)).profile_social_profiles.twitter).toBe(own);
    expect((await exported(portal, holder.slug)).profile_social_profiles.twitter).toBe(moved);
  }

  it('says on the move form what would be displaced, and refuses the move without the confirmation (422)', async () => {
    const arrangement = await arranged();
    const { desk, path, target, moved, own, ownClaim } = arrangement;
    const page = (await desk.agent.get(path)).text.replace(/\s+/g, ' ');
    expect(page).toContain(`This will displace X ${own} (proven: signed in with X on ${today()}) on this profile`);
    expect(page).toMatch(new RegExp(`<input type="checkbox" id="move-\\d+-displace" name="displace" value="${ownClaim.key}"`));

    for (const displace of [undefined, '', 'someone-else']) {
      const res = await moveOnto(desk, target.profileId, { handle: moved, note: 'The account is the target’s', displace });
      expect(res.status).toBe(422);
      const text = res.text.replace(/\s+/g, ' ');
      expect(text).toContain(
        `Moving X ${moved} here displaces X ${own}, proven on this profile. Tick “Displace X ${own}” (the displace field) to confirm; nothing was moved.`,
      );
      expect(text).toMatch(
        /name="displace" value="[^"]+" aria-describedby="move-\d+-displace-what move-\d+-displace-error" aria-invalid="true"/,
      );
      // The note is given back for the second try.
      expect(text).toContain('The account is the target’s</textarea>');
    }
    await nothingDisplaced(arrangement);
  });

  it('once confirmed, moves the handle and ends the displaced one’s proof, kept and recorded on both profiles', async () => {
    const { desk, path, target, holder, moved, own, ownClaim } = await arranged();
    const note = 'The account is the target’s; checked on a call';
    const res = await moveOnto(desk, target.profileId, { handle: moved, note, displace: ownClaim.key });
    expect(res.status).toBe(303);
    expect((await desk.agent.get(res.headers.location!)).text).toContain(
      `X ${moved} moved to this profile; X ${own} was displaced.`,
    );

    // The verifiers and the export follow: the displaced handle answers nobody, the moved one the target.
    expect(await answerFor(portal, own)).toEqual(NOT_A_JOURNALIST);
    expect(await answerFor(portal, moved)).toMatchObject({ verified: true, slug: target.slug });
    expect((await exported(portal, target.slug)).profile_social_profiles.twitter).toBe(moved);

    // The displaced proof is kept, ended, with a reason naming the move.
    const reason = `Displaced on ${today()} by X ${moved}, moved to this profile by an editor (${desk.email}): ${note}`;
    const displaced = (await portal.claims.claimsOf(target.profileId)).find((claim) => claim.id === ownClaim.id)!;
    expect(displaced).toMatchObject({ releasedReason: reason, releasedAt: expect.any(String) });
    expect(displaced.evidence).toEqual([
      expect.objectContaining({ method: 'network-sign-in', provenValue: own, endedAt: expect.any(String), endedReason: reason }),
    ]);

    const actions = async (profileId: number) =>
      (await portal.repositories.audit.historyOf(profileId)).map((record) => [record.action, record.note]);
    expect((await actions(target.profileId)).slice(0, 2)).toEqual([
      ['handle-displaced', `X ${own} displaced by X ${moved}, moved here from Holder Brennan’s profile: ${note}`],
      ['handle-moved', `twitter ${moved} moved here: ${note}`],
    ]);
    expect(await actions(holder.profileId)).toEqual(
      expect.arrayContaining([
        ['handle-displaced', `X ${moved}, moved to Target Brennan’s profile, displaced X ${own} there: ${note}`],
      ]),
    );
    // The target keeps a live proof (the moved handle) and stays verified; the review page shows the ended proof.
    expect((await portal.repositories.profiles.findById(target.profileId))!.verified).toBe(true);
    expect((await desk.agent.get(path)).text).toContain(`Ended</dt>\n      <dd>${today()}: ${reason}`);
  });

  it('asks the same on the move-by-name form, for a handle the profile never claimed', async () => {
    const arrangement = await arranged({ targetClaimedIt: false });
    const { desk, target, moved, own, ownClaim } = arrangement;
    const refused = await moveOnto(desk, target.profileId, { handle: moved, note: 'Theirs' });
    expect(refused.status).toBe(422);
    const text = refused.text.replace(/\s+/g, ' ');
    expect(text).toContain(`This will displace X ${own} (proven: signed in with X on ${today()}) on this profile`);
    expect(text).toContain(`<input type="checkbox" id="move-displace" name="displace" value="${ownClaim.key}"`);
    expect(text).toMatch(/<details open>/);
    await nothingDisplaced(arrangement);

    const confirmed = await moveOnto(desk, target.profileId, { handle: moved, note: 'Theirs', displace: ownClaim.key });
    expect(confirmed.status).toBe(303);
    expect(await answerFor(portal, own)).toEqual(NOT_A_JOURNALIST);
  });
});
