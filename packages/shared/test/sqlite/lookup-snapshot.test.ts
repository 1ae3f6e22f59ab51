import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { canonicalizeUrl, handleKey } from '@byline/shared';
import { backendOf, SqliteStore } from '@byline/editorial';
import { aProfile, seed } from '@byline/test-support';

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
    await backendOf(store).profiles.setVerified(profile.profile_slug, false);
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

    await backendOf(cli).profiles.setVerified(profile.profile_slug, false);
    await nextTurn();
    expect(await service.articleAnswer(articleOf(profile))).toBeNull();
    expect(await service.journalistAnswer('twitter', handle)).toBeNull();
  });

  it('closes cleanly while a lookup transaction is open', async () => {
    const store = openStore();
    await store.articleAnswer('https://example.com/nothing');
    await expect(store.close()).resolves.toBeUndefined();
  });
});
