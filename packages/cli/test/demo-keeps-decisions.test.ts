/**
 * A decision a person made on a profile's verification (an operator with `byline profiles verify|unverify`, an editor
 * in the portal) is not undone by loading data again: running `byline demo` a second time, or importing the same file,
 * keeps it, says so, and the history still ends with that decision. A file that changes the verification of a profile
 * nobody decided on changes it as a decision: recorded in its history and announced by webhook. The built command
 * line, run as a process.
 */
import path from 'node:path';
import { repositoriesOf } from '@byline/shared/store';
import { relayStoreOutbox } from '@byline/shared/store';
import { WEBHOOK_EVENT_TOPIC, type WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
import { buildPackages, runCliProcess } from '@byline/test-support';
import { cliTargets, importFileWith, type CliTarget } from './cli-harness';
import { aProfile } from '@byline/test-support';

describe.each(cliTargets())('loading data again keeps people’s decisions ($name store)', (factory) => {
  let target: CliTarget;
  beforeAll(() => buildPackages('cli'), 120_000);
  beforeEach(() => {
    target = factory.create();
  });
  afterEach(() => target.cleanUp());

  const run = (...args: string[]) => runCliProcess(args, { dataDir: target.env.BYLINE_DATA_DIR!, env: target.env });
  const stateOf = async (slug: string) => {
    const store = target.openStore();
    try {
      const repositories = repositoriesOf(store);
      const profile = (await repositories.profiles.findBySlug(slug))!;
      const [latest] = await repositories.audit.historyOf(profile.id);
      return { verified: profile.verified, latest: latest && { actor: latest.actor, action: latest.action } };
    } finally {
      await store.close();
    }
  };

  /** The latest entry of the profile's verification history, note and all. */
  const latestEntryOf = async (slug: string) => {
    const store = target.openStore();
    try {
      const repositories = repositoriesOf(store);
      const [latest] = await repositories.audit.historyOf((await repositories.profiles.findBySlug(slug))!.id);
      return latest && { actor: latest.actor, action: latest.action, note: latest.note };
    } finally {
      await store.close();
    }
  };
  /** The types of the webhook events queued about the profile so far, oldest first (relayed first on MongoDB). */
  const eventsAbout = async (slug: string) => {
    const store = target.openStore();
    try {
      await relayStoreOutbox(store.database);
      const items = await repositoriesOf(store).queue.takeDue({
        topic: WEBHOOK_EVENT_TOPIC,
        // Each call's clock is past the one-millisecond lease the last one took: every event comes each time.
        now: new Date(Date.now() + 60_000),
        holder: 'test',
        leaseMs: 1,
        limit: 1000,
        evenIfNotDue: true,
      });
      return items
        .map((item) => (item.payload as unknown as WebhookEvent).payload)
        .filter((payload) => (payload.data as { slug?: string }).slug === slug)
        .map((payload) => payload.type);
    } finally {
      await store.close();
    }
  };

  it('byline demo, then verify a demo profile, then demo again: still verified', async () => {
    expect((await run('demo')).code).toBe(0);
    expect(await stateOf('kenji-watanabe')).toMatchObject({ verified: false });
    expect(await run('profiles', 'verify', 'kenji-watanabe')).toMatchObject({ code: 0 });
    expect(
      await run('profiles', 'unverify', 'niamh-cassidy', '--reason', 'Her outlet asked us to check her again'),
    ).toMatchObject({ code: 0 });

    const events = await eventsAbout('kenji-watanabe');
    expect(events).toEqual(['journalist.verified']);

    const again = await run('demo');
    expect(again.code).toBe(0);
    // The decisions stand as they were: nothing new recorded or announced about them.
    expect(await eventsAbout('kenji-watanabe')).toEqual(events);
    expect(again.stdout).not.toContain('Changed the verification');
    expect(again.stdout).toContain(
      'Kept the verification an editor or operator decided for 2 profile(s), where the file says otherwise: ',
    );
    expect(await stateOf('kenji-watanabe')).toEqual({
      verified: true,
      latest: { actor: 'operator (command line)', action: 'verified' },
    });
    expect(await stateOf('niamh-cassidy')).toEqual({
      verified: false,
      latest: { actor: 'operator (command line)', action: 'unverified' },
    });
    // A demo profile nobody decided on still follows the data set.
    expect(await stateOf('zoe-ni-bhriain')).toMatchObject({ verified: true });
  });

  it('importing the same file again after a verify leaves the profile verified', async () => {
    const profile = aProfile({ verified: false });
    const file = importFileWith([profile]);
    expect((await run('import', file)).code).toBe(0);
    expect(await run('profiles', 'verify', profile.profile_slug)).toMatchObject({ code: 0 });

    const again = await run('import', file);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain(`decided for 1 profile(s), where the file says otherwise: ${profile.profile_slug}.`);
    expect(await stateOf(profile.profile_slug)).toMatchObject({ verified: true });

    // The file's own change of mind on a profile nobody decided on still applies.
    const other = aProfile({ verified: false });
    expect((await run('import', importFileWith([other]))).code).toBe(0);
    expect((await run('import', importFileWith([{ ...other, verified: true }]))).stdout).not.toContain('Kept');
    expect(await stateOf(other.profile_slug)).toMatchObject({ verified: true });
  });

  it('an import that changes the verification of a profile nobody decided on records it in the history and announces it', async () => {
    const profile = aProfile({ verified: false });
    const slug = profile.profile_slug;
    expect((await run('import', importFileWith([profile]))).code).toBe(0);
    expect(await eventsAbout(slug)).toEqual([]);

    const verifying = importFileWith([{ ...profile, verified: true }]);
    const verified = await run('import', verifying);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain(
      `Changed the verification of 1 profile(s) as the file says (recorded in their history): ${slug}.`,
    );
    expect(await stateOf(slug)).toMatchObject({ verified: true });
    expect(await latestEntryOf(slug)).toEqual({
      actor: 'import (command line)',
      action: 'verified',
      note: `byline import ${path.basename(verifying)}: the record says verified`,
    });
    expect(await eventsAbout(slug)).toEqual(['journalist.verified']);

    // The file's change of mind back: the import's own change was no person's decision, so it does not stand.
    const unverifying = importFileWith([profile]);
    const unverified = await run('import', unverifying);
    expect(unverified.code).toBe(0);
    expect(unverified.stdout).not.toContain('Kept');
    expect(await stateOf(slug)).toMatchObject({ verified: false });
    expect(await latestEntryOf(slug)).toEqual({
      actor: 'import (command line)',
      action: 'unverified',
      note: `byline import ${path.basename(unverifying)}: the record says not verified`,
    });
    expect(await eventsAbout(slug)).toEqual(['journalist.verified', 'journalist.unverified']);

    // The same file again changes nothing: nothing recorded, nothing announced.
    const same = await run('import', unverifying);
    expect(same.stdout).not.toContain('Changed the verification');
    expect(await latestEntryOf(slug)).toMatchObject({ action: 'unverified' });
    expect(await eventsAbout(slug)).toEqual(['journalist.verified', 'journalist.unverified']);
  });
});
