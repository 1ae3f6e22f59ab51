import { approvedByEditor, journalist } from './editors';
import { createdPublisher, freshDomain } from './publishers';
import { signedUp, submit, type Agent, type Portal } from './portal-harness';

/** A publisher created through the form by a new admin; with a proven domain and verified unless said otherwise. */
export async function publisherOf(portal: Portal, name: string, { verified = true } = {}) {
  const admin = await signedUp(portal.app);
  const path = await createdPublisher(admin.agent, name);
  const { publishers } = portal.repositories;
  const publisher = (await publishers.findBySlug(path.split('/').pop()!))!;
  const domain = freshDomain('harbour');
  if (verified) {
    // The domain proof and the editors' decision have their own tests: arranged here as their end state.
    await provenDomain(portal, publisher.id, domain, admin.email);
    await publishers.setVerified(publisher.id, true, 'ed@example.org', 'Masthead checked', new Date());
  }
  return { ...admin, path, publisher, domain };
}

/** The first open invitation's id, from the signed-in person's profile page. */
export async function invitationOn(agent: Agent): Promise<number> {
  const page = (await agent.get('/profile')).text;
  const match = /data-invitation="(\d+)"/.exec(page);
  if (!match) throw new Error('no invitation on the profile page');
  return Number(match[1]);
}

/** Adds the domain to the publisher, recorded proven as a DNS TXT check leaves it (the check has its own tests). */
export async function provenDomain(portal: Portal, publisherId: number, domain: string, actor: string, token = 'token') {
  const { publisherDomains } = portal.repositories;
  await publisherDomains.addDomain(publisherId, domain, token, actor, new Date());
  await publisherDomains.recordCheck(
    publisherId,
    domain,
    { outcome: 'proven', method: 'dns-txt', at: new Date().toISOString() },
    null,
  );
}

/** A signed-up journalist with a profile (no verification request of their own), verified by an editor's decision. */
export async function editorVerifiedJournalist(portal: Portal) {
  const person = await journalist(portal, {}, { request: false });
  await approvedByEditor(portal, person.profileId);
  return person;
}

/**
 * The publisher's admin invites the journalist onto its staff and the journalist accepts, both through the portal:
 * the affiliation's id.
 */
export async function joinedStaff(admin: { agent: Agent; path: string }, person: { agent: Agent; slug: string }) {
  await submit(admin.agent, admin.path, `${admin.path}/staff`, { invitee: person.slug });
  const affiliationId = await invitationOn(person.agent);
  await submit(person.agent, '/profile', `/profile/staff/${affiliationId}/accept`, {});
  return affiliationId;
}
