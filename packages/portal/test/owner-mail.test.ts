import type { Outbox } from '../src/mail/outbox';
import { portalStoreFactories, profileForm, submit, type Portal } from './support/portal-harness';
import {
  approvedByEditor,
  decideIdentityChange,
  editor,
  journalist,
  liveClaim,
  moveOnto,
  ONLY_X,
  reviewPath,
} from './support/editors';
import type { Mailbox } from './support/mailbox';
import { CONFIRM_SUBJECT, MAIL_PORTAL_URL as PORTAL_URL, startMailingPortal, type MailingPortal } from './support/mailing-portal';
import { proveClaim } from './support/proofs';

describe.each(portalStoreFactories())('mail to profiles’ owners ($name store)', (factory) => {
  let mailing: MailingPortal;
  let portal: Portal;
  let mailbox: Mailbox;
  let outbox: Outbox;
  beforeEach(async () => {
    mailing = await startMailingPortal(factory);
    ({ portal, mailbox, outbox } = mailing);
  });
  afterEach(() => mailing.close());

  const mailTo = (email: string) => mailing.mailTo(email);

  it('mails the owner an editor’s decision, with the note and a link to their profile, and nobody else', async () => {
    const person = await journalist(portal);
    const desk = await editor(portal);
    const path = reviewPath(person.profileId);
    const rejected = await submit(desk.agent, path, `${path}/decision`, { decision: 'reject', note: 'No byline at the paper' });
    expect(rejected.status).toBe(303);

    const mails = await mailTo(person.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Byline verification request was declined']);
    expect(mails[0]!.text).toContain('The note: No byline at the paper');
    expect(mails[0]!.text).toContain(`${PORTAL_URL}/profile`);
    expect(await mailTo(desk.email)).toEqual([]);
    expect((await mailbox.messages()).filter((mail) => mail.subject !== CONFIRM_SUBJECT)).toHaveLength(1);
  });

  it('mails the owner of an unproven claim that an editor’s attestation on another profile released', async () => {
    const handle = profileForm().twitter;
    const first = await journalist(portal, { ...ONLY_X, twitter: handle }, { request: false });
    const second = await journalist(portal, { ...ONLY_X, twitter: handle });
    const desk = await editor(portal);
    const claim = (await portal.claims.claimsOf(second.profileId)).find((c) => c.kind === 'twitter')!;
    const path = reviewPath(second.profileId);
    const attested = await submit(desk.agent, path, `${path}/claims/${claim.id}/attest`, { note: 'Video call' });
    expect(attested.status).toBe(303);

    const mails = await mailTo(first.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['A claim on your Byline profile was released']);
    expect(mails[0]!.text).toContain(handle.slice(1));
    expect(await mailTo(second.email)).toEqual([]);
  });

  it('mails the owner of a handle a move displaced, naming the editor by role, never by address', async () => {
    const stamp = Date.now().toString(36).slice(-7);
    const [moved, own] = [`@Mov${stamp}`, `@Own${stamp}`];
    const target = await journalist(portal, { ...ONLY_X, twitter: own }, { request: false });
    const holder = await journalist(portal, { ...ONLY_X, twitter: moved }, { request: false });
    await proveClaim(portal.claims, holder.profileId, 'twitter', moved);
    await proveClaim(portal.claims, target.profileId, 'twitter', own);
    const desk = await editor(portal);
    const displaced = (await liveClaim(portal, target.profileId, 'twitter'))!;
    const note = 'The account is the target’s; checked on a call';
    expect((await moveOnto(desk, target.profileId, { handle: moved, note, displace: displaced.key })).status).toBe(303);

    const mails = await mailTo(target.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['A claim on your Byline profile was released']);
    expect(mails[0]!.text).toContain(`moved to this profile by an editor: ${note}`);
    expect(mails[0]!.text).not.toContain(desk.email);
    for (const mail of await mailTo(holder.email)) expect(mail.text).not.toContain(desk.email);
  });

  it('mails the owner an editor’s decision on their identity change, with the note', async () => {
    const person = await journalist(portal);
    await proveClaim(portal.claims, person.profileId, 'twitter', person.form.twitter);
    await approvedByEditor(portal, person.profileId);
    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_employer: 'The Munster Courier' });
    const desk = await editor(portal);
    const declined = await decideIdentityChange(portal, desk, person.profileId, {
      decision: 'decline',
      identity_note: 'Ask the Courier to confirm first',
    });
    expect(declined.status).toBe(303);

    const mails = await mailTo(person.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Ask the Courier to confirm first');
    expect(await mailTo(desk.email)).toEqual([]);
  });

  it('keeps the decision when the mail cannot be sent', async () => {
    await mailbox.close();
    const person = await journalist(portal);
    const desk = await editor(portal);
    const path = reviewPath(person.profileId);
    const rejected = await submit(desk.agent, path, `${path}/decision`, { decision: 'reject', note: 'Not now' });
    expect(rejected.status).toBe(303);
    await outbox.settled();
    expect((await portal.repositories.audit.historyOf(person.profileId))[0]).toMatchObject({
      action: 'rejected',
      note: 'Not now',
    });
    expect(await portal.repositories.verification.pendingOf(person.profileId)).toBeNull();
  });
});
