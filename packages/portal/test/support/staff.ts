import { createdPublisher, freshDomain } from './publishers';
import { signedUp, type Agent, type Portal } from './portal-harness';

/** A publisher created through the form by a new admin; with a proven domain and verified unless said otherwise. */
export async function publisherOf(portal: Portal, name: string, { verified = true } = {}) {
  const admin = await signedUp(portal.app);
  const path = await createdPublisher(admin.agent, name);
  const { publishers } = portal.backend;
  const publisher = (await publishers.findBySlug(path.split('/').pop()!))!;
  const domain = freshDomain('harbour');
  if (verified) {
    // The domain proof and the editors' decision have their own tests: arranged here as their end state.
    await publishers.addDomain(publisher.id, domain, 'token', admin.email, new Date());
    await publishers.recordCheck(
      publisher.id,
      domain,
      { outcome: 'proven', method: 'dns-txt', at: new Date().toISOString() },
      null,
    );
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
