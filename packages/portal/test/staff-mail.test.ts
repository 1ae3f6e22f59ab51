import { journalist } from './support/editors';
import type { Mailbox } from './support/mailbox';
import { CONFIRM_SUBJECT, MAIL_PORTAL_URL as PORTAL_URL, startMailingPortal, type MailingPortal } from './support/mailing-portal';
import { portalStoreFactories, signedUp, submit, type Portal } from './support/portal-harness';
import { invitationOn, publisherOf } from './support/staff';

describe.each(portalStoreFactories())('mail about publishers’ staff ($name store)', (factory) => {
  let mailing: MailingPortal;
  let portal: Portal;
  let mailbox: Mailbox;
  beforeEach(async () => {
    mailing = await startMailingPortal(factory);
    ({ portal, mailbox } = mailing);
  });
  afterEach(() => mailing.close());

  const mailTo = (email: string) => mailing.mailTo(email);

  it('mails the invited journalist, their acceptance to the admin, and the publisher’s ending back with its reason', async () => {
    const harbour = await publisherOf(portal, 'The Harbour Times');
    const person = await journalist(portal, {}, { request: false });
    await submit(harbour.agent, harbour.path, `${harbour.path}/staff`, { invitee: person.slug });

    const [invitation] = await mailTo(person.email);
    expect(invitation!.subject).toBe('The Harbour Times invited you to its staff on Byline');
    expect(invitation!.text).toContain('Accept or decline it on your profile page:');
    expect(invitation!.text).toContain(`${PORTAL_URL}/profile`);

    const id = await invitationOn(person.agent);
    await submit(person.agent, '/profile', `/profile/staff/${id}/accept`, {});
    const [accepted] = await mailTo(harbour.email);
    expect(accepted!.subject).toBe(`Aoife Brennan (${person.slug}) accepted your invitation to the staff of The Harbour Times`);
    expect(accepted!.text).toContain(`${PORTAL_URL}${harbour.path}`);

    const endPath = `${harbour.path}/staff/${id}/end`;
    await submit(harbour.agent, endPath, endPath, { confirm: 'end', reason: 'Contract over' });
    const mails = await mailTo(person.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'The Harbour Times invited you to its staff on Byline',
      'The Harbour Times ended your affiliation on Byline',
    ]);
    expect(mails[1]!.text).toContain('The reason: Contract over');
    expect((await mailbox.messages()).filter((mail) => mail.subject !== CONFIRM_SUBJECT)).toHaveLength(3);
  });

  it('mails an invitation by email to that address, and tells the admin of a decline and of the journalist’s ending', async () => {
    const harbour = await publisherOf(portal, 'The Harbour Times');
    const newcomer = await signedUp(portal.app);
    await submit(harbour.agent, harbour.path, `${harbour.path}/staff`, { invitee: newcomer.email });
    const [invitation] = await mailTo(newcomer.email);
    expect(invitation!.text).toContain(`Sign in to Byline (or sign up) with this address, ${newcomer.email}, to accept`);
    await submit(newcomer.agent, '/profile', `/profile/staff/${await invitationOn(newcomer.agent)}/decline`, {});
    expect((await mailTo(harbour.email)).map((mail) => mail.subject)).toEqual([
      `${newcomer.email} declined your invitation to the staff of The Harbour Times`,
    ]);

    const person = await journalist(portal, {}, { request: false });
    await submit(harbour.agent, harbour.path, `${harbour.path}/staff`, { invitee: person.slug });
    const id = await invitationOn(person.agent);
    await submit(person.agent, '/profile', `/profile/staff/${id}/accept`, {});
    await submit(person.agent, `/profile/staff/${id}/end`, `/profile/staff/${id}/end`, { confirm: 'end', reason: 'New job' });
    const toAdmin = await mailTo(harbour.email);
    expect(toAdmin.map((mail) => mail.subject)).toEqual([
      `${newcomer.email} declined your invitation to the staff of The Harbour Times`,
      `Aoife Brennan (${person.slug}) accepted your invitation to the staff of The Harbour Times`,
      `Aoife Brennan (${person.slug}) ended their affiliation with The Harbour Times`,
    ]);
    expect(toAdmin[2]!.text).toContain('The reason: New job');
    // The journalist's own ending is not mailed back to them.
    expect((await mailTo(person.email)).map((mail) => mail.subject)).toEqual([
      'The Harbour Times invited you to its staff on Byline',
    ]);
  });
});
