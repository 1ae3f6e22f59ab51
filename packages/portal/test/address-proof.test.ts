import request from 'supertest';
import { createApiKey } from '@byline/shared';
import { createEditor } from '@byline/editorial/use-cases/accounts';
import { issueConfirmLink } from '@byline/editorial/use-cases/address-proof';
import { ResetRequestThrottle } from '../src/mail/reset-request-throttle';
import { linkIn } from './support/mailbox';
import { MAIL_PORTAL_URL, startMailingPortal, type MailingPortal } from './support/mailing-portal';
import {
  confirmAddress,
  csrfFrom,
  portalForEachTest,
  portalStoreFactories,
  profileForm,
  signedUp,
  submit,
  textOf,
  unprovenUser,
  type Agent,
  type Portal,
} from './support/portal-harness';
import { invitationOn, publisherOf } from './support/staff';
import { openApiAccount } from './support/webhooks';

const PASSWORD = 'correct horse battery';
let people = 0;
const address = (who: string) => `${who}${++people}-${Date.now()}@example.org`;

/** An API account the operator made for the address, as `byline keys create --email` makes it: its key's id. */
async function operatorKey(portal: Portal, email: string): Promise<string> {
  const { key } = await createApiKey(portal.repositories.apiKeys, email, 'operator integration');
  return key;
}

/** What the API account's pages and forms answer to the agent: each status, and whether the key shows. */
async function apiReach(agent: Agent, key: string) {
  const settings = await agent.get('/settings/api');
  const csrf = csrfFrom(settings.text);
  const post = (action: string, fields: Record<string, string> = {}) =>
    agent
      .post(action)
      .type('form')
      .send({ _csrf: csrf, ...fields });
  return {
    settings: settings.status,
    showsKey: settings.text.includes(key),
    webhooks: (await agent.get('/settings/api/webhooks')).status,
    rotate: (await post(`/settings/api/keys/${key}/rotate`)).status,
    newKey: (await post('/settings/api/keys', { name: 'mine now' })).status,
    revokePage: (await agent.get(`/settings/api/keys/${key}/revoke`)).status,
    addWebhook: (await post('/settings/api/webhooks', { url: 'https://hooks.example.org/in', events: 'journalist.verified' }))
      .status,
  };
}

const OUT_OF_REACH = {
  settings: 403,
  showsKey: false,
  webhooks: 403,
  rotate: 403,
  newKey: 403,
  revokePage: 403,
  addWebhook: 403,
};

