import request from 'supertest';
import { bearer } from '@byline/test-support';
import { decideIdentityChange, editor, journalist, reviewPath } from './support/editors';
import { aProfile, forAllTests, seed, startReceiver } from '@byline/test-support';
import { addWebhook, webhookWorkerTick, withApiAccount } from './support/webhooks';
import { addArticle, fetchingFrom, outletForAllTests, pageWith, profilePage, relAuthor } from './support/crediting-pages';
import { portalForEachTest, portalStoreFactories, profileForm, signedUp, submit } from './support/portal-harness';
import { proveClaim } from './support/proofs';
import { verifiers } from './support/verifiers';

/** A profile's public address (slug): it follows the name until verification, then moves only with an approved change. */
describe.each(portalStoreFactories())('the public address follows the name ($name store)', (factory) => {
  const outlet = outletForAllTests();
  const receiver = forAllTests(startReceiver, (started) => started.close());
  const portal = portalForEachTest(factory, fetchingFrom('news.test'));

  const slugOf = async (profileId: number) => (await portal.repositories.profiles.findById(profileId))!.profile_slug;

  it('an unverified profile’s address follows each save of its name, and no other profile’s', async () => {
    const person = await journalist(portal, { profile_first_name: 'Olra', profile_last_name: 'Nowak' }, { request: false });
    expect(person.slug).toBe('olra-nowak');
    const own = await person.agent.get('/profile');
    expect(own.text).toContain('this address follows your name');

    const fixed = await submit(person.agent, '/profile', '/profile', { ...person.form, profile_first_name: 'Olga' });
    expect(fixed.status).toBe(303);
    expect(await slugOf(person.profileId)).toBe('olga-nowak');
    expect((await request(portal.app).get('/j/olga-nowak')).status).toBe(200);
    // The typo was never settled: nothing redirects from it, and another journalist may be given it.
    expect((await request(portal.app).get('/j/olra-nowak')).status).toBe(404);

    // A name another profile has takes the next free address; a save that keeps the name keeps the address.
    const other = await journalist(portal, { profile_first_name: 'Olga', profile_last_name: 'Nowak' }, { request: false });
    expect(other.slug).toBe('olga-nowak-2');
    await submit(other.agent, '/profile', '/profile', { ...other.form, profile_bio: 'Another bio.' });
    expect(await slugOf(other.profileId)).toBe('olga-nowak-2');

    // Markup in the name leaves nothing of itself in the address once the name is corrected.
    const marked = await journalist(portal, { profile_first_name: '<b>Zed</b>', profile_last_name: 'Marsh' }, { request: false });
    expect(marked.slug).toBe('b-zed-b-marsh');
    await submit(marked.agent, '/profile', '/profile', { ...marked.form, profile_first_name: 'Zed' });
    expect(await slugOf(marked.profileId)).toBe('zed-marsh');
  });

  it('after verification only an approved change of name moves it; the old address redirects (page, badge) and the answers hold the new one', async () => {
    const person = await journalist(portal, {
      profile_first_name: 'Olra',
      profile_last_name: 'Quinn',
      facebook: '',
      linkedin: '',
      attribution_domains: 'news.test',
    });
    await proveClaim(portal.claims, person.profileId, 'twitter', person.form.twitter);
    const desk = await editor(portal);
    const path = reviewPath(person.profileId);
    expect((await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: '' })).status).toBe(303);

    // Saved while verified: the name waits for an editor, and so does the address.
    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_first_name: 'Olga' });
    expect(await slugOf(person.profileId)).toBe('olra-quinn');

    // Someone else named Olga Quinn meanwhile holds the plain address.
    const namesake = await journalist(portal, { profile_first_name: 'Olga', profile_last_name: 'Quinn' }, { request: false });
    expect(namesake.slug).toBe('olga-quinn');

    // An API account that follows journalists by slug is told of the move.
    const subscriber = await withApiAccount(portal);
    await addWebhook(subscriber.agent, { url: receiver.url, events: 'journalist.slug_changed' });

    // The editor is told, before approving, that the address moves.
    expect((await desk.agent.get(path)).text).toContain('Approving this change of name moves the public address');
    const approved = await decideIdentityChange(portal, desk, person.profileId, { decision: 'approve', identity_note: '' });
    expect(approved.status).toBe(303);
    expect(await slugOf(person.profileId)).toBe('olga-quinn-2');

    const visitor = request(portal.app);
    const page = await visitor.get('/j/olra-quinn');
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe('/j/olga-quinn-2');
    const badge = await visitor.get('/j/olra-quinn/badge.svg?style=flat');
    expect(badge.status).toBe(301);
    expect(badge.headers.location).toBe('/j/olga-quinn-2/badge.svg?style=flat');
    expect(badge.headers['set-cookie']).toBeUndefined();
    expect((await visitor.get('/j/olga-quinn-2')).text).toContain('Olga Quinn');

    await webhookWorkerTick(portal);
    expect(receiver.received.map((delivery) => JSON.parse(delivery.body) as { type: string; data: unknown })).toEqual([
      expect.objectContaining({ type: 'journalist.slug_changed', data: { slug: 'olga-quinn-2', previous: 'olra-quinn' } }),
    ]);

    // The owner's download lists the address she left.
    const own = JSON.parse((await person.agent.get('/account/data.json')).text) as { profile: Record<string, unknown> };
    expect(own.profile).toMatchObject({ profile_slug: 'olga-quinn-2', former_slugs: ['olra-quinn'] });

    // The verifiers answer with the new address.
    const token = (await bearer(portal.store)).replace('Bearer ', '');
    const answer = (await verifiers(portal.store).verifyJournalist(token, person.form.twitter)).body as Record<string, unknown>;
    expect(answer).toMatchObject({ verified: true, first_name: 'Olga', slug: 'olga-quinn-2' });

    // A page that credits the old address still credits her: it leads to her page.
    const link = outlet.serve(`/olra-${Date.now()}`, pageWith(relAuthor(profilePage('olra-quinn'))));
    const added = await addArticle(person.agent, link);
    expect(added.headers.location).toBe('/articles?done=proven');

    // The old address is the profile's while it redirects: a new "Olra Quinn" is given another one.
    const later = await journalist(portal, { profile_first_name: 'Olra', profile_last_name: 'Quinn' }, { request: false });
    expect(later.slug).toBe('olra-quinn-2');

    // Erased with its profile: the address is free again.
    const owner = await portal.repositories.users.findByEmail(person.email);
    // Its allowed domains first: what erasure does with them is not this test's subject.
    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_first_name: 'Olga', attribution_domains: '' });
    await portal.repositories.profileErasure.erase(owner!.profileId!);
    expect(await portal.repositories.profiles.slugReplacing('olra-quinn')).toBeNull();
    expect((await visitor.get('/j/olra-quinn')).status).toBe(404);
    const next = await signedUp(portal.app);
    await submit(next.agent, '/profile', '/profile', profileForm({ profile_first_name: 'Olra', profile_last_name: 'Quinn' }));
    const nextProfile = (await portal.repositories.users.findByEmail(next.email))!.profileId!;
    expect(await slugOf(nextProfile)).toBe('olra-quinn');
  });

  /** A verified journalist who has asked for another first name: what an editor's decision on it needs. */
  const verifiedAskingForFirstName = async (first: string, last: string, asked: string) => {
    const person = await journalist(portal, { profile_first_name: first, profile_last_name: last, facebook: '', linkedin: '' });
    await proveClaim(portal.claims, person.profileId, 'twitter', person.form.twitter);
    const desk = await editor(portal);
    const path = reviewPath(person.profileId);
    await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: '' });
    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_first_name: asked });
    return { person, desk };
  };

  it('a profile an operator imports under a former address is shown there, not redirected away', async () => {
    const { person, desk } = await verifiedAskingForFirstName('Cian', 'Tobin', 'Kian');
    await decideIdentityChange(portal, desk, person.profileId, { decision: 'approve', identity_note: '' });
    expect((await request(portal.app).get('/j/cian-tobin')).headers.location).toBe('/j/kian-tobin');

    await seed(portal.store, aProfile({ profile_slug: 'cian-tobin', profile_first_name: 'Cian', profile_last_name: 'Tobin' }));
    const page = await request(portal.app).get('/j/cian-tobin');
    expect(page.status).toBe(200);
    expect(await portal.repositories.profiles.slugReplacing('cian-tobin')).toBeNull();
  });

  it('a declined change keeps the address', async () => {
    const { person, desk } = await verifiedAskingForFirstName('Nessa', 'Ryan', 'Vanessa');
    const declined = await decideIdentityChange(portal, desk, person.profileId, {
      decision: 'decline',
      identity_note: 'Not the name on the byline.',
    });
    expect(declined.status).toBe(303);
    expect(await slugOf(person.profileId)).toBe('nessa-ryan');
    expect((await request(portal.app).get('/j/nessa-ryan')).status).toBe(200);
  });
});
