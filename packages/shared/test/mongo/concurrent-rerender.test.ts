import { repositoriesOf } from '@byline/shared/store';
import { type MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { anArticle, aProfile, checkedRequest as request, seed, serviceFixture, describeOnMongoDb } from '@byline/test-support';
import { createApp } from '../../../article-verifier/src/app';
import { mongoAnswersUnit } from '@byline/store-mongodb/answers/mongo-answers-unit';
import { takeOutOfService } from '@byline/domain/answers/take-out-of-service';
import { rerenderAnswers } from '@byline/domain/answers/rerender-answers';
import type { AnswersUnit } from '@byline/domain/answers/answers-unit';
import { runInTurn } from '@byline/domain/store/steps';
import { collectionOf } from '@byline/store-mongodb/store/mongo-schema';
import { RENDER_ATTEMPTS, rerenderOutlets } from '@byline/domain/outlets/rerender-outlets';

/*
 * MongoDB has no transactions: a re-render reads a profile's (or an outlet's) records, then saves the answers
 * rendered from them, and another change with its own re-render may come in between. Here a re-render is held
 * between its read and its save while an affiliation ends (through the staff store, which takes the answers out of
 * service, ends it and renders them again); let go afterwards, it must not save what it read over the newer
 * answers: the verifier would otherwise serve, as verified evidence, an affiliation that has ended.
 */
describeOnMongoDb('concurrent re-renders ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const repositories = () => repositoriesOf(service.store);
  const db = () => (service.store as MongoStore).db;
  const V2 = '/api/v2/verify_article';
  const ask = async (url: string) => {
    const res = await request(service.app).post(V2).query({ url }).set('Authorization', service.authorization);
    expect(res.status).toBe(200);
    return res.body as { type: string; evidence?: { type: string }[]; journalists?: { slug: string }[] };
  };

  /** A verified publisher with a proven domain, and a verified journalist on its staff with an article on it. */
  async function outletWithWriter(slug: string) {
    const domain = `${slug}.example`;
    const article = anArticle({ link: `https://${domain}/story` });
    const profile = aProfile({ profile_slug: `${slug}-writer`, articles: [article] });
    await seed(service.store, profile);
    const { publishers, staff, profiles, publisherDomains } = repositories();
    const writer = (await profiles.findBySlug(profile.profile_slug))!;
    const outlet = (await publishers.create({ slug, name: slug }, 'admin@example.org', new Date()))!;
    await publisherDomains.addDomain(outlet.id, domain, 'token', 'admin@example.org', new Date());
    const proof = { outcome: 'proven', method: 'dns-txt', at: new Date().toISOString() } as const;
    await publisherDomains.recordCheck(outlet.id, domain, proof, null);
    await publishers.setVerified(outlet.id, true, 'ed@example.org', '', new Date());
    const invited = (await staff.invite(outlet.id, { profileId: writer.id }, 'admin@example.org', new Date()))!;
    await staff.accept(invited.id, writer.id, new Date());
    return { outletId: outlet.id, writerId: writer.id, affiliationId: invited.id, article: article.link, domain };
  }

  /** Holds the first call of `method` between its read and its return until `release`; `read` once it has read. */
  function holdFirst<K extends 'authorViews' | 'outletSources'>(unit: AnswersUnit, method: K) {
    let read!: () => void;
    let release!: () => void;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const original = unit[method] as (...args: unknown[]) => Promise<unknown>;
    const held = {
      ...unit,
      [method]: async (...args: unknown[]) => {
        const value = await original(...args);
        if (++calls === 1) {
          read();
          await released;
        }
        return value;
      },
    } as AnswersUnit;
    return { held, hasRead, release: () => release(), calls: () => calls };
  }

  const affiliations = (body: { evidence?: { type: string }[] }) =>
    body.evidence!.filter((identity) => identity.type === 'cawg.affiliation');

  it('a re-render that read before an affiliation ended never saves its evidence over the later answers', async () => {
    const { affiliationId, writerId, article } = await outletWithWriter('herald');
    expect(affiliations(await ask(article))).toHaveLength(1);

    const late = holdFirst(mongoAnswersUnit(db()), 'authorViews');
    const rendering = runInTurn(rerenderAnswers(late.held, [writerId]));
    await late.hasRead; // it read the affiliation, still active
    await repositories().staff.end(affiliationId, 'admin@example.org', 'left', new Date());
    expect(affiliations(await ask(article))).toEqual([]);

    late.release();
    await rendering;
    expect(affiliations(await ask(article))).toEqual([]);
    expect(late.calls()).toBe(2); // its save missed, and it rendered again from a fresh read
    expect((await ask(article)).evidence).toEqual(await repositories().authorEvidence.ofArticleAuthor(article));
    // Rendered again, not merely left to the lookups.
    const doc = await collectionOf(db(), 'profiles').findOne({ _id: writerId });
    expect(doc?.answers?.articleV2).toEqual(expect.any(String));
  });

  it('an outlet’s re-render that read before a journalist left never saves them over the later answers', async () => {
    const { affiliationId, outletId, domain } = await outletWithWriter('courier');
    const unknown = `https://${domain}/unknown`;
    const before = await ask(unknown);
    expect(before.type).toBe('domain_verified_plus');
    expect(before.journalists!.map((journalist) => journalist.slug)).toEqual(['courier-writer']);

    const late = holdFirst(mongoAnswersUnit(db()), 'outletSources');
    const rendering = runInTurn(rerenderOutlets(late.held, [outletId]));
    await late.hasRead; // it read the journalist, still on the staff
    await repositories().staff.end(affiliationId, 'admin@example.org', 'left', new Date());
    expect((await ask(unknown)).type).toBe('domain_verified');

    late.release();
    await rendering;
    const after = await ask(unknown);
    expect(after.journalists).toBeUndefined();
    expect(after.type).toBe('domain_verified');
    expect(late.calls()).toBe(2); // its save missed, and it rendered again from a fresh read
    const domainDoc = await collectionOf(db(), 'publisherDomains').findOne({ publisher_id: outletId });
    expect(domainDoc?.rendered).toEqual(expect.objectContaining({ outlet: expect.any(String) }));
  });

  /** A unit whose every read is followed, before its save, by another writer forgetting the answers. */
  function alwaysOvertaken(method: 'authorViews' | 'outletSources', forget: () => Promise<void>) {
    const unit = mongoAnswersUnit(db());
    const original = unit[method] as (...args: unknown[]) => Promise<unknown>;
    let calls = 0;
    const overtaken = {
      ...unit,
      [method]: async (...args: unknown[]) => {
        const value = await original(...args);
        calls++;
        await forget();
        return value;
      },
    } as AnswersUnit;
    return { overtaken, calls: () => calls };
  }

  it('past its attempts a profile’s answers are left out of service, and lookups still answer from the records', async () => {
    const { writerId, article } = await outletWithWriter('ledger');
    const expected = await ask(article);
    const { overtaken, calls } = alwaysOvertaken('authorViews', () =>
      runInTurn(takeOutOfService(mongoAnswersUnit(db()), [writerId])),
    );
    await runInTurn(rerenderAnswers(overtaken, [writerId]));
    expect(calls()).toBe(RENDER_ATTEMPTS);
    const doc = await collectionOf(db(), 'profiles').findOne({ _id: writerId });
    expect(doc?.answers).toBeUndefined();

    expect(await ask(article)).toEqual(expected);
    expect(affiliations(expected)).toHaveLength(1);
    const v1 = await request(service.app)
      .post('/api/verify_article')
      .query({ url: article })
      .set('Authorization', service.authorization);
    expect(v1.status).toBe(200);
    expect(v1.body.profile_slug).toBe('ledger-writer');
    // The next re-render (after the profile's next change) saves them again.
    await runInTurn(rerenderAnswers(mongoAnswersUnit(db()), [writerId]));
    expect((await collectionOf(db(), 'profiles').findOne({ _id: writerId }))?.answers?.articleV2).toEqual(expect.any(String));
    expect(await ask(article)).toEqual(expected);
  });

  it('past its attempts an outlet’s answers are left out of service, and lookups still answer from the records', async () => {
    const { outletId, domain } = await outletWithWriter('tribune');
    const unknown = `https://${domain}/unknown`;
    const expected = await ask(unknown);
    expect(expected.type).toBe('domain_verified_plus');
    const { overtaken, calls } = alwaysOvertaken('outletSources', () =>
      runInTurn(takeOutOfService(mongoAnswersUnit(db()), [], [outletId])),
    );
    await runInTurn(rerenderOutlets(overtaken, [outletId]));
    expect(calls()).toBe(RENDER_ATTEMPTS);
    expect((await collectionOf(db(), 'publisherDomains').findOne({ publisher_id: outletId }))?.rendered).toBeUndefined();
    expect((await repositories().publisherDomains.outletFor(domain))?.rendered).toBeNull();
    expect(await ask(unknown)).toEqual(expected);
  });
});