describe.each(portalStoreFactories())('an address reaches nothing until proven, without mail ($name store)', (factory) => {
  const portal = portalForEachTest(factory, { operatorContact: 'desk@byline.example' });

  it('keeps an API account the operator made out of reach of a sign-up with its address until the address is proven', async () => {
    const email = address('integration');
    const key = await operatorKey(portal, email);
    const squatter = await signedUp(portal.app, email, PASSWORD, { proven: false });

    expect(await apiReach(squatter.agent, key)).toEqual(OUT_OF_REACH);
    const page = textOf((await squatter.agent.get('/settings/api')).text);
    expect(page).toContain('Confirm your email address');
    expect(page).toContain('ask whoever runs this Byline ( desk@byline.example ) for a confirmation link');
    expect(page).not.toContain('Send the link again');
    // Nothing was changed behind the refusals: the operator's key still works, no other key or endpoint exists.
    const keys = await portal.repositories.apiKeys.keysOf(email);
    expect(keys.map((k) => [k.key, k.revoked_at])).toEqual([[key, null]]);
    expect(await portal.repositories.webhookEndpoints.endpointsOf(email)).toEqual([]);
    // Signing in anew lands on the profile, not on API settings (which would tell an account is there).
    const again = await submit(request.agent(portal.app), '/signin', '/signin', { email, password: PASSWORD });
    expect(again.headers.location).toBe('/profile');

    await confirmAddress(portal.app, squatter.agent, email, PASSWORD);
    const reached = await squatter.agent.get('/settings/api');
    expect(reached.status).toBe(200);
    expect(reached.text).toContain(key);
  });

  it('keeps a staff invitation sent to the address out of reach until the address is proven', async () => {
    const harbour = await publisherOf(portal, 'The Harbour Times');
    const email = address('invitee');
    await submit(harbour.agent, harbour.path, `${harbour.path}/staff`, { invitee: email });
    const [invitation] = await portal.repositories.staff.invitationsFor({ profileId: null, email });
    const person = await signedUp(portal.app, email, PASSWORD, { proven: false });
    await submit(person.agent, '/profile', '/profile', profileForm());

    const waiting = (await person.agent.get('/profile')).text;
    expect(waiting).not.toContain('data-invitation=');
    expect(textOf(waiting)).toContain('wait until you confirm your email address');
    const accept = await submit(person.agent, '/profile', `/profile/staff/${invitation!.id}/accept`, {});
    const decline = await submit(person.agent, '/profile', `/profile/staff/${invitation!.id}/decline`, {});
    expect([accept.status, decline.status]).toEqual([404, 404]);
    expect((await portal.repositories.staff.findById(invitation!.id))?.state).toBe('invited');

    await confirmAddress(portal.app, person.agent, email, PASSWORD);
    expect(await invitationOn(person.agent)).toBe(invitation!.id);
    expect(textOf((await person.agent.get('/profile')).text)).not.toContain('confirm your email address');
    const accepted = await submit(person.agent, '/profile', `/profile/staff/${invitation!.id}/accept`, {});
    expect([accepted.status, accepted.headers.location]).toEqual([303, '/profile?staff=accepted']);
  });

  it('keeps the API account a deleted person kept out of reach of the next sign-up with the address until proven', async () => {
    const leaving = await signedUp(portal.app, address('leaving'));
    await openApiAccount(leaving.agent);
    await submit(leaving.agent, '/settings/api', '/settings/api/keys', { name: 'old integration' });
    const [kept] = await portal.repositories.apiKeys.keysOf(leaving.email);
    const deleted = await submit(leaving.agent, '/account/delete', '/account/delete', { email: leaving.email });
    expect(deleted.status).toBe(303);

    const next = await signedUp(portal.app, leaving.email, PASSWORD, { proven: false });
    const page = await next.agent.get('/settings/api');
    expect(page.status).toBe(403);
    expect(page.text).not.toContain('old integration');

    await confirmAddress(portal.app, next.agent, leaving.email, PASSWORD);
    const reached = await next.agent.get('/settings/api');
    expect(reached.status).toBe(200);
    expect(reached.text).toContain(kept!.key);
  });

  it('an unproven user who deletes their account leaves the API account and invitations of the address alone', async () => {
    const email = address('shared');
    const key = await operatorKey(portal, email);
    const harbour = await publisherOf(portal, 'The Harbour Times');
    await submit(harbour.agent, harbour.path, `${harbour.path}/staff`, { invitee: email });
    const squatter = await signedUp(portal.app, email, PASSWORD, { proven: false });
    const deleted = await submit(squatter.agent, '/account/delete', '/account/delete', { email });
    expect(deleted.status).toBe(303);
    expect((await portal.repositories.apiKeys.keysOf(email)).map((k) => k.revoked_at)).toEqual([null]);
    expect((await portal.repositories.apiKeys.keysOf(email))[0]!.key).toBe(key);
    expect(await portal.repositories.staff.invitationsFor({ profileId: null, email })).toHaveLength(1);
  });

  it('proves the address with the link and the password together, once; opening the link changes nothing', async () => {
    const person = await signedUp(portal.app, address('careful'), PASSWORD, { proven: false });
    const issued = await issueConfirmLink(portal.repositories, person.email, '', portal.clock.now);
    if (issued.status !== 'issued') throw new Error('no link');
    const token = new URL(issued.link, 'http://portal.test').searchParams.get('token')!;

    // A stranger's browser (a mail scanner, the address's owner who never signed up) opens it: nothing is proven.
    const stranger = request.agent(portal.app);
    const opened = await stranger.get(issued.link);
    expect(opened.status).toBe(200);
    expect(textOf(opened.text)).toContain(`Enter the password of the Byline account for ${person.email}`);
    const guessed = await stranger
      .post('/confirm-email')
      .type('form')
      .send({ _csrf: csrfFrom(opened.text), token, password: 'not the password' });
    expect(guessed.status).toBe(422);
    expect(textOf(guessed.text)).toContain('This is not the password of this account');
    expect((await portal.repositories.users.findByEmail(person.email))?.emailVerifiedAt).toBeNull();

    const confirmed = await stranger
      .post('/confirm-email')
      .type('form')
      .send({ _csrf: csrfFrom(opened.text), token, password: PASSWORD });
    expect([confirmed.status, confirmed.headers.location]).toEqual([303, '/profile']);
    expect((await portal.repositories.users.findByEmail(person.email))?.emailVerifiedAt).toBe(portal.clock.now.toISOString());
    expect((await stranger.get('/settings/email')).text).toContain(`${person.email} is confirmed`);
    expect((await request.agent(portal.app).get(issued.link)).status).toBe(410);
  });

  it('a link stops working after 24 hours', async () => {
    const person = await signedUp(portal.app, address('late'), PASSWORD, { proven: false });
    const issued = await issueConfirmLink(portal.repositories, person.email, '', portal.clock.now);
    if (issued.status !== 'issued') throw new Error('no link');
    portal.clock.now = new Date(portal.clock.now.getTime() + 24 * 60 * 60 * 1000 + 1000);
    expect((await person.agent.get(issued.link)).status).toBe(410);
  });

  it('without mail, sign-up still signs in at once and says an address is taken', async () => {
    const email = address('taken');
    await signedUp(portal.app, email);
    const agent = request.agent(portal.app);
    const again = await submit(agent, '/signup', '/signup', { email, password: PASSWORD });
    expect(again.status).toBe(422);
    expect(again.text).toContain('An account with this email exists');
  });

  it('editors create refuses an account whose address is unproven, and promotes it once proven', async () => {
    const person = await signedUp(portal.app, address('future-editor'), PASSWORD, { proven: false });
    expect(await createEditor(portal.repositories.users, person.email)).toEqual({ status: 'unproven', email: person.email });
    expect((await portal.repositories.users.findByEmail(person.email))?.role).toBe('journalist');

    await confirmAddress(portal.app, person.agent, person.email, PASSWORD);
    expect(await createEditor(portal.repositories.users, person.email)).toEqual({ status: 'promoted', email: person.email });
    const made = await createEditor(portal.repositories.users, address('made-editor'));
    expect(made.status).toBe('created');
    expect((await portal.repositories.users.findByEmail(made.email))?.emailVerifiedAt).not.toBeNull();
  });
});

