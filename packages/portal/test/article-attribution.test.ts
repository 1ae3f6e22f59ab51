import { recordProof } from '@byline/domain/claims/record-proof';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import {
  addArticle,
  articleChecks,
  fediverseCreator,
  journalistAllowing,
  jsonLdAuthor,
  metaAuthor,
  outletForAllTests,
  fetchingFrom,
  pageWith,
  profilePage,
  relAuthor,
} from './support/crediting-pages';
import { editor } from './support/editors';
import { portalForEachTest, portalStoreFactories, submit, textOf } from './support/portal-harness';
import { proveClaim } from './support/proofs';

/**
 * An article counts only when its page credits the journalist: pages served by a local outlet (news.test, and
 * elsewhere.test, which the journalists here do not allow), read by the portal's own fetcher through
 * ALLOWED_PRIVATE_ADDRESSES (loopbackOutbound).
 */
describe.each(portalStoreFactories())('articles proven by their page ($name store)', (factory) => {
  const outlet = outletForAllTests();
  const portal = portalForEachTest(factory, fetchingFrom('news.test', 'elsewhere.test'));
  const { path, counts, claimOf } = articleChecks(portal);

  it('proves an article whose JSON-LD author.url is the profile page', async () => {
    const aoife = await journalistAllowing(portal);
    const link = outlet.serve(
      path(),
      pageWith(jsonLdAuthor({ '@type': 'Person', name: 'Aoife Brennan', url: profilePage(aoife.slug) })),
    );
    const saved = await addArticle(aoife.agent, link);
    expect(saved.headers.location).toBe('/articles?done=proven');
    expect(await counts(link)).toBe(aoife.profileId);
    const { proof } = await claimOf(aoife.profileId, link);
    expect(proof.state).toBe('proven');
    expect(proof.evidence).toEqual([
      expect.objectContaining({
        method: 'authorship-attested',
        provider: { id: 'urn:byline:authorship-check', name: 'Byline page check' },
        matched: `JSON-LD author ${profilePage(aoife.slug)}`,
        by: 'byline:authorship check',
        endedAt: null,
      }),
    ]);
    expect((await aoife.agent.get('/articles')).text).toContain(
      `its page credits you (JSON-LD author ${profilePage(aoife.slug)})`,
    );
  });

  it('proves one whose sameAs is a proven handle, and not one whose sameAs is only claimed', async () => {
    const aoife = await journalistAllowing(portal);
    const twitter = aoife.form.twitter.replace(/^@/, '');
    await proveClaim(portal.claims, aoife.profileId, 'twitter', twitter);
    const proven = outlet.serve(path(), pageWith(jsonLdAuthor({ name: 'Someone', sameAs: [`https://x.com/${twitter}`] })));
    await addArticle(aoife.agent, proven);
    expect(await counts(proven)).toBe(aoife.profileId);

    // The Facebook handle is only typed into her form: a page pointing at it proves nothing; her name makes it a mention.
    const facebook = aoife.form.facebook;
    const claimed = outlet.serve(
      path(),
      pageWith(jsonLdAuthor({ name: 'Aoife Brennan', sameAs: `https://www.facebook.com/${facebook}` })),
    );
    expect((await addArticle(aoife.agent, claimed)).headers.location).toBe('/articles?done=unproven');
    expect(await counts(claimed)).toBeNull();
    expect((await claimOf(aoife.profileId, claimed)).proof).toMatchObject({
      state: 'claimed',
      mention: 'Aoife Brennan',
      reason: expect.stringContaining('names you (“Aoife Brennan”) but links to nothing you proved'),
    });
  });

  it('proves one with a rel="author" link to the profile page', async () => {
    const aoife = await journalistAllowing(portal);
    const link = outlet.serve(path(), pageWith(relAuthor(profilePage(aoife.slug))));
    await addArticle(aoife.agent, link);
    expect(await counts(link)).toBe(aoife.profileId);
  });

  it('proves one whose fediverse:creator is her proven fediverse account on an allowed domain, not on another', async () => {
    const aoife = await journalistAllowing(portal);
    const evidence = {
      method: 'rel-me' as const,
      provider: { id: 'urn:byline:rel-me', name: 'rel="me"' },
      provenValue: 'https://social.test/@aoife',
      by: 'byline:rel-me check',
    };
    expect(
      await recordProof(portal.claims, { profileId: aoife.profileId, kind: 'fediverse', value: '@aoife@social.test', evidence }),
    ).toMatchObject({ ok: true });
    const allowed = outlet.serve(path(), pageWith(fediverseCreator('@aoife@social.test')));
    await addArticle(aoife.agent, allowed);
    expect(await counts(allowed)).toBe(aoife.profileId);

    const elsewhere = outlet.serve(path(), pageWith(fediverseCreator('@aoife@social.test')), 'elsewhere.test');
    await addArticle(aoife.agent, elsewhere);
    expect(await counts(elsewhere)).toBeNull();
    // Her account's own list is asked too (fediverse-attribution.test.ts): here no server answers for social.test.
    expect((await claimOf(aoife.profileId, elsewhere)).proof.reason).toBe(
      'Its page credits you, but elsewhere.test is not among the domains you allow to credit you, and your fediverse account @aoife@social.test could not be read to see whether it allows it (social.test does not resolve). Add it on your profile page, then check again.',
    );
    // An editor reads the same reason about the journalist, not addressed to them.
    const desk = await editor(portal);
    const review = textOf((await desk.agent.get(`/editor/profiles/${aoife.profileId}`)).text);
    expect(review).toContain(
      'Its page credits the journalist, but elsewhere.test is not among the domains the journalist allows to credit them, and their fediverse account @aoife@social.test could not be read to see whether it allows it (social.test does not resolve). The journalist can add it on their profile page.',
    );
    expect(review).not.toMatch(/credits you|allow to credit you/);
  });

  it('does not advise allowing an address the profile form refuses (an IP address): it says why it cannot count', async () => {
    const aoife = await journalistAllowing(portal);
    const onAddress = outlet.serve(path(), pageWith(relAuthor(profilePage(aoife.slug))), '127.0.0.1');
    await addArticle(aoife.agent, onAddress);
    expect(await counts(onAddress)).toBeNull();
    const { reason } = (await claimOf(aoife.profileId, onAddress)).proof;
    expect(reason).toBe(
      'Its page credits you, but 127.0.0.1 cannot be allowed to credit you: it must be a domain name, not an IP address. An article counts only on a publisher’s own domain name.',
    );
    // The advice agrees with the form: the address is indeed refused there.
    const refused = await submit(aoife.agent, '/profile', '/profile', { ...aoife.form, attribution_domains: '127.0.0.1' });
    expect(refused.status).toBe(422);
  });

  it('takes a name alone for a mention, and another person’s page for nobody’s proof of hers', async () => {
    const aoife = await journalistAllowing(portal);
    const named = outlet.serve(path(), pageWith(metaAuthor('Aoife Brennan')));
    await addArticle(aoife.agent, named);
    expect(await counts(named)).toBeNull();
    expect((await claimOf(aoife.profileId, named)).proof.mention).toBe('Aoife Brennan');

    const ciaran = await journalistAllowing(portal, 'news.test', { profile_first_name: 'Ciarán', profile_last_name: 'Walsh' });
    const his = outlet.serve(path(), pageWith(relAuthor(profilePage(ciaran.slug))));
    await addArticle(aoife.agent, his);
    expect(await counts(his)).toBeNull();
    expect((await claimOf(aoife.profileId, his)).proof.reason).toBe('Its page credits someone else.');
    const list = (await aoife.agent.get('/articles')).text;
    expect(list).toContain('Does not count yet');
    expect(list).toContain('Check again');
  });

  it('proves an article once its page is corrected and checked again', async () => {
    const aoife = await journalistAllowing(portal);
    const where = path();
    const link = outlet.serve(where, pageWith(''));
    await addArticle(aoife.agent, link);
    expect((await claimOf(aoife.profileId, link)).proof.reason).toContain('has no author markup');
    outlet.pages.set(where, pageWith(relAuthor(profilePage(aoife.slug))));
    const { article } = await claimOf(aoife.profileId, link);
    const checked = await submit(aoife.agent, '/articles', `/articles/${article.id}/check`, {});
    expect(checked.headers.location).toBe('/articles?done=checked-proven');
    expect(await counts(link)).toBe(aoife.profileId);
  });

  it('leaves another profile’s unproven claim of the address to its own check when the page proves it', async () => {
    const aoife = await journalistAllowing(portal);
    const squatter = await journalistAllowing(portal, 'news.test', { profile_first_name: 'Seán', profile_last_name: 'Ó Briain' });
    const link = outlet.serve(path(), pageWith(relAuthor(profilePage(aoife.slug))));
    await addArticle(squatter.agent, link);
    expect((await claimOf(squatter.profileId, link)).proof.state).toBe('claimed');
    await addArticle(aoife.agent, link);
    expect(await counts(link)).toBe(aoife.profileId);
    // Her proof neither releases nor proves his claim: his own check found the page credits someone else.
    expect((await claimOf(squatter.profileId, link)).proof).toEqual({
      state: 'claimed',
      reason: 'Its page credits someone else.',
      mention: null,
      evidence: [],
    });
    expect((await squatter.agent.get('/articles')).text).toContain('Does not count yet');
    expect(await portal.repositories.audit.historyOf(squatter.profileId)).toEqual([]);
  });

  it('lets an editor attest an article whose page cannot prove it, with a note, never on their own profile', async () => {
    const aoife = await journalistAllowing(portal);
    const link = outlet.serve(path(), pageWith(''));
    await addArticle(aoife.agent, link);
    const { article } = await claimOf(aoife.profileId, link);
    const desk = await editor(portal);
    const review = `/editor/profiles/${aoife.profileId}`;
    const action = `${review}/articles/${article.id}/attest`;
    const noNote = await submit(desk.agent, review, action, { note: '' });
    expect(noNote.status).toBe(422);
    expect(await counts(link)).toBeNull();
    const attested = await submit(desk.agent, review, action, { note: 'Her editor at the Ledger confirmed it' });
    expect(attested.status).toBe(303);
    expect(await counts(link)).toBe(aoife.profileId);
    expect((await claimOf(aoife.profileId, link)).proof.evidence).toEqual([
      expect.objectContaining({
        method: 'editor-attestation',
        by: `editor:${desk.email}`,
        note: 'Her editor at the Ledger confirmed it',
      }),
    ]);
    const [history] = await portal.repositories.audit.historyOf(aoife.profileId);
    expect(history).toMatchObject({
      action: 'article-attested',
      actor: desk.email,
      note: `${link}: Her editor at the Ledger confirmed it`,
    });

    const self = await editor(portal, { profile: { profile_first_name: 'Eve' } });
    const own = await portal.repositories.articles.add(self.profileId!, { ...article, link: outlet.serve(path(), pageWith('')) });
    const refused = await submit(
      self.agent,
      `/editor/profiles/${self.profileId}`,
      `/editor/profiles/${self.profileId}/articles/${own.article.id}/attest`,
      {
        note: 'mine',
      },
    );
    expect(refused.status).toBe(403);
    expect(await portal.store.findAuthorOfArticle(canonicalizeUrl(own.article.link))).toBeNull();
  });

  it('names people by role on the wait page as on the articles page, whatever a note holds', async () => {
    const aoife = await journalistAllowing(portal);
    const squatter = await journalistAllowing(portal, 'news.test', { profile_first_name: 'Seán' });
    const where = path();
    const link = outlet.serve(where, pageWith(''));
    await addArticle(aoife.agent, link);
    outlet.pages.set(where, pageWith(relAuthor(profilePage(squatter.slug))));
    await addArticle(squatter.agent, link);
    const { article } = await claimOf(aoife.profileId, link);
    const desk = await editor(portal);
    const review = `/editor/profiles/${aoife.profileId}`;
    const note = `The Ledger corrected the byline; write to ${desk.email}`;
    await submit(desk.agent, review, `${review}/articles/${article.id}/move`, { note });
    expect((await claimOf(squatter.profileId, link)).proof.reason).toContain(desk.email);
    const until = portal.clock.now.getTime() + 30_000;
    for (const page of ['/articles', `/articles/wait?reason=many&until=${until}`, '/articles/wait?reason=busy&until=0']) {
      const shown = (await squatter.agent.get(page)).text;
      expect([page, shown]).toEqual([page, expect.stringContaining('The Ledger corrected the byline; write to an editor')]);
      expect([page, shown]).toEqual([page, expect.not.stringContaining(desk.email)]);
    }
  });

  it('moves a proven article back to its author only on an editor’s decision, with a note', async () => {
    const aoife = await journalistAllowing(portal);
    const squatter = await journalistAllowing(portal, 'news.test', { profile_first_name: 'Seán', profile_last_name: 'Ó Briain' });
    const where = path();
    // The page first credits the squatter (say, a wrong byline); he proves it, her claim stays unproven.
    const link = outlet.serve(where, pageWith(''));
    await addArticle(aoife.agent, link);
    outlet.pages.set(where, pageWith(relAuthor(profilePage(squatter.slug))));
    await addArticle(squatter.agent, link);
    expect(await counts(link)).toBe(squatter.profileId);
    const { article, proof } = await claimOf(aoife.profileId, link);
    expect(proof.state).toBe('claimed');
    expect((await addArticle(aoife.agent, link)).status).toBe(409);

    const desk = await editor(portal);
    const review = `/editor/profiles/${aoife.profileId}`;
    expect((await desk.agent.get(review)).text).toContain('Move this article here');
    const action = `${review}/articles/${article.id}/move`;
    expect((await submit(desk.agent, review, action, { note: '' })).status).toBe(422);
    expect(await counts(link)).toBe(squatter.profileId);
    const moved = await submit(desk.agent, review, action, { note: 'The Ledger corrected the byline' });
    expect(moved.status).toBe(303);
    expect(await counts(link)).toBe(aoife.profileId);
    expect((await claimOf(squatter.profileId, link)).proof.state).toBe('released');
    const [history] = await portal.repositories.audit.historyOf(squatter.profileId);
    expect(history).toMatchObject({ action: 'article-moved', actor: desk.email });
    // Nobody moves an article onto their own profile.
    const self = await editor(portal, { profile: { profile_first_name: 'Eve' } });
    const refused = await submit(self.agent, review, `/editor/profiles/${self.profileId}/articles/${article.id}/move`, {
      note: 'mine',
    });
    expect(refused.status).toBe(403);
  });

  it('approving a profile vouches for its listed articles, but never for one whose page credits someone else', async () => {
    const aoife = await journalistAllowing(portal);
    const ciaran = await journalistAllowing(portal, 'news.test', { profile_first_name: 'Ciarán', profile_last_name: 'Walsh' });
    const unread = outlet.serve(path(), pageWith(''));
    const his = outlet.serve(path(), pageWith(relAuthor(profilePage(ciaran.slug))));
    await addArticle(aoife.agent, unread);
    await addArticle(aoife.agent, his);
    await proveClaim(portal.claims, aoife.profileId, 'twitter', aoife.form.twitter.replace(/^@/, ''));
    await submit(aoife.agent, '/profile', '/profile/verification-request', {});
    const desk = await editor(portal);
    const review = `/editor/profiles/${aoife.profileId}`;
    expect((await submit(desk.agent, review, `${review}/decision`, { decision: 'verify', note: '' })).status).toBe(303);
    expect(await counts(unread)).toBe(aoife.profileId);
    expect((await claimOf(aoife.profileId, unread)).proof.evidence.at(-1)).toMatchObject({
      note: 'Listed when the profile was approved.',
    });
    expect(await counts(his)).toBeNull();
    expect((await claimOf(aoife.profileId, his)).proof).toMatchObject({
      state: 'claimed',
      reason: 'Its page credits someone else.',
    });
  });
});
