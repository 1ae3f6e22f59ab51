/**
 * `byline publishers staff …` on each store: the operator invites a profile to a verified publisher's staff (its
 * journalist accepts in the portal), ends an open invitation or affiliation, and lists them.
 */
import { repositoriesOf } from '@byline/shared/store';
import { aProfile, seed } from '@byline/test-support';
import { byline, bylineWithEnv, cliTargets, doneWith, refusedWith, type CliTarget } from './cli-harness';

const OPERATOR = 'operator (command line)';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(cliTargets())('byline publishers staff ($name store)', (factory) => {
  let target: CliTarget;

  beforeEach(async () => {
    target = factory.create();
    const store = target.openStore();
    try {
      await seed(store, aProfile({ profile_slug: 'aoife-brennan' }), aProfile({ profile_slug: 'cian-walsh' }));
    } finally {
      await store.close();
    }
    expect(await byline(target, 'publishers', 'create', '--name', 'The Harbour Times', '--slug', 'harbour')).toMatchObject({
      code: 0,
    });
  });
  afterEach(() => target.cleanUp());

  /** What the portal does when the journalist accepts: the test's stand-in for their click. */
  async function acceptedInThePortal(profileSlug: string) {
    const store = target.openStore();
    try {
      const { staff, profiles, publishers } = repositoriesOf(store);
      const profile = (await profiles.findBySlug(profileSlug))!;
      const publisher = (await publishers.findBySlug('harbour'))!;
      const [invitation] = await staff.invitationsFor({ profileId: profile.id, email: 'nobody@example.org' });
      expect(invitation?.publisherId).toBe(publisher.id);
      expect(await staff.accept(invitation!.id, profile.id, new Date())).toMatchObject({ state: 'active' });
    } finally {
      await store.close();
    }
  }

  /** `byline publishers staff ARGS` on the test's target. */
  const staff = (...args: string[]) => byline(target, 'publishers', 'staff', ...args);

  const listJson = async (slug = 'harbour') => {
    const listed = await staff('list', slug, '--json');
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(listed.stdout) as Record<string, unknown>[];
  };

  it('refuses to invite for a publisher that is not verified, or an unknown publisher or profile', async () => {
    expect(await staff('add', 'harbour', 'aoife-brennan')).toEqual(
      refusedWith(
        'Publisher harbour is not verified: only a verified publisher may invite staff (`byline publishers verify harbour`).',
      ),
    );
    expect(await byline(target, 'publishers', 'verify', 'harbour')).toMatchObject({ code: 0 });
    expect(await staff('add', 'nobody-here', 'aoife-brennan')).toEqual(refusedWith('No publisher with slug "nobody-here".'));
    expect(await staff('add', 'harbour', 'no-such-journalist')).toEqual(
      refusedWith('No profile with slug "no-such-journalist".'),
    );
    expect(await staff('list', 'harbour')).toEqual({
      code: 0,
      stdout: '',
      stderr: 'No staff for harbour.\n',
    });
    expect(await listJson()).toEqual([]);
  });

  it('add invites (once), the journalist accepts, list shows it, and remove ends it with the operator’s reason', async () => {
    await byline(target, 'publishers', 'verify', 'harbour');
    expect(await staff('add', 'harbour', 'aoife-brennan')).toEqual(
      doneWith(
        'Invited aoife-brennan to the staff of harbour. The journalist accepts the invitation on their profile page in the portal; until then it is not shown or listed as evidence.',
      ),
    );
    expect(await staff('add', 'harbour', 'aoife-brennan')).toEqual(
      refusedWith('aoife-brennan is already invited to or on the staff of harbour: `byline publishers staff list harbour`.'),
    );
    expect(await listJson()).toEqual([
      {
        profile_slug: 'aoife-brennan',
        invited_email: null,
        state: 'invited',
        invited_by: OPERATOR,
        invited_at: expect.stringMatching(ISO),
        accepted_at: null,
        ended_at: null,
        ended_by: null,
        ended_reason: null,
      },
    ]);

    await acceptedInThePortal('aoife-brennan');
    await staff('add', 'harbour', 'cian-walsh');
    const table = await staff('list', 'harbour');
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^WHO +STATE +INVITED +SINCE +ENDED +ENDED BY +REASON$/);
    expect(lines[1]).toMatch(/^cian-walsh +invited +\S+ +- +- +- +-$/);
    expect(lines[2]).toMatch(/^aoife-brennan +active +\S+ +\d{4}-\S+ +- +- +-$/);

    expect(await staff('remove', 'harbour', 'aoife-brennan')).toEqual(
      doneWith('Ended aoife-brennan’s affiliation with harbour (kept, marked ended).'),
    );
    expect(await staff('remove', 'harbour', 'cian-walsh')).toEqual(
      doneWith('Ended cian-walsh’s invitation with harbour (kept, marked ended).'),
    );
    expect(await staff('remove', 'harbour', 'aoife-brennan')).toEqual(
      refusedWith('aoife-brennan has no open invitation or affiliation with harbour.'),
    );
    const [cian, aoife] = await listJson();
    expect(aoife).toMatchObject({
      profile_slug: 'aoife-brennan',
      state: 'ended',
      accepted_at: expect.stringMatching(ISO),
      ended_at: expect.stringMatching(ISO),
      ended_by: OPERATOR,
      ended_reason: 'Ended by the operator',
    });
    expect(cian).toMatchObject({ profile_slug: 'cian-walsh', state: 'ended', accepted_at: null });

    // Ended, it may be invited again.
    expect(await staff('add', 'harbour', 'aoife-brennan')).toMatchObject({ code: 0 });
    expect((await listJson()).map((row) => `${row.profile_slug} ${row.state}`)).toEqual([
      'aoife-brennan invited',
      'cian-walsh ended',
      'aoife-brennan ended',
    ]);
  });
});

describe('byline publishers staff help', () => {
  it('lists add, remove and list', async () => {
    const own = await bylineWithEnv({}, 'publishers', '--help');
    expect(own.stdout).toMatch(/^ {2}staff +invite journalists/m);
    const staff = await bylineWithEnv({}, 'publishers', 'staff', '--help');
    expect(staff.code).toBe(0);
    for (const command of ['add <slug> <profile-slug>', 'remove <slug> <profile-slug>', 'list \\[options\\] <slug>'])
      expect(staff.stdout).toMatch(new RegExp(`^ {2}${command} `, 'm'));
  });
});