describe.each(portalStoreFactories())('sign-up and proof with mail ($name store)', (factory) => {
  let mailing: MailingPortal;
  let portal: Portal;
  beforeEach(async () => {
    mailing = await startMailingPortal(factory, { confirmThrottle: new ResetRequestThrottle({ perEmail: 3, perAddress: 8 }) });
    portal = mailing.portal;
  });
  afterEach(() => mailing.close());

  const signUp = async (email: string, password = PASSWORD, purpose = 'journalist') => {
    const agent = request.agent(portal.app);
    const res = await submit(agent, '/signup', '/signup', { email, password, purpose });
    await mailing.outbox.settled();
    return { agent, res };
  };

  it('answers a new and a taken address alike, mails the new one its link and the taken one’s owner a warning', async () => {
    const owner = await signedUp(portal.app, address('owner'));
    const fresh = address('fresh');
    const taken = await signUp(owner.email, 'another password here');
    const created = await signUp(fresh);
    expect([taken.res.status, created.res.status]).toEqual([200, 200]);
    expect(taken.res.text.replaceAll(owner.email, 'ADDRESS')).toBe(created.res.text.replaceAll(fresh, 'ADDRESS'));
    expect(textOf(created.res.text)).toContain(`We have sent a link to ${fresh}`);
    // Nobody is signed in by either.
    for (const { agent } of [taken, created]) expect((await agent.get('/profile')).headers.location).toMatch(/^\/signin/);
    // Nor can either sign in with the password they chose before the link (which would tell the two apart).
    const signIns = await Promise.all([
      submit(request.agent(portal.app), '/signin', '/signin', { email: owner.email, password: 'another password here' }),
      submit(request.agent(portal.app), '/signin', '/signin', { email: fresh, password: PASSWORD }),
    ]);
    expect(signIns.map((res) => res.status)).toEqual([401, 401]);
    expect(signIns[0].text.replace(/value="[^"]*"/g, '')).toBe(signIns[1].text.replace(/value="[^"]*"/g, ''));
    expect(textOf(signIns[1].text)).toContain('Open the link we mailed you first');

    const [warning] = await mailing.mailTo(owner.email);
    expect(warning!.subject).toBe('Someone tried to sign up to Byline with your address');
    expect(warning!.text).toContain(`${MAIL_PORTAL_URL}/forgot-password`);
    expect(await mailing.confirmationsTo(owner.email)).toHaveLength(1); // signedUp's own, at its sign-up
    expect(await portal.repositories.users.findByEmail(owner.email)).toMatchObject({ emailVerifiedAt: expect.any(String) });

    const [confirmation] = await mailing.confirmationsTo(fresh);
    const link = linkIn(confirmation!);
    expect(link.startsWith(`${MAIL_PORTAL_URL}/confirm-email?token=`)).toBe(true);
    const form = await created.agent.get(link.slice(MAIL_PORTAL_URL.length));
    const confirmed = await created.agent
      .post('/confirm-email')
      .type('form')
      .send({ _csrf: csrfFrom(form.text), token: new URL(link).searchParams.get('token'), password: PASSWORD });
    expect([confirmed.status, confirmed.headers.location]).toEqual([303, '/profile']);
    expect((await created.agent.get('/profile')).status).toBe(200);
    expect((await created.agent.get('/settings/api')).status).toBe(200);
  });

  it('a sign-up for API keys leads, once confirmed, to API settings with its account open', async () => {
    const email = address('api');
    await signUp(email, PASSWORD, 'api');
    const link = linkIn((await mailing.confirmationsTo(email))[0]!);
    const agent = request.agent(portal.app);
    const form = await agent.get(link.slice(MAIL_PORTAL_URL.length));
    const confirmed = await submit(agent, link.slice(MAIL_PORTAL_URL.length), '/confirm-email', {
      token: new URL(link).searchParams.get('token')!,
      password: PASSWORD,
      for: 'api',
    });
    expect(form.status).toBe(200);
    expect(confirmed.headers.location).toBe('/settings/api');
    expect(await portal.repositories.apiAccounts.findAccount(email)).toMatchObject({ email });
  });

  it('sends the link again from the portal, throttled per address, and says so on API settings', async () => {
    const person = await unprovenUser(portal, address('again'), PASSWORD);
    const settings = await person.agent.get('/settings/api');
    expect(settings.status).toBe(403);
    expect(textOf(settings.text)).toContain('Send the link again');
    const sent = await submit(person.agent, '/settings/email', '/settings/email/link', {});
    expect(sent.status).toBe(200);
    expect(textOf(sent.text)).toContain(`We have sent a new link to ${person.email}`);
    const mails = await mailing.confirmationsTo(person.email);
    expect(mails).toHaveLength(1);
    const visitor = request.agent(portal.app);
    const page = await visitor.get(linkIn(mails[0]!).slice(MAIL_PORTAL_URL.length));
    expect(page.status).toBe(200);

    for (let i = 0; i < 2; i++) await submit(person.agent, '/settings/email', '/settings/email/link', {});
    expect(await mailing.confirmationsTo(person.email)).toHaveLength(3); // 3 an hour at most, answered alike
    let last;
    for (let i = 0; i < 6; i++) last = await submit(person.agent, '/settings/email', '/settings/email/link', {});
    expect(last!.status).toBe(429);
  });

  it('a password reset by mail proves the address too (it came to the address)', async () => {
    const person = await unprovenUser(portal, address('reset'), PASSWORD);
    const agent = request.agent(portal.app);
    await submit(agent, '/forgot-password', '/forgot-password', { email: person.email });
    const link = linkIn((await mailing.mailTo(person.email)).find((mail) => mail.subject === 'Choose a new Byline password')!);
    await submit(agent, link.slice(MAIL_PORTAL_URL.length), '/reset-password', {
      token: new URL(link).searchParams.get('token')!,
      password: 'a brand new password',
    });
    expect((await portal.repositories.users.findByEmail(person.email))?.emailVerifiedAt).not.toBeNull();
  });
});
