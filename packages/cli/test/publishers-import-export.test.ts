/**
 * `byline export` / `byline import` carry publishers on each store: a last record `{"publishers": [...]}` with their
 * domains (and proof states), verification, trust.txt reading and staff (by profile slug or invited address).
 */
import fs from 'node:fs';
import path from 'node:path';
import { repositoriesOf } from '@byline/shared/store';
import { type TrustSummary } from '@byline/domain/publishers/trust-summary';
import { aProfile, seed, tempDir } from '@byline/test-support';
import { byline, cliTargets, importFileWith, targetsCleanedAfterAll, type CliTarget } from './cli-harness';

const T = (minute: number) => new Date(Date.UTC(2026, 9, 1, 9, minute)).toISOString();
const EDITOR = 'editor@byline.example';

const TRUST: TrustSummary = {
  domain: 'harbour.example',
  readAt: T(30),
  url: 'https://harbour.example/trust.txt',
  relations: [{ kind: 'belongto', domain: 'presscouncil.example', confirmed: true, reason: null }],
  social: ['https://social.example/@harbour'],
  contacts: ['mailto:desk@harbour.example'],
  disclosures: [],
  dataTrainingAllowed: false,
  errors: [],
  warnings: [{ line: 4, message: 'unknown attribute "foo"' }],
  failure: null,
};

/** A publisher as a test file gives it: the fields an export writes, overridable. */
function aPublisher(overrides: Record<string, unknown> = {}) {
  return {
    slug: 'tide-news',
    name: 'Tide News',
    logo_url: null,
    created_at: T(0),
    attribution: true,
    verified: null,
    trust: null,
    domains: [] as unknown[],
    staff: [] as unknown[],
    ...overrides,
  };
}

function aDomain(overrides: Record<string, unknown> = {}) {
  return {
    domain: 'tide.example',
    token: '0123456789abcdef0123456789abcdef',
    state: 'proven',
    method: 'dns-txt',
    added_at: T(1),
    proven_at: T(2),
    last_checked_at: T(2),
    failing_since: null,
    last_failure: null,
    ...overrides,
  };
}

const lastLine = (text: string) => JSON.parse(text.trim().split('\n').at(-1)!) as Record<string, unknown>;

