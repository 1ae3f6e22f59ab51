import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { handleKey } from '@byline/domain/social/social-handle';
import { repositoriesOf } from '@byline/shared/store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { aProfile, seed } from '@byline/test-support';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';

// Lookups share one read transaction per event-loop turn (TurnSnapshot): these pin down how fresh they stay.
describe('embedded store: how fresh a lookup is', () => {
  let dir: string;
  let file: string;
  const open: SqliteStore[] = [];
  const openStore = () => {
    const store = new SqliteStore(file);
    open.push(store);
    return store;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-snapshot-'));
    file = path.join(dir, 'byline.sqlite');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const articleOf = (profile: ReturnType<typeof aProfile>) => canonicalizeUrl(profile.articles[0]!.link);

  it("sees the same store's own writes at once, within the same turn", async () => {
    const store = openStore();
    const profile = aProfile();
    expect(await store.articleAnswer(articleOf(profile))).toBeNull();
    await seed(store, profile);
    expect(JSON.parse((await store.articleAnswer(articleOf(profile)))!).profile_slug).toBe(profile.profile_slug);
    await setVerifiedByOperator(repositoriesOf(store), profile.profile_slug, false, { reason: 'Arranged by the test' });
    expect(await store.articleAnswer(articleOf(profile))).toBeNull();
  });

  it("sees another process's writes from the next event-loop turn on", async () => {
    const service = openStore();
    const cli = openStore();
    const profile = aProfile();
    const handle = handleKey('twitter', profile.profile_social_profiles.twitter!);
    expect(await service.articleAnswer(articleOf(profile))).toBeNull();
    await seed(cli, profile);
    await nextTurn();
    expect(JSON.parse((await service.articleAnswer(articleOf(profile)))!).profile_slug).toBe(profile.profile_slug);
    expect(JSON.parse((await service.journalistAnswer('twitter', handle))!)).toMatchObject({
      verified: true,
      slug: profile.profile_slug,
    });

    await setVerifiedByOperator(repositoriesOf(cli), profile.profile_slug, false, { reason: 'Arranged by the test' });
    await nextTurn();
    expect(await service.articleAnswer(articleOf(profile))).toBeNull();
    expect(await service.journalistAnswer('twitter', handle)).toBeNull();
  });

  it("keeps a host's outlet answers only while no one has written the file: another process's change shows next turn", async () => {
    const service = openStore();
    const cli = openStore();
    const { publishers, publisherDomains } = repositoriesOf(cli);
    const outlet = (await publishers.create({ slug: 'herald', name: 'Herald' }, 'admin', new Date()))!;
    await publisherDomains.addDomain(outlet.id, 'herald.example', 'token', 'admin', new Date());
    const at = new Date().toISOString();
    await publisherDomains.recordCheck(outlet.id, 'herald.example', { outcome: 'proven', method: 'dns-txt', at }, null);
    await publishers.setVerified(outlet.id, true, 'ed@example.org', '', new Date());
    await nextTurn();
    const served = async () =>
      (await repositoriesOf(service).publisherDomains.outletFor('news.herald.example'))?.rendered?.domainInfo.json;
    expect(JSON.parse((await served())!)).toMatchObject({ publisher_name: 'Herald' });
    await nextTurn();
    expect(JSON.parse((await served())!)).toMatchObject({ publisher_name: 'Herald' }); // kept: nothing was written
    await publishers.update(outlet.id, { name: 'The Herald' }, new Date());
    await nextTurn();
    expect(JSON.parse((await served())!)).toMatchObject({ publisher_name: 'The Herald' });
    await publishers.setVerified(outlet.id, false, 'ed@example.org', '', new Date());
    await nextTurn();
    expect(await served()).toBeUndefined();
  });

  it('closes cleanly while a lookup transaction is open', async () => {
    const store = openStore();
    await store.articleAnswer('https://example.com/nothing');
    await expect(store.close()).resolves.toBeUndefined();
  });
});
