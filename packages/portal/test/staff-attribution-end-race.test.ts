import { NO_VERIFIED_AUTHOR_MESSAGE } from '@byline/domain/domain/mappers';
import { portalStoreFactories, submit } from './support/portal-harness';
import { provenDomain } from './support/staff';
import { creditingPage, PROFILE_NAME, vouchedAttributionPerTest } from './support/vouched-attribution';

/**
 * The worker reads the affiliation (active) and then writes the proof; an end that lands between the two finds no
 * attribution to release yet. The attribution written afterwards must not count: the publisher no longer vouches.
 */

const OUTLET = 'vouching-race.test';
const BY_NAME = `https://${OUTLET}/2031/late-vote`;

describe.each(portalStoreFactories())('an affiliation ending while the worker attributes by name ($name store)', (factory) => {
  const outlet = vouchedAttributionPerTest(factory, { hostnames: [OUTLET], holder: 'race-test' });
  const { v1 } = outlet;

  /** A verified outlet proving OUTLET, a verified journalist on its staff, and the page queued for attribution. */
  async function staffAndQueuedPage() {
    const staffed = await outlet.vouchedStaff('The Harbour Times', ({ publisher, email }) =>
      provenDomain(outlet.portal, publisher.id, OUTLET, email),
    );
    outlet.pages = { [BY_NAME]: creditingPage('Late vote', { name: PROFILE_NAME }) };
    await outlet.queueAttribution([BY_NAME], staffed.harbour.publisher.id);
    return staffed;
  }

  it('does not leave a name-only attribution counting on an affiliation that ended before the proof was written', async () => {
    const { harbour, affiliationId } = await staffAndQueuedPage();
    const { staff } = outlet.portal.repositories;
    // The publisher ends the affiliation just after the worker's last look at it.
    let ended = false;
    const racingStaff = {
      ofPublisher: (id: number) => staff.ofPublisher(id),
      findById: async (id: number) => {
        const found = await staff.findById(id);
        if (!ended && found?.state === 'active') {
          ended = true;
          expect(await staff.end(id, harbour.email, 'Contract over', new Date())).toBe(true);
        }
        return found;
      },
    };
    await outlet.attribute({ staff: racingStaff });
    expect(ended).toBe(true);
    expect((await staff.findById(affiliationId))?.state).toBe('ended');
    expect((await v1(BY_NAME)).body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
  });

  // PRODUCT.md has a name count only when "the page's verified publisher vouches for" the journalist.
  it('does not keep a name-only attribution counting once its publisher is no longer verified', async () => {
    const { harbour } = await staffAndQueuedPage();
    expect(await outlet.attribute()).toMatchObject({ attributed: 1 });
    expect((await v1(BY_NAME)).body).toMatchObject({ verified: true });
    const { publishers } = outlet.portal.repositories;
    expect(await publishers.setVerified(harbour.publisher.id, false, 'ed@example.org', 'Masthead gone', new Date())).toBe(true);
    expect((await v1(BY_NAME)).body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
  });

  // The end of a publisher's vouching writes the publisher admin's address in the history: the download names the part
  // they played, not an editor's, and not their address.
  it('does not call the publisher admin who ended the affiliation "an editor" in the journalist’s download', async () => {
    const { harbour, person, affiliationId } = await staffAndQueuedPage();
    expect(await outlet.attribute()).toMatchObject({ attributed: 1 });
    const endPath = `${harbour.path}/staff/${affiliationId}/end`;
    expect((await submit(harbour.agent, endPath, endPath, { confirm: 'end', reason: 'Contract over' })).status).toBe(303);
    const data = JSON.parse((await person.agent.get('/account/data.json')).text) as {
      history: { action: string; actor: string }[];
    };
    const [ended] = data.history.filter((entry) => entry.action === 'article-vouching-ended');
    expect(ended).toBeDefined();
    expect(ended!.actor).not.toContain(harbour.email);
    expect(ended!.actor).toBe('an admin of The Harbour Times');
  });
});