describe.each(cliTargets())('byline import / export of publishers ($name store)', (factory) => {
  const fresh = targetsCleanedAfterAll(factory);

  async function withRepositories<T>(
    target: CliTarget,
    work: (repositories: ReturnType<typeof repositoriesOf>) => Promise<T>,
  ): Promise<T> {
    const store = target.openStore();
    try {
      return await work(repositoriesOf(store));
    } finally {
      await store.close();
    }
  }

  /** Two publishers with every kind of domain state and affiliation, and the profiles their staff are. */
  async function richStore(target: CliTarget) {
    await withRepositories(target, async (repositories) => {
      const store = repositories.store;
      await seed(store, aProfile({ profile_slug: 'aoife-brennan' }), aProfile({ profile_slug: 'cian-walsh' }));
      const { publishers, staff, profiles, publisherDomains, publisherHistory } = repositories;
      const harbour = (await publishers.create({ slug: 'harbour', name: 'The Harbour Times' }, 'someone', new Date(T(0))))!;
      await publishers.update(harbour.id, { logoUrl: 'https://harbour.example/logo.png', attribution: false }, new Date(T(1)));
      await publishers.setVerified(harbour.id, true, EDITOR, 'Known outlet — checked masthead', new Date(T(3)));
      await publisherHistory.setTrust(harbour.id, TRUST, new Date(T(30)));
      const add = (id: number, domain: string, minute: number) =>
        publisherDomains.addDomain(
          id,
          domain,
          `${'ab'.repeat(15)}${minute.toString().padStart(2, '0')}`,
          'someone',
          new Date(T(minute)),
        );
      /** A check of the domain's proof as the worker records it, with no event written alongside. */
      const check = (domain: string, result: Parameters<typeof publisherDomains.recordCheck>[2]) =>
        publisherDomains.recordCheck(harbour.id, domain, result, null);
      await add(harbour.id, 'harbour.example', 1);
      await check('harbour.example', { outcome: 'proven', method: 'dns-txt', at: T(2) });
      await check('harbour.example', { outcome: 'proven', method: 'dns-txt', at: T(10) });
      await add(harbour.id, 'failing.example', 2);
      await check('failing.example', { outcome: 'proven', method: 'well-known', at: T(3) });
      await check('failing.example', { outcome: 'failing', failure: 'no TXT', at: T(11) });
      await check('failing.example', { outcome: 'failing', failure: 'no TXT', at: T(12) });
      await add(harbour.id, 'lapsed.example', 3);
      await check('lapsed.example', { outcome: 'proven', method: 'dns-txt', at: T(4) });
      await check('lapsed.example', { outcome: 'lapsed', failure: 'gone', at: T(20) });
      await add(harbour.id, 'pending.example', 4);
      await check('pending.example', { outcome: 'failing', failure: 'not yet', at: T(5) });
      await add(harbour.id, 'new.example', 5);

      const aoife = (await profiles.findBySlug('aoife-brennan'))!;
      const cian = (await profiles.findBySlug('cian-walsh'))!;
      const first = (await staff.invite(harbour.id, { profileId: aoife.id }, 'admin@harbour.example', new Date(T(6))))!;
      await staff.accept(first.id, aoife.id, new Date(T(7)));
      await staff.end(first.id, 'admin@harbour.example', 'Left the paper', new Date(T(8)));
      const again = (await staff.invite(harbour.id, { profileId: aoife.id }, 'admin@harbour.example', new Date(T(9))))!;
      await staff.accept(again.id, aoife.id, new Date(T(10)));
      const byEmail = (await staff.invite(harbour.id, { email: 'cian@mail.example' }, 'admin@harbour.example', new Date(T(11))))!;
      await staff.accept(byEmail.id, cian.id, new Date(T(12)));
      const declined = (await staff.invite(harbour.id, { email: 'no@mail.example' }, 'admin@harbour.example', new Date(T(13))))!;
      await staff.decline(declined.id, 'no@mail.example', new Date(T(14)));
      await staff.invite(harbour.id, { email: 'later@mail.example' }, 'admin@harbour.example', new Date(T(15)));

      await publishers.create({ slug: 'quay-weekly', name: 'Quay Weekly' }, 'someone', new Date(T(40)));
    });
  }

  test('export → import into an empty store → export gives the same publishers; importing again changes nothing', async () => {
    const original = fresh();
    await richStore(original);
    const exportFile = path.join(tempDir(), 'export.ndjson');
    const exported = await byline(original, 'export', '--out', exportFile);
    expect(exported).toMatchObject({ code: 0, stderr: `Exported 2 profile(s) and 2 publisher(s) to ${exportFile}.\n` });
    const text = fs.readFileSync(exportFile, 'utf8');
    const { publishers } = lastLine(text) as { publishers: Record<string, unknown>[] };
    expect(publishers.map((p) => p.slug)).toEqual(['harbour', 'quay-weekly']);
    expect(publishers[0]).toMatchObject({
      name: 'The Harbour Times',
      logo_url: 'https://harbour.example/logo.png',
      created_at: T(0),
      attribution: false,
      verified: { at: T(3), by: EDITOR, note: 'Known outlet — checked masthead' },
      trust: TRUST,
      domains: [
        {
          domain: 'failing.example',
          state: 'proven',
          method: 'well-known',
          proven_at: T(3),
          failing_since: T(11),
          last_checked_at: T(12),
        },
        { domain: 'harbour.example', state: 'proven', method: 'dns-txt', proven_at: T(2), last_checked_at: T(10) },
        { domain: 'lapsed.example', state: 'lapsed', proven_at: T(4), last_checked_at: T(20), last_failure: 'gone' },
        { domain: 'new.example', state: 'pending', method: null, last_checked_at: null },
        { domain: 'pending.example', state: 'pending', last_checked_at: T(5), last_failure: 'not yet' },
      ],
      staff: [
        { profile_slug: 'aoife-brennan', invited_email: null, state: 'ended', accepted_at: T(7), ended_reason: 'Left the paper' },
        { profile_slug: 'aoife-brennan', state: 'active', accepted_at: T(10) },
        { profile_slug: 'cian-walsh', invited_email: 'cian@mail.example', state: 'active' },
        { profile_slug: null, invited_email: 'no@mail.example', state: 'declined', ended_reason: null },
        { profile_slug: null, invited_email: 'later@mail.example', state: 'invited' },
      ],
    });
    expect(publishers[1]).toMatchObject({ verified: null, trust: null, domains: [], staff: [], attribution: true });

    const copy = fresh();
    const imported = await byline(copy, 'import', exportFile);
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.stdout).toBe(
      `Imported 2 profile(s) and ${text.match(/"link"/g)!.length} article(s) from ${exportFile}.\n` +
        'Imported 2 publisher(s), with 5 new domain(s) and 5 new staff affiliation(s).\n',
    );
    expect((await byline(copy, 'export')).stdout).toBe(text);

    // The rule for profiles (upsert by slug): the same file again adds nothing and changes nothing.
    const again = await byline(copy, 'import', exportFile);
    expect(again.stdout).toContain('Imported 2 publisher(s), with 0 new domain(s) and 0 new staff affiliation(s).');
    expect((await byline(copy, 'export')).stdout).toBe(text);

    // The same records as a JSON array import the same.
    const asArray = importFileWith(
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
      'json-array',
    );
    const third = fresh();
    expect((await byline(third, 'import', asArray)).code).toBe(0);
    expect((await byline(third, 'export')).stdout).toBe(text);

    // The verified publisher answers for its proven domain in the copy as in the original.
    const match = await withRepositories(copy, (repositories) => repositories.publisherDomains.matchHost('www.harbour.example'));
    expect(match).toMatchObject({ publisher: { slug: 'harbour' }, domain: { domain: 'harbour.example', method: 'dns-txt' } });
  });

  test('a file of profiles only imports exactly as before; a store without publishers exports no publishers line', async () => {
    const target = fresh();
    const profile = aProfile();
    const file = importFileWith([profile]);
    expect(await byline(target, 'import', file)).toMatchObject({
      code: 0,
      stdout: `Imported 1 profile(s) and ${profile.articles.length} article(s) from ${file}.\n`,
    });
    const exported = await byline(target, 'export');
    expect(exported.stdout.trim().split('\n')).toHaveLength(1);
    expect(exported.stdout).not.toContain('"publishers"');
  });

  test('an existing publisher takes the file’s fields and gains the domains and staff it lacks', async () => {
    const target = fresh();
    await withRepositories(target, async ({ publishers, publisherDomains }) => {
      const made = (await publishers.create({ slug: 'tide-news', name: 'Old Name' }, 'someone', new Date(T(0))))!;
      await publisherDomains.addDomain(made.id, 'old.example', 'ff'.repeat(16), 'someone', new Date(T(1)));
    });
    const file = importFileWith([{ publishers: [aPublisher({ attribution: false, domains: [aDomain()] })] }]);
    const result = await byline(target, 'import', file);
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining('Imported 1 publisher(s), with 1 new domain(s)') });
    const { publishers } = lastLine((await byline(target, 'export')).stdout) as { publishers: Record<string, unknown>[] };
    expect(publishers).toEqual([
      expect.objectContaining({
        name: 'Tide News',
        attribution: false,
        domains: [
          expect.objectContaining({ domain: 'old.example', state: 'pending' }),
          expect.objectContaining({ domain: 'tide.example', state: 'proven' }),
        ],
      }),
    ]);
  });

  test('a bad publisher record imports nothing and names the record and field', async () => {
    const target = fresh();
    const good = aPublisher();
    const bad = aPublisher({
      slug: 'bad-one',
      domains: [aDomain({ domain: 'not a domain' }), aDomain({ domain: 'ok.example', state: 'pending' })],
      staff: [{ profile_slug: 'Not A Slug', invited_email: null, state: 'active', invited_by: 'x', invited_at: T(1) }],
    });
    const file = importFileWith([aProfile(), { publishers: [good, good, bad] }]);
    const result = await byline(target, 'import', file);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Nothing was imported: 1 record(s) in ${file} are invalid:`);
    expect(result.stderr).toMatch(/ {2}line 2: "publishers\[2\]\.domains\[0\]\.domain" /);
    expect(result.stderr).toContain('  line 2: "publishers[2].staff[0].profile_slug" must be lower-case letters');
    expect(result.stderr).toContain('  line 2: "publishers[2].staff[0].accepted_at" is required');
    expect(result.stderr).not.toMatch(/\n\s+at /);

    // Rules between fields are named too (after the schema's own).
    const half = importFileWith([{ publishers: [aPublisher({ domains: [aDomain({ state: 'pending' })] }), good] }]);
    const second = await byline(target, 'import', half);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('  line 1: "publishers[0].domains[0].method" must be null when state is "pending"');
    expect(second.stderr).toContain('  line 1: "publishers[1].slug" "tide-news" is also the slug of publishers[0]');

    const invited = { profile_slug: null, invited_email: 'a@mail.example', state: 'invited', invited_by: 'x', invited_at: T(1) };
    const nulls = { accepted_at: null, ended_at: null, ended_by: null, ended_reason: null };
    const doubled = importFileWith([
      {
        publishers: [
          aPublisher({
            staff: [
              { ...invited, ...nulls },
              { ...invited, ...nulls, invited_at: T(2) },
            ],
          }),
        ],
      },
    ]);
    expect((await byline(target, 'import', doubled)).stderr).toContain(
      '  line 1: "publishers[0].staff[1].invited_email" "a@mail.example" is open in staff[0] too: one open invitation or affiliation per person',
    );

    const twice = importFileWith([{ publishers: [] }, aProfile(), { publishers: [] }]);
    const third = await byline(target, 'import', twice);
    expect(third.code).toBe(1);
    expect(third.stderr).toContain('  line 3: a second publishers record (the first is on line 1)');

    await withRepositories(target, async (repositories) => {
      expect(await repositories.profiles.count()).toBe(0);
      expect(await repositories.publishers.list()).toEqual([]);
    });
  });

  test('a domain proven by another publisher (in the store or the file) is refused; nothing is imported', async () => {
    const target = fresh();
    const holder = importFileWith([{ publishers: [aPublisher({ slug: 'harbour', domains: [aDomain()] })] }]);
    expect((await byline(target, 'import', holder)).code).toBe(0);

    const file = importFileWith([aProfile(), { publishers: [aPublisher({ slug: 'rival', domains: [aDomain()] })] }]);
    const result = await byline(target, 'import', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Nothing was imported: 1 record(s) in ${file} cannot be imported into this store:`);
    expect(result.stderr).toContain(
      '  line 2: "publishers[0].domains[0].domain" "tide.example" is proven by publisher "harbour" in the store: a proven domain belongs to one publisher',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);

    const both = importFileWith([
      { publishers: [aPublisher({ slug: 'a', domains: [aDomain()] }), aPublisher({ slug: 'b', domains: [aDomain()] })] },
    ]);
    const inFile = await byline(fresh(), 'import', both);
    expect(inFile.code).toBe(1);
    expect(inFile.stderr).toContain('"publishers[1].domains[0].domain" "tide.example" is proven by publishers[0].domains[0] too');

    await withRepositories(target, async (repositories) => {
      expect(await repositories.profiles.count()).toBe(0);
      expect((await repositories.publishers.list()).map((p) => p.slug)).toEqual(['harbour']);
    });
  });

  test('staff naming a profile neither the store nor the file has is refused, naming it', async () => {
    const target = fresh();
    const member = aProfile();
    const staff = (slug: string) => ({
      profile_slug: slug,
      invited_email: null,
      state: 'invited',
      invited_by: 'admin@tide.example',
      invited_at: T(3),
      accepted_at: null,
      ended_at: null,
      ended_by: null,
      ended_reason: null,
    });
    const file = importFileWith([
      member,
      { publishers: [aPublisher({ staff: [staff(member.profile_slug), staff('nobody-here')] })] },
    ]);
    const result = await byline(target, 'import', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '  line 2: "publishers[0].staff[1].profile_slug" "nobody-here" is no profile of the store or of this file',
    );
    await withRepositories(target, async (repositories) => expect(await repositories.profiles.count()).toBe(0));

    // The profile in the file is enough.
    const fine = importFileWith([member, { publishers: [aPublisher({ staff: [staff(member.profile_slug)] })] }]);
    expect(await byline(target, 'import', fine)).toMatchObject({ code: 0 });

    // A second open invitation to the same person, at another time, is refused as the portal refuses it.
    const another = { ...staff(member.profile_slug), invited_at: T(9) };
    const clash = importFileWith([{ publishers: [aPublisher({ staff: [another] })] }]);
    const refused = await byline(target, 'import', clash);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `  line 1: "publishers[0].staff[0]" ${member.profile_slug} already has an open invitation or affiliation with "tide-news" in the store`,
    );
  });
});
