import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import type { TrustSummary } from '@byline/domain/publishers/trust-summary';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const at = (minutes: number) => later(minutes).toISOString();
const ACTOR = 'ed@example.org';

/**
 * The promises of the Publishers, PublisherDomains and PublisherHistory ports, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/publishers.test.ts.
 */
export function publishersContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const publishers = () => repositories().publishers;
  const publisherDomains = () => repositories().publisherDomains;
  const publisherHistory = () => repositories().publisherHistory;
  const newPublisher = async (slug = 'harbour-times', adminUserId: number | null = 7) => {
    const created = await publishers().create({ slug, name: 'The Harbour Times', adminUserId }, 'owner@example.org', T0);
    if (!created) throw new Error('not created');
    return created;
  };
  const provenDomain = async (publisherId: number, domain: string) => {
    await publisherDomains().addDomain(publisherId, domain, `token-${domain}`, ACTOR, T0);
    expect(
      await publisherDomains().recordCheck(publisherId, domain, { outcome: 'proven', method: 'dns-txt', at: at(1) }, null),
    ).toBe(true);
  };

  it('creates a publisher under a unique slug, unverified, with its history', async () => {
    const created = await newPublisher();
    expect(created).toEqual({
      id: created.id,
      slug: 'harbour-times',
      name: 'The Harbour Times',
      logoUrl: null,
      verifiedAt: null,
      verifiedBy: null,
      adminUserId: 7,
      attribution: true,
      trust: null,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    });
    expect(await publishers().create({ slug: 'harbour-times', name: 'Another' }, ACTOR, T0)).toBeNull();
    expect(await publishers().findBySlug('harbour-times')).toEqual(created);
    expect(await publishers().findById(created.id)).toEqual(created);
    expect(await publishers().findBySlug('nobody')).toBeNull();
    const other = await newPublisher('aardvark-news', null);
    expect((await publishers().list()).map((publisher) => publisher.slug)).toEqual(['aardvark-news', 'harbour-times']);
    expect((await publishers().administeredBy(7)).map((publisher) => publisher.slug)).toEqual(['harbour-times']);
    expect(other.adminUserId).toBeNull();
    expect(await publisherHistory().historyOf(created.id)).toEqual([
      expect.objectContaining({
        publisherId: created.id,
        actor: 'owner@example.org',
        action: 'created',
        note: 'The Harbour Times',
      }),
    ]);
  });

  it('forgets a leaving user as the admin of their publishers, and no one else’s', async () => {
    const mine = await newPublisher('mine', 7);
    const also = await newPublisher('also-mine', 7);
    const theirs = await newPublisher('theirs', 8);
    expect(await publishers().forgetAdmin(7, later(1))).toBe(2);
    expect(await publishers().administeredBy(7)).toEqual([]);
    expect(await publishers().findById(mine.id)).toMatchObject({ adminUserId: null, updatedAt: at(1) });
    expect(await publishers().findById(also.id)).toMatchObject({ adminUserId: null });
    expect(await publishers().findById(theirs.id)).toMatchObject({ adminUserId: 8 });
    expect(await publishers().forgetAdmin(7, later(2))).toBe(0);
  });

  it('updates the name, logo and attribution switch and nothing else', async () => {
    const created = await newPublisher();
    const updated = await publishers().update(
      created.id,
      { name: 'Harbour Times', logoUrl: 'https://harbour.example/logo.png', attribution: false },
      later(5),
    );
    expect(updated).toEqual({
      ...created,
      name: 'Harbour Times',
      logoUrl: 'https://harbour.example/logo.png',
      attribution: false,
      updatedAt: at(5),
    });
    expect(await publishers().update(created.id + 1000, { name: 'x' }, later(5))).toBeNull();
  });

  it('keeps the latest trust.txt reading whole, replaces it, and forgets it', async () => {
    const created = await newPublisher();
    const reading: TrustSummary = {
      domain: 'harbour.example',
      readAt: at(4),
      url: 'https://harbour.example/trust.txt',
      relations: [
        { kind: 'belongto', domain: 'press-association.example', confirmed: true, reason: null },
        {
          kind: 'controlledby',
          domain: 'harbour-group.example',
          confirmed: false,
          reason: 'https://harbour-group.example/trust.txt does not declare control=harbour.example',
        },
      ],
      social: ['https://social.example/@harbour'],
      contacts: ['mailto:desk@harbour.example', 'tel:+1-555-0100'],
      disclosures: ['https://harbour.example/ethics'],
      dataTrainingAllowed: false,
      errors: [],
      warnings: [{ line: 9, message: 'unknown attribute "datetime"' }],
      failure: null,
    };
    expect(await publisherHistory().setTrust(created.id, reading, later(5))).toBe(true);
    const stored = await publishers().findById(created.id);
    expect(stored).toEqual({ ...created, trust: reading, updatedAt: at(5) });
    expect(await publishers().findBySlug('harbour-times')).toEqual(stored);
    expect(await publishers().list()).toEqual([stored]);
    expect(await publishers().administeredBy(7)).toEqual([stored]);
    // other changes leave it as it is
    expect(await publishers().update(created.id, { name: 'Harbour Times' }, later(6))).toMatchObject({ trust: reading });
    expect(await publishers().setVerified(created.id, true, ACTOR, '', later(6))).toBe(true);

    // a failed reading replaces a good one: what is kept is the latest
    const failed: TrustSummary = {
      ...reading,
      readAt: at(7),
      url: null,
      relations: [],
      social: [],
      contacts: [],
      disclosures: [],
      dataTrainingAllowed: null,
      warnings: [],
      failure: 'https://harbour.example/trust.txt: HTTP 404; https://harbour.example/.well-known/trust.txt: HTTP 404',
    };
    expect(await publisherHistory().setTrust(created.id, failed, later(7))).toBe(true);
    expect((await publishers().findById(created.id))?.trust).toEqual(failed);
    expect(await publisherHistory().setTrust(created.id, null, later(8))).toBe(true);
    expect(await publishers().findById(created.id)).toMatchObject({ trust: null, updatedAt: at(8) });
    expect(await publisherHistory().setTrust(created.id + 1000, reading, later(9))).toBe(false);
    // a reading is no change anyone made: no history entry
    expect((await publisherHistory().historyOf(created.id)).map((entry) => entry.action)).toEqual(['verified', 'created']);
  });

  it('gives a verified publisher found by host its trust reading too', async () => {
    const created = await newPublisher();
    await provenDomain(created.id, 'harbour.example');
    await publishers().setVerified(created.id, true, ACTOR, '', T0);
    const reading: TrustSummary = {
      domain: 'harbour.example',
      readAt: at(2),
      url: 'https://harbour.example/.well-known/trust.txt',
      relations: [],
      social: [],
      contacts: [],
      disclosures: [],
      dataTrainingAllowed: true,
      errors: [{ line: 3, message: 'controlledby is given more than once' }],
      warnings: [],
      failure: null,
    };
    await publisherHistory().setTrust(created.id, reading, later(2));
    expect((await publisherDomains().matchHost('www.harbour.example'))?.publisher.trust).toEqual(reading);
  });

  it('records verification and its withdrawal, each with who and why', async () => {
    const created = await newPublisher();
    expect(await publishers().setVerified(created.id, true, ACTOR, 'Masthead checked', later(2))).toBe(true);
    expect(await publishers().findById(created.id)).toMatchObject({ verifiedAt: at(2), verifiedBy: ACTOR });
    expect(await publishers().setVerified(created.id, false, 'other@example.org', 'Closed', later(3))).toBe(true);
    expect(await publishers().findById(created.id)).toMatchObject({ verifiedAt: null, verifiedBy: null });
    expect(await publishers().setVerified(created.id + 1000, true, ACTOR, '', later(3))).toBe(false);
    expect(
      (await publisherHistory().historyOf(created.id)).map(({ actor, action, note, at }) => ({ actor, action, note, at })),
    ).toEqual([
      { actor: 'other@example.org', action: 'unverified', note: 'Closed', at: at(3) },
      { actor: ACTOR, action: 'verified', note: 'Masthead checked', at: at(2) },
      { actor: 'owner@example.org', action: 'created', note: 'The Harbour Times', at: at(0) },
    ]);
  });

  it('adds a domain once, pending, with its token', async () => {
    const created = await newPublisher();
    const added = await publisherDomains().addDomain(created.id, 'harbour.example', 'tok-1', ACTOR, later(1));
    expect(added).toEqual({
      publisherId: created.id,
      domain: 'harbour.example',
      token: 'tok-1',
      state: 'pending',
      method: null,
      provenAt: null,
      lastCheckedAt: null,
      failingSince: null,
      lastFailure: null,
      addedAt: at(1),
    });
    expect(await publisherDomains().addDomain(created.id, 'harbour.example', 'tok-2', ACTOR, later(2))).toBeNull();
    expect(await publisherDomains().findDomain(created.id, 'harbour.example')).toEqual(added);
    await publisherDomains().addDomain(created.id, 'a.example', 'tok-3', ACTOR, later(2));
    expect((await publisherDomains().domainsOf(created.id)).map((domain) => domain.domain)).toEqual([
      'a.example',
      'harbour.example',
    ]);
    expect(await publisherDomains().findDomain(created.id, 'b.example')).toBeNull();
  });

  it('proves a domain, keeps when it was first proven across checks, and starts the grace period on failure', async () => {
    const { id } = await newPublisher();
    await publisherDomains().addDomain(id, 'harbour.example', 'tok', ACTOR, T0);
    const check = (minutes: number, outcome: 'proven' | 'failing' | 'lapsed') =>
      publisherDomains().recordCheck(
        id,
        'harbour.example',
        outcome === 'proven'
          ? { outcome, method: 'well-known', at: at(minutes) }
          : { outcome, failure: `gone at ${minutes}`, at: at(minutes) },
        null,
      );
    // a failure before any proof is noted but starts no grace period
    expect(await check(1, 'failing')).toBe(true);
    expect(await publisherDomains().findDomain(id, 'harbour.example')).toMatchObject({
      state: 'pending',
      failingSince: null,
      lastFailure: 'gone at 1',
      lastCheckedAt: at(1),
    });
    expect(await check(2, 'proven')).toBe(true);
    expect(await check(3, 'proven')).toBe(true);
    expect(await publisherDomains().findDomain(id, 'harbour.example')).toMatchObject({
      state: 'proven',
      method: 'well-known',
      provenAt: at(2),
      lastCheckedAt: at(3),
      lastFailure: null,
    });
    expect(await check(4, 'failing')).toBe(true);
    expect(await check(5, 'failing')).toBe(true);
    expect(await publisherDomains().findDomain(id, 'harbour.example')).toMatchObject({
      state: 'proven',
      failingSince: at(4),
      lastFailure: 'gone at 5',
    });
    expect(await check(6, 'proven')).toBe(true);
    expect(await publisherDomains().findDomain(id, 'harbour.example')).toMatchObject({ failingSince: null, provenAt: at(2) });
    expect(await check(7, 'lapsed')).toBe(true);
    expect(await publisherDomains().findDomain(id, 'harbour.example')).toMatchObject({
      state: 'lapsed',
      failingSince: null,
      lastFailure: 'gone at 7',
    });
    expect(
      await publisherDomains().recordCheck(id, 'nowhere.example', { outcome: 'proven', method: 'dns-txt', at: at(8) }, null),
    ).toBe(false);
  });

  it('gives a proven domain to one publisher: another may claim it, and prove it once the first has lost it', async () => {
    const first = await newPublisher('first');
    const second = await newPublisher('second');
    await provenDomain(first.id, 'shared.example');
    expect(await publisherDomains().addDomain(second.id, 'shared.example', 'tok-2', ACTOR, T0)).not.toBeNull();
    const proof = { outcome: 'proven', method: 'dns-txt', at: at(2) } as const;
    const event = { actor: 'byline:domain check', action: 'domain-proven', note: 'shared.example' } as const;
    expect(await publisherDomains().recordCheck(second.id, 'shared.example', proof, event)).toBe(false);
    expect(await publisherDomains().findDomain(second.id, 'shared.example')).toMatchObject({ state: 'pending' });
    expect((await publisherHistory().historyOf(second.id)).map((entry) => entry.action)).toEqual(['domain-added', 'created']);

    await publisherDomains().recordCheck(first.id, 'shared.example', { outcome: 'lapsed', failure: 'gone', at: at(3) }, null);
    expect(await publisherDomains().recordCheck(second.id, 'shared.example', { ...proof, at: at(4) }, event)).toBe(true);
    expect(await publisherDomains().findDomain(second.id, 'shared.example')).toMatchObject({ state: 'proven', provenAt: at(4) });
    expect((await publisherHistory().historyOf(second.id))[0]).toMatchObject({ action: 'domain-proven', at: at(4) });
  });

  it('records an entry that changes nothing else, for a publisher that exists', async () => {
    const publisher = await newPublisher();
    const entry = { actor: 'owner@example.org', action: 'verification-requested', note: 'Masthead at /about' } as const;
    expect(await publisherHistory().recordEvent(publisher.id, entry, later(5))).toBe(true);
    expect(await publisherHistory().recordEvent(publisher.id + 1000, entry, later(5))).toBe(false);
    expect((await publisherHistory().historyOf(publisher.id))[0]).toMatchObject({ ...entry, at: at(5) });
    expect(await publishers().findById(publisher.id)).toEqual(publisher);
  });

  it('deletes a publisher with its domains and history, and no other', async () => {
    const publisher = await newPublisher();
    const other = await newPublisher('aardvark-news');
    await publisherDomains().addDomain(publisher.id, 'harbour.example', 'token', ACTOR, T0);
    await publisherDomains().addDomain(other.id, 'aardvark.example', 'token', ACTOR, T0);
    expect(await publishers().delete(publisher.id)).toBe(true);
    expect(await publishers().findById(publisher.id)).toBeNull();
    expect(await publisherDomains().domainsOf(publisher.id)).toEqual([]);
    expect(await publisherHistory().historyOf(publisher.id)).toEqual([]);
    expect(await publishers().delete(publisher.id)).toBe(false);
    expect((await publisherDomains().domainsOf(other.id)).map((domain) => domain.domain)).toEqual(['aardvark.example']);
    expect(await publisherHistory().historyOf(other.id)).toHaveLength(2);
  });

  it('keeps a publisher verified by the time it is deleted, with its domains and history', async () => {
    const publisher = await newPublisher();
    await publisherDomains().addDomain(publisher.id, 'harbour.example', 'token', ACTOR, T0);
    await publishers().setVerified(publisher.id, true, ACTOR, 'Masthead checked', T0);
    expect(await publishers().delete(publisher.id)).toBe(false);
    expect(await publishers().findById(publisher.id)).not.toBeNull();
    expect(await publisherDomains().domainsOf(publisher.id)).toHaveLength(1);
    expect(await publisherHistory().historyOf(publisher.id)).toHaveLength(3);
  });

  it('removes a domain with a history entry', async () => {
    const { id } = await newPublisher();
    await provenDomain(id, 'harbour.example');
    expect(await publisherDomains().removeDomain(id, 'harbour.example', ACTOR, later(9))).toBe(true);
    expect(await publisherDomains().removeDomain(id, 'harbour.example', ACTOR, later(9))).toBe(false);
    expect(await publisherDomains().domainsOf(id)).toEqual([]);
    expect((await publisherHistory().historyOf(id))[0]).toMatchObject({ action: 'domain-removed', note: 'harbour.example' });
    // its proof went with it: another publisher may prove it now
    const other = await newPublisher('other');
    await provenDomain(other.id, 'harbour.example');
  });

  it('matches a host to the verified publisher whose proven domain is closest to it', async () => {
    const outlet = await newPublisher('outlet');
    const regional = await newPublisher('regional');
    const unverified = await newPublisher('unverified');
    await provenDomain(outlet.id, 'outlet.example');
    await provenDomain(regional.id, 'north.outlet.example');
    await provenDomain(unverified.id, 'south.outlet.example');
    await publisherDomains().addDomain(outlet.id, 'pending.example', 'tok', ACTOR, T0);
    await publishers().setVerified(outlet.id, true, ACTOR, '', T0);
    await publishers().setVerified(regional.id, true, ACTOR, '', T0);
    const match = async (host: string) => {
      const found = await publisherDomains().matchHost(host);
      return found && `${found.publisher.slug} ${found.domain.domain}`;
    };
    expect(await match('outlet.example')).toBe('outlet outlet.example');
    expect(await match('WWW.Outlet.Example.')).toBe('outlet outlet.example');
    expect(await match('news.north.outlet.example')).toBe('regional north.outlet.example');
    // an unverified publisher's domain answers nothing of its own: the parent's publisher covers it
    expect(await match('south.outlet.example')).toBe('outlet outlet.example');
    expect(await match('pending.example')).toBeNull();
    expect(await match('notoutlet.example')).toBeNull();
    expect(await match('example')).toBeNull();
    expect((await publisherDomains().matchHost('outlet.example'))?.domain).toMatchObject({ state: 'proven', method: 'dns-txt' });
    await publishers().setVerified(outlet.id, false, ACTOR, '', T0);
    expect(await match('www.outlet.example')).toBeNull();
  });
}
