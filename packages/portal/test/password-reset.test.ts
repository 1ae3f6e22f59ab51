import request from 'supertest';
import { quietLogger } from '@byline/test-support';
import { Outbox } from '../src/mail/outbox';
import { smtpMailer } from '../src/mail/smtp-mailer';
import { ResetRequestThrottle } from '../src/mail/reset-request-throttle';
import { createEditor } from '@byline/editorial/use-cases/accounts';
import { issueResetLink } from '@byline/editorial/use-cases/password-reset';
import { startMailbox, linkIn, type Mailbox } from './support/mailbox';
import {
  csrfFrom,
  everythingStored,
  portalStoreFactories,
  signedUp,
  startPortal,
  submit,
  type Agent,
  type Portal,
} from './support/portal-harness';

// Plain http, as the agents speak it (an https address puts the signed-out forms' cookie in a Secure __Host- cookie).
const PORTAL_URL = 'http://portal.example.org';
const HOUR_MS = 60 * 60 * 1000;

/** The reset form posted with the link's token and a new password, carrying the CSRF token of the page it was on. */
const choosePassword = (visitor: Agent, token: string | null, password: string, page: { text: string }) =>
  visitor
    .post('/reset-password')
    .type('form')
    .send({ token, password, _csrf: csrfFrom(page.text) });

describe.each(portalStoreFactories())('password reset by email ($name store)', (factory) => {
  let portal: Portal;
  let mailbox: Mailbox;
  let outbox: Outbox;
  beforeEach(async () => {
    mailbox = await startMailbox();
    outbox = new Outbox(smtpMailer({ url: mailbox.url, from: 'Byline <no-reply@example.org>' }), quietLogger());
    portal = await startPortal(factory, {
      outbox,
      publicUrls: { portal: PORTAL_URL, articleVerifier: 'http://localhost:8080', journalistVerifier: 'http://localhost:8081' },
    });
  });
  afterEach(async () => {
    await outbox.settled();
    await portal.close();
    await mailbox.close();
  });

  /** Asks for a reset the way a browser does; the answer, once every mail it caused is sent. */
  async function askForReset(email: string, agent: Agent = request.agent(portal.app), host?: string) {
    const page = await agent.get('/forgot-password');
    const post = agent.post('/forgot-password').type('form');
    if (host) void post.set('Host', host);
    const res = await post.send({ email, _csrf: csrfFrom(page.text) });
    await outbox.settled();
    return res;
  }

  const pathOf = (link: string) => link.slice(PORTAL_URL.length);
  /** The mail sent so far but the confirmation links of sign-up (signedUp's, on this portal with mail). */
  const resetMails = async () =>
    (await mailbox.messages()).filter((mail) => mail.subject !== 'Confirm your email address for Byline');

  it('mails a link on the configured address (never the Host header) that sets a new password once and ends every session', async () => {
    const { agent: signedIn, email, password } = await signedUp(portal.app);
    const signin = await request.agent(portal.app).get('/signin');
    expect(signin.text).toContain('href="/forgot-password"');

    const asked = await askForReset(email, request.agent(portal.app), 'evil.example');
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('If an account uses that address');
    const mails = await resetMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toMatchObject({ value: [{ address: email }] });
    expect(mails[0]!.from).toMatchObject({ value: [{ address: 'no-reply@example.org' }] });
    expect(mails[0]!.subject).toContain('Byline');
    const link = linkIn(mails[0]!);
    expect(link).toMatch(new RegExp(`^${PORTAL_URL}/reset-password\\?token=[\\w-]{43}$`));
    expect(mails[0]!.text).not.toContain('evil.example');
    const token = new URL(link).searchParams.get('token')!;
    expect((await everythingStored(portal.store)).includes(Buffer.from(token))).toBe(false);

    const visitor = request.agent(portal.app);
    const form = await visitor.get(pathOf(link));
    expect(form.status).toBe(200);
    expect(form.text).toContain('Choose a new password');
    const short = await choosePassword(visitor, token, 'short', form);
    expect(short.status).toBe(422);
    const reset = await choosePassword(visitor, token, 'a password from the mail', form);
    expect(reset.status).toBe(303);
    expect(reset.headers.location).toBe('/signin?done=reset');
    expect((await visitor.get('/signin?done=reset')).text).toContain('Your password is changed');

    const ended = await signedIn.get('/profile');
    expect(ended.status).toBe(303);
    expect(ended.headers.location).toMatch(/^\/signin/);
    expect((await submit(request.agent(portal.app), '/signin', '/signin', { email, password })).status).toBe(401);
    const fresh = await submit(request.agent(portal.app), '/signin', '/signin', { email, password: 'a password from the mail' });
    expect(fresh.status).toBe(303);

    const used = await visitor.get(pathOf(link));
    expect(used.status).toBe(410);
    expect(used.text).toContain('This link has been used or has expired');
    const again = await choosePassword(visitor, token, 'a third password here', used);
    expect(again.status).toBe(410);
    expect(
      (await submit(request.agent(portal.app), '/signin', '/signin', { email, password: 'a third password here' })).status,
    ).toBe(401);
  });

  it('answers the same page whether or not the email has an account, and mails only an account', async () => {
    const { email } = await signedUp(portal.app);
    const agent = request.agent(portal.app);
    const unknown = await askForReset('nobody-here@example.org', agent);
    const known = await askForReset(email, agent);
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(known.text);
    const mails = await resetMails();
    expect(mails.map((mail) => mail.to)).toEqual([
      expect.objectContaining({ value: [expect.objectContaining({ address: email })] }),
    ]);
  });

  it('a link stops working after an hour', async () => {
    const { email, password } = await signedUp(portal.app);
    await askForReset(email);
    const link = linkIn((await resetMails())[0]!);
    portal.clock.now = new Date(portal.clock.now.getTime() + HOUR_MS + 60_000);
    const visitor = request.agent(portal.app);
    const late = await visitor.get(pathOf(link));
    expect(late.status).toBe(410);
    const refused = await choosePassword(visitor, new URL(link).searchParams.get('token'), 'too late for this', late);
    expect(refused.status).toBe(410);
    expect((await submit(request.agent(portal.app), '/signin', '/signin', { email, password })).status).toBe(303);
  });

  it('mails one address at most 3 times an hour, and refuses a client asking too often, answering alike', async () => {
    await portal.close();
    portal = await startPortal(factory, {
      outbox,
      resetThrottle: new ResetRequestThrottle({ perEmail: 3, perAddress: 6 }),
    });
    const { email } = await signedUp(portal.app);
    const agent = request.agent(portal.app);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await askForReset(email, agent));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(await resetMails()).toHaveLength(3);

    await askForReset('someone-else@example.org', agent);
    await askForReset('a-third@example.org', agent);
    const tooMany = await askForReset('a-fourth@example.org', agent);
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an editor with a one-time password can choose a password through a reset link instead', async () => {
    const editor = await createEditor(portal.repositories.users, `reset-desk-${Date.now()}@example.org`);
    const issued = await issueResetLink(portal.repositories, editor.email, PORTAL_URL, portal.clock.now);
    const visitor = request.agent(portal.app);
    const form = await visitor.get(pathOf(issued!.link));
    await choosePassword(visitor, new URL(issued!.link).searchParams.get('token'), 'editor via reset', form);
    const signedIn = await submit(request.agent(portal.app), '/signin', '/signin', {
      email: editor.email,
      password: 'editor via reset',
    });
    expect(signedIn.headers.location).toBe('/editor/queue');
  });
});

