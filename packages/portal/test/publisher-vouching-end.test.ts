import { NO_VERIFIED_AUTHOR_MESSAGE } from '@byline/domain/domain/mappers';
import type { Staff } from '@byline/domain/staff/staff-repository';
import { checkPublisherDomain } from '@byline/editorial/publisher-domains/check-publisher-domain';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { proofValueOf } from '@byline/editorial/publisher-domains/domain-token';
import { publicProfileUrl } from '@byline/editorial/proofs/rel-me-check';
import { runDomainRecheck } from '@byline/editorial/publisher-domains/domain-rechecks';
import { type DomainProofSources } from '@byline/editorial/publisher-domains/check-domain-proof';
import { DOMAIN_CHECK_ACTOR } from '@byline/domain/publishers/publishers-repository';
import { editor } from './support/editors';
import { portalStoreFactories, submit } from './support/portal-harness';
import {
  creditingPage,
  PROFILE_NAME,
  vouchedAttributionPerTest,
  WORKER_PORTAL_URL,
  type Racing,
} from './support/vouched-attribution';

/**
 * A credit by name alone counts only on the publisher's vouching, and that vouching is the publisher's verification
 * and its proof of the domain as much as the affiliation: when an editor withdraws the verification, the domain
 * re-check lapses a domain or the admin removes one, the worker's name-only attributions resting on it stop answering
 * in both verify_article versions (kept, ended, the history naming who did it) — on a domain, only the articles that
 * domain covered — while those crediting the journalist by a link stay. Verifying the publisher again restores
 * nothing by itself: a later lookup asks for the page to be attributed again, and the worker proves it again.
 */

const NORTH = 'north-harbour.test';
const SOUTH = 'south-harbour.test';
/** On a subdomain of NORTH: NORTH's proof covered it. */
const NORTH_BY_NAME = `https://news.${NORTH}/2032/ferry-strike`;
const NORTH_BY_LINK = `https://${NORTH}/2032/pier-repairs`;
const SOUTH_BY_NAME = `https://${SOUTH}/2032/market-day`;
const ALL = [NORTH_BY_NAME, NORTH_BY_LINK, SOUTH_BY_NAME];
const PUBLISHER = 'The Harbour Times';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const POLICY = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR };

const day = (at: Date) => at.toISOString().slice(0, 10);