describe.each(portalStoreFactories())('password reset without mail ($name store)', (factory) => {
  let portal: Portal;
  afterEach(() => portal.close());

  /** What "Forgot your password?" says, from the sign-in page's link, as a person reaches it. */
  async function forgotPage(operatorContact?: string) {
    portal = await startPortal(factory, operatorContact ? { operatorContact } : {});
    const agent = request.agent(portal.app);
    const signin = await agent.get('/signin');
    expect(signin.text).toContain('href="/forgot-password"');
    return agent.get('/forgot-password');
  }

  it('says reset by email is not available and whom to ask (OPERATOR_CONTACT, an email address), never a command', async () => {
    const page = await forgotPage('desk@ledger.example');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Reset by email is not available');
    expect(page.text).toContain('Ask whoever runs this Byline (<a href="mailto:desk@ledger.example">desk@ledger.example</a>)');
    expect(page.text).not.toMatch(/npx|byline users/);
    expect(page.text).not.toContain('<code>');
    expect(page.text).not.toContain('name="email"');
  });

  it('links OPERATOR_CONTACT when it is an address', async () => {
    const page = await forgotPage('https://ledger.example/help?topic=byline');
    expect(page.text).toContain(
      'Ask whoever runs this Byline (<a href="https://ledger.example/help?topic=byline">https://ledger.example/help?topic=byline</a>)',
    );
  });

  it('says to ask whoever runs this Byline when OPERATOR_CONTACT is not set', async () => {
    const page = await forgotPage();
    expect(page.text).toContain('Ask whoever runs this Byline for a link to choose a new password');
    expect(page.text).not.toContain('npx');
    expect(page.text).not.toContain('<code>');
  });

  it('answers a form posted anyway with the same page, not a server error', async () => {
    portal = await startPortal(factory, { operatorContact: 'desk@ledger.example' });
    const agent = request.agent(portal.app);
    const form = await agent.get('/signin');
    const posted = await agent
      .post('/forgot-password')
      .type('form')
      .send({ _csrf: csrfFrom(form.text), email: 'someone@example.org' });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('Reset by email is not available');
    expect(posted.text).toContain('mailto:desk@ledger.example');
  });

  it('says whom to ask on a dead reset link too', async () => {
    portal = await startPortal(factory, { operatorContact: 'desk@ledger.example' });
    const dead = await request.agent(portal.app).get(`/reset-password?token=${'a'.repeat(43)}`);
    expect(dead.status).toBe(410);
    expect(dead.text).toContain('This link has been used or has expired');
    expect(dead.text).toContain('mailto:desk@ledger.example');
    expect(dead.text).not.toContain('npx');
  });
});

describe('the SMTP mailer', () => {
  it('signs in with the credentials of SMTP_URL and sends from MAIL_FROM', async () => {
    const mailbox = await startMailbox({ user: 'byline', pass: 'p@ss:word/1' });
    try {
      const mailer = smtpMailer({ url: mailbox.url, from: 'no-reply@example.org' });
      await mailer.send({ to: 'someone@example.org', subject: 'Hello', text: 'Plain text' });
      expect(mailbox.logins).toEqual(['byline']);
      const [mail] = await mailbox.messages();
      expect(mail).toMatchObject({ subject: 'Hello', text: 'Plain text\n' });
    } finally {
      await mailbox.close();
    }
  });
});