describe.each(portalStoreFactories())(
  'the publisher’s vouching ends: its name-only attributions end ($name store)',
  (factory) => {
    const outlets = vouchedAttributionPerTest(factory, {
      hostnames: [NORTH, `news.${NORTH}`, SOUTH],
      holder: 'vouching-end-test',
    });
    const { v1, v2, flush, expectVerified } = outlets;
    let proofSources: DomainProofSources;
    beforeAll(() => {
      proofSources = domainProofSourcesOf(outlets.served.config());
    });
    /** The article events since the last call, in order of their text. */
    const articleEvents = async () => (await outlets.articleEvents()).sort();

    /** Proves the domain by its DNS TXT record (the served DNS server), queuing its re-checks on POLICY. */
    async function proveByDns(publisherId: number, domain: string, actor: string, now: Date) {
      await outlets.portal.repositories.publisherDomains.addDomain(publisherId, domain, `token-${domain}`, actor, now);
      outlets.served.dns.set(`_byline.${domain}`, { txt: [proofValueOf(`token-${domain}`)] });
      const checked = await checkPublisherDomain(
        outlets.portal.repositories,
        { publisherId, domain },
        { sources: proofSources, schedule: POLICY, actor, now },
      );
      expect(checked).toMatchObject({ outcome: 'proven' });
    }

    /**
     * A verified outlet proving NORTH and SOUTH by DNS, a verified journalist on its staff (invited and accepted
     * through the portal), its pages crediting them by name (on both domains) and by a link, and the worker's
     * attribution of `urls` to them.
     */
    async function attributedStaff(urls = ALL, racing?: Racing) {
      const start = new Date();
      const { harbour, person, affiliationId } = await outlets.vouchedStaff(PUBLISHER, async ({ publisher, email }) => {
        for (const domain of [NORTH, SOUTH]) await proveByDns(publisher.id, domain, email, start);
      });
      outlets.pages = {
        [NORTH_BY_NAME]: creditingPage('Ferry strike', { name: PROFILE_NAME }),
        [NORTH_BY_LINK]: creditingPage('Pier repairs', { name: 'A. B.', url: publicProfileUrl(WORKER_PORTAL_URL, person.slug) }),
        [SOUTH_BY_NAME]: creditingPage('Market day', { name: PROFILE_NAME }),
      };
      await outlets.queueAttribution(urls, harbour.publisher.id);
      const summary = await outlets.attribute(racing);
      if (!racing) {
        expect(summary).toMatchObject({ attributed: urls.length, notAttributed: 0 });
        for (const url of urls) expect((await v1(url)).body).toMatchObject({ verified: true, profile_slug: person.slug });
        expect(await articleEvents()).toEqual(urls.map((url) => `article.verified ${url}`).sort());
      }
      return { harbour, person, affiliationId, start, summary };
    }

    const claimAt = async (profileId: number, url: string) =>
      (await outlets.portal.repositories.articles.claimsOf(profileId)).find((claim) => claim.article.link === url)!;

    /** The article stopped answering in both versions (`v2Type` names what v2 still knows of its domain). */
    async function expectUnverified(url: string, v2Type: 'unverified' | 'domain_verified' | 'domain_verified_plus') {
      const one = await v1(url);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
      const two = await v2(url);
      expect(two.status).toBe(200);
      if (v2Type === 'unverified') {
        expect(two.body).toEqual({ type: 'unverified', verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
      } else {
        expect(two.body).toMatchObject({ type: v2Type, verified: false });
      }
      // A verified outlet's answer may list its staff and what they wrote that counts: never this article.
      expect(JSON.stringify(two.body)).not.toContain(`"link":"${url}"`);
    }

    /** Its name-only proof is kept, ended with `reason`, and the article lapsed with it. */
    async function expectEnded(profileId: number, url: string, reason: string) {
      const claim = await claimAt(profileId, url);
      expect(claim.proof).toMatchObject({ state: 'lapsed', reason });
      expect(claim.proof.evidence).toEqual([
        expect.objectContaining({
          method: 'authorship-attested',
          attribution: expect.objectContaining({ by: 'name' }),
          endedAt: expect.any(String),
          endedReason: reason,
        }),
      ]);
    }

    async function vouchingHistory(profileId: number) {
      return (await outlets.portal.repositories.audit.historyOf(profileId))
        .filter((record) => record.action === 'article-vouching-ended')
        .map(({ actor, note }) => ({ actor, note }));
    }

    it('an editor withdraws the verification: every name-only attribution ends; verified again, a lookup and the worker prove it again', async () => {
      const { harbour, person } = await attributedStaff();
      const desk = await editor(outlets.portal);
      const withdrawn = await submit(desk.agent, harbour.path, `/editor${harbour.path}/unverify`, { note: 'Masthead is fake' });
      expect(withdrawn.status).toBe(303);

      const today = day(new Date());
      const reason = `Credited by name only, on the vouching of ${PUBLISHER}: the publisher’s verification was withdrawn on ${today}.`;
      for (const url of [NORTH_BY_NAME, SOUTH_BY_NAME]) {
        await expectUnverified(url, 'unverified');
        await expectEnded(person.profileId, url, reason);
      }
      // The link credits the journalist on its own: the article stays proven and answering.
      await expectVerified(NORTH_BY_LINK, person.slug);
      expect((await claimAt(person.profileId, NORTH_BY_LINK)).proof.evidence).toEqual([
        expect.objectContaining({ attribution: expect.objectContaining({ by: 'link' }), endedAt: null }),
      ]);
      expect(await vouchingHistory(person.profileId)).toEqual(
        // newest first
        [SOUTH_BY_NAME, NORTH_BY_NAME].map((url) => ({ actor: desk.email, note: `${url}: ${reason}` })),
      );
      expect(await articleEvents()).toEqual([`article.deactivated ${NORTH_BY_NAME}`, `article.deactivated ${SOUTH_BY_NAME}`]);
      // The journalist reads why on their articles page.
      expect((await person.agent.get('/articles')).text).toContain(reason);

      // Verified again: nothing comes back by itself.
      const again = await submit(desk.agent, harbour.path, `/editor${harbour.path}/verify`, { note: 'Masthead checked again' });
      expect(again.status).toBe(303);
      expect((await v1(NORTH_BY_NAME)).body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
      // A v2 lookup knows the outlet and its staff, and asks for the page to be attributed again; the worker proves the
      // journalist's lapsed listing of it anew.
      await expectUnverified(NORTH_BY_NAME, 'domain_verified_plus');
      await flush();
      expect(await outlets.attribute()).toMatchObject({ attributed: 1, notAttributed: 0 });
      await expectVerified(NORTH_BY_NAME, person.slug);
      const proven = await claimAt(person.profileId, NORTH_BY_NAME);
      expect(proven.proof.state).toBe('proven');
      expect(proven.proof.evidence.map((each) => [each.attribution?.by, each.endedReason])).toEqual([
        ['name', reason],
        ['name', null],
      ]);
      expect(await articleEvents()).toEqual([`article.verified ${NORTH_BY_NAME}`]);
      // The other was not looked up again: it stays as it was left.
      await expectEnded(person.profileId, SOUTH_BY_NAME, reason);
    });

    it('the domain re-check lapses a domain: only the name-only attributions that domain covered end', async () => {
      const { person, start } = await attributedStaff();
      // NORTH's record is gone: a first failure, then, past the grace period, the lapse; SOUTH still holds.
      outlets.served.dns.set(`_byline.${NORTH}`, null);
      const at = (days: number) => new Date(start.getTime() + days * DAY);
      const recheck = (now: Date) =>
        runDomainRecheck({
          publisherDomains: outlets.portal.repositories.publisherDomains,
          publisherHistory: outlets.portal.repositories.publisherHistory,
          queue: outlets.portal.repositories.queue,
          sources: proofSources,
          policy: POLICY,
          holder: 'vouching-end-test',
          now: () => now,
        });
      expect(await recheck(at(2))).toMatchObject({ checked: 2, held: 1, failing: 1, lapsed: 0 });
      // Failing within its grace period, NORTH is still proven: nothing ended yet.
      await expectVerified(NORTH_BY_NAME, person.slug);
      expect(await recheck(at(6))).toMatchObject({ lapsed: 1 });

      const reason = `Credited by name only, on the vouching of ${PUBLISHER}: its proof of ${NORTH} lapsed on ${day(at(6))}.`;
      await expectUnverified(NORTH_BY_NAME, 'unverified');
      await expectEnded(person.profileId, NORTH_BY_NAME, reason);
      await expectVerified(SOUTH_BY_NAME, person.slug);
      await expectVerified(NORTH_BY_LINK, person.slug);
      expect(await vouchingHistory(person.profileId)).toEqual([
        { actor: DOMAIN_CHECK_ACTOR, note: `${NORTH_BY_NAME}: ${reason}` },
      ]);
      expect(await articleEvents()).toEqual([`article.deactivated ${NORTH_BY_NAME}`]);
    });

    it('the admin removes a domain: only the name-only attributions on it end', async () => {
      const { harbour, person } = await attributedStaff();
      const removePath = `${harbour.path}/domains/${SOUTH}/remove`;
      expect((await submit(harbour.agent, removePath, removePath, { confirm: 'remove' })).status).toBe(303);

      const reason = `Credited by name only, on the vouching of ${PUBLISHER}: ${SOUTH} was taken off the publisher on ${day(new Date())}.`;
      await expectUnverified(SOUTH_BY_NAME, 'unverified');
      await expectEnded(person.profileId, SOUTH_BY_NAME, reason);
      await expectVerified(NORTH_BY_NAME, person.slug);
      await expectVerified(NORTH_BY_LINK, person.slug);
      expect(await vouchingHistory(person.profileId)).toEqual([{ actor: harbour.email, note: `${SOUTH_BY_NAME}: ${reason}` }]);
      expect(await articleEvents()).toEqual([`article.deactivated ${SOUTH_BY_NAME}`]);
    });

    it('an affiliation ending while the worker proves an article: the worker ends the proof it wrote', async () => {
      // The affiliation ends just after the worker found it active and before it wrote its proof: the end's own
      // reading of the proofs came too early to see it (on either store), so the worker's second reading must.
      const ended = { email: 'admin-racing@example.org', done: false };
      const racing: Pick<Staff, 'ofPublisher' | 'findById'> = {
        ofPublisher: (publisherId) => outlets.portal.repositories.staff.ofPublisher(publisherId),
        // The worker's first reading: the affiliation as it was, ended right after it was read.
        findById: async (id) => {
          const read = await outlets.portal.repositories.staff.findById(id);
          if (read?.state === 'active' && !ended.done) {
            ended.done = true;
            expect(await outlets.portal.repositories.staff.end(id, ended.email, 'Contract over', new Date())).toBe(true);
          }
          return read;
        },
      };
      const { person, summary } = await attributedStaff([NORTH_BY_NAME], { staff: racing });
      expect(summary).toMatchObject({ attributed: 0, notAttributed: 1 });

      const reason = `Credited by name only, on the vouching of ${PUBLISHER}: the affiliation ended on ${day(new Date())}.`;
      await expectUnverified(NORTH_BY_NAME, 'domain_verified');
      await expectEnded(person.profileId, NORTH_BY_NAME, reason);
      expect(await vouchingHistory(person.profileId)).toEqual([{ actor: ended.email, note: `${NORTH_BY_NAME}: ${reason}` }]);
      expect(await articleEvents()).toEqual([`article.deactivated ${NORTH_BY_NAME}`, `article.verified ${NORTH_BY_NAME}`]);
    });

    it('a domain removed while the worker proves an article on it: the worker ends the proof it wrote', async () => {
      // The worker reads the host's publisher four times: before the page, where the page landed, just before its
      // proof and just after. The admin removes NORTH right after the third reading (the proof not written yet).
      const removal = { calls: 0, publisherId: 0, actor: 'admin-racing@example.org' };
      const racing: Racing['publisherDomains'] = {
        findDomain: (id, domain) => outlets.portal.repositories.publisherDomains.findDomain(id, domain),
        matchHost: async (host) => {
          const read = await outlets.portal.repositories.publisherDomains.matchHost(host);
          if (++removal.calls === 3) {
            expect(
              await outlets.portal.repositories.publisherDomains.removeDomain(
                read!.publisher.id,
                NORTH,
                removal.actor,
                new Date(),
              ),
            ).toBe(true);
          }
          return read;
        },
      };
      const { person, summary } = await attributedStaff([NORTH_BY_NAME], { publisherDomains: racing });
      expect(summary).toMatchObject({ attributed: 0, notAttributed: 1 });
      expect(removal.calls).toBe(4);

      const reason = `Credited by name only, on the vouching of ${PUBLISHER}: ${NORTH} was taken off the publisher on ${day(new Date())}.`;
      await expectUnverified(NORTH_BY_NAME, 'unverified');
      await expectEnded(person.profileId, NORTH_BY_NAME, reason);
      // The worker found it ended: it names itself (the publisher's history names the admin who removed the domain).
      expect(await vouchingHistory(person.profileId)).toEqual([
        { actor: 'byline:attribution', note: `${NORTH_BY_NAME}: ${reason}` },
      ]);
      expect(await articleEvents()).toEqual([`article.deactivated ${NORTH_BY_NAME}`, `article.verified ${NORTH_BY_NAME}`]);
    });
  },
);
