/**
 * `byline publishers …` on each store: publishers created under a unique slug, domains added with their token and
 * proven by a TXT record that a real DNS server on 127.0.0.1 answers (DNS_SERVERS, as an operator sets it), the
 * operator's verification in the history, and the lists `list` and `show` print.
 */
import { runCliProcess, startDnsServer, buildPackages, type TestDnsServer } from '@byline/test-support';
import { byline, bylineWithEnv, cliTargets, type CliResult, type CliTarget } from './cli-harness';

const OPERATOR = 'operator (command line)';
const DOMAIN = 'harbour.byline.test';
const TXT_NAME = `_byline.${DOMAIN}`;
const WELL_KNOWN = `https://${DOMAIN}/.well-known/byline-verification.txt`;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The failure when neither way shows the token: what the TXT record gave, then the file (no such host here). */
const failure = (dns: string) =>
  `The TXT record ${TXT_NAME} ${dns}, and ${WELL_KNOWN} could not be read (${DOMAIN} does not resolve).`;
const notProven = (slug: string, dns: string) => `byline: ${DOMAIN} is not proven for ${slug}: ${failure(dns)}\n`;

/** The token `domains add` printed, read from its output. */
function tokenOf(added: CliResult): string {
  const token = /^Added \S+ to \S+\. Its token: ([0-9a-f]{32})\n/.exec(added.stdout)?.[1];
  if (!token) throw new Error(`no token in ${JSON.stringify(added)}`);
  return token;
}

const showJson = async (target: CliTarget, slug: string) =>
  JSON.parse((await byline(target, 'publishers', 'show', slug, '--json')).stdout);

describe.each(cliTargets())('byline publishers ($name store)', (factory) => {
  let target: CliTarget;
  let dns: TestDnsServer | undefined;

  beforeEach(async () => {
    target = factory.create();
    // An existing store, as after `byline import` or `npm start`: `create` then says nothing about making one.
    await target.openStore().close();
  });
  afterEach(async () => {
    await dns?.close();
    dns = undefined;
    await target.cleanUp();
  });

  /** `byline ARGS` with DNS_SERVERS set to a DNS server answering these TXT records. */
  async function withTxt(records: Record<string, string[]>, ...args: string[]): Promise<CliResult> {
    await dns?.close();
    dns = await startDnsServer(Object.fromEntries(Object.entries(records).map(([name, txt]) => [name, { txt }])));
    return bylineWithEnv({ ...target.env, DNS_SERVERS: dns.server }, ...args);
  }

  async function created(name: string, ...args: string[]): Promise<string> {
    const result = await byline(target, 'publishers', 'create', '--name', name, ...args);
    expect(result.code).toBe(0);
    return result.stdout.trim();
  }

  it('create prints the slug, made from the name unless given; a taken or malformed slug is refused', async () => {
    expect(await byline(target, 'publishers', 'create', '--name', 'Le Télégramme du Port')).toEqual({
      code: 0,
      stdout: 'le-telegramme-du-port\n',
      stderr:
        'Created publisher le-telegramme-du-port (Le Télégramme du Port), not verified. Add its domains with `byline publishers domains add le-telegramme-du-port DOMAIN`.\n',
    });
    expect(await byline(target, 'publishers', 'create', '--name', 'The Harbour Times', '--slug', 'harbour')).toMatchObject({
      code: 0,
      stdout: 'harbour\n',
    });

    const refused: [string[], string][] = [
      [
        ['--name', 'Another Harbour', '--slug', 'harbour'],
        'The slug "harbour" is taken by another publisher: choose another with --slug.',
      ],
      [
        ['--name', 'Le telegramme du port'],
        'The slug "le-telegramme-du-port" is taken by another publisher: choose another with --slug.',
      ],
      [
        ['--name', 'Harbour', '--slug', 'Harbour Times'],
        'Invalid slug "Harbour Times": must be lower-case letters and digits, words joined by single hyphens (harbour-times)',
      ],
      [['--name', '東京新聞'], 'The name "東京新聞" gives no slug (no Latin letters or digits): give one with --slug.'],
      [['--name', ' '], 'Invalid name " ": is not allowed to be empty'],
      [
        ['--name', '<script>alert(1)</script>', '--slug', 'markup'],
        'Invalid name "<script>alert(1)</script>": must contain a letter: markup such as <script>…</script> is not a name',
      ],
    ];
    for (const [args, message] of refused) {
      expect({ args, result: await byline(target, 'publishers', 'create', ...args) }).toEqual({
        args,
        result: { code: 1, stdout: '', stderr: `byline: ${message}\n` },
      });
    }
    expect(await byline(target, 'publishers', 'create', '--slug', 'x')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("required option '--name <name>' not specified"),
    });
    expect(
      (JSON.parse((await byline(target, 'publishers', 'list', '--json')).stdout) as { slug: string }[]).map((p) => p.slug),
    ).toEqual(['harbour', 'le-telegramme-du-port']);
  });

  it('domains add prints the token and both ways to prove it; a check finds the TXT record and proves the domain', async () => {
    const slug = await created('The Harbour Times');
    const added = await byline(target, 'publishers', 'domains', 'add', slug, 'https://Harbour.Byline.Test/');
    const token = tokenOf(added);
    expect(added).toEqual({
      code: 0,
      stdout: [
        `Added ${DOMAIN} to ${slug}. Its token: ${token}`,
        'Prove it either way:',
        `  a DNS TXT record ${TXT_NAME} with the value byline-verification=${token}`,
        `  or the file ${WELL_KNOWN} holding byline-verification=${token}`,
        `Then run \`byline publishers domains check ${slug} ${DOMAIN}\`.`,
        '',
      ].join('\n'),
      stderr: '',
    });

    const checked = await withTxt(
      { [TXT_NAME]: ['v=spf1 -all', `byline-verification=${token}`] },
      'publishers',
      'domains',
      'check',
      slug,
      DOMAIN,
    );
    expect(checked).toEqual({
      code: 0,
      stdout: `${DOMAIN} is proven for ${slug} by its DNS TXT record (${TXT_NAME}).\n`,
      stderr: '',
    });
    // The TXT record proved it (asked first); then the newly proven domain's trust.txt was looked for.
    expect(dns!.queries[0]).toBe(`${TXT_NAME} TXT`);
    expect(dns!.queries).not.toContain(`${TXT_NAME} A`);

    const shown = await showJson(target, slug);
    expect(shown.trust).toMatchObject({ domain: DOMAIN, url: null, relations: [], failure: expect.any(String) });
    expect(shown.domains).toEqual([
      {
        domain: DOMAIN,
        token,
        state: 'proven',
        method: 'dns-txt',
        provenAt: expect.stringMatching(ISO),
        lastCheckedAt: shown.domains[0].provenAt,
        failingSince: null,
        lastFailure: null,
        addedAt: expect.stringMatching(ISO),
      },
    ]);
    expect(shown.history.map(({ actor, action, note }: Record<string, string>) => ({ actor, action, note }))).toEqual([
      { actor: OPERATOR, action: 'domain-proven', note: `${DOMAIN} (DNS TXT record)` },
      { actor: OPERATOR, action: 'domain-added', note: DOMAIN },
      { actor: OPERATOR, action: 'created', note: 'The Harbour Times' },
    ]);

    // Added again: refused, the token kept.
    expect(await byline(target, 'publishers', 'domains', 'add', slug, DOMAIN)).toEqual({
      code: 1,
      stdout: '',
      stderr: `byline: Publisher ${slug} already has the domain ${DOMAIN}: \`byline publishers show ${slug}\` prints its token.\n`,
    });
    expect((await showJson(target, slug)).domains[0].token).toBe(token);
  });

  it('a check with another token, or no record, is not proven: exit 1 and the failure naming _byline.DOMAIN', async () => {
    const slug = await created('The Harbour Times');
    tokenOf(await byline(target, 'publishers', 'domains', 'add', slug, DOMAIN));

    const wrong = await withTxt(
      { [TXT_NAME]: [`byline-verification=${'0'.repeat(32)}`] },
      'publishers',
      'domains',
      'check',
      slug,
      DOMAIN,
    );
    expect(wrong).toEqual({ code: 1, stdout: '', stderr: notProven(slug, 'has no matching value') });
    // The TXT record first, then the file's host (which this DNS server does not know).
    expect(dns!.queries[0]).toBe(`${TXT_NAME} TXT`);
    expect(dns!.queries).toContain(`${DOMAIN} A`);

    const none = await withTxt({}, 'publishers', 'domains', 'check', slug, DOMAIN);
    expect(none).toEqual({ code: 1, stdout: '', stderr: notProven(slug, 'was not found') });

    const [domain] = (await showJson(target, slug)).domains;
    expect(domain).toMatchObject({
      state: 'pending',
      method: null,
      provenAt: null,
      lastFailure: failure('was not found'),
    });
    expect((await showJson(target, slug)).history.map((event: { action: string }) => event.action)).toEqual([
      'domain-added',
      'created',
    ]);
  });

  it('a proven domain whose record is gone is failing, still proven until RECHECK_GRACE has passed', async () => {
    const slug = await created('The Harbour Times');
    const token = tokenOf(await byline(target, 'publishers', 'domains', 'add', slug, DOMAIN));
    expect(
      (await withTxt({ [TXT_NAME]: [`byline-verification=${token}`] }, 'publishers', 'domains', 'check', slug, DOMAIN)).code,
    ).toBe(0);

    expect(await withTxt({}, 'publishers', 'domains', 'check', slug, DOMAIN)).toEqual({
      code: 1,
      stdout: '',
      stderr: `byline: ${DOMAIN} is failing for ${slug} (it stays proven until it has failed for RECHECK_GRACE): ${failure('was not found')}\n`,
    });
    const shown = await showJson(target, slug);
    expect(shown.domains[0]).toMatchObject({
      state: 'proven',
      failingSince: expect.stringMatching(ISO),
      lastFailure: failure('was not found'),
    });
    expect(shown.history[0]).toMatchObject({
      actor: OPERATOR,
      action: 'domain-failing',
      note: `${DOMAIN}: ${failure('was not found')}`,
    });
  });

  it('a domain another publisher has proven is taken, even with its own token in place', async () => {
    const first = await created('The Harbour Times');
    const second = await created('Harbour Gazette');
    const firstToken = tokenOf(await byline(target, 'publishers', 'domains', 'add', first, DOMAIN));
    const secondToken = tokenOf(await byline(target, 'publishers', 'domains', 'add', second, DOMAIN));
    const records = { [TXT_NAME]: [`byline-verification=${firstToken}`, `byline-verification=${secondToken}`] };

    expect((await withTxt(records, 'publishers', 'domains', 'check', first, DOMAIN)).code).toBe(0);
    expect(await withTxt(records, 'publishers', 'domains', 'check', second, DOMAIN)).toEqual({
      code: 1,
      stdout: '',
      stderr: `byline: ${DOMAIN} holds ${second}'s token, but another publisher has it proven: a proven domain belongs to one publisher.\n`,
    });

    // Removed from the first, it can be proven by the second.
    expect(await byline(target, 'publishers', 'domains', 'remove', first, DOMAIN)).toEqual({
      code: 0,
      stdout: `Removed ${DOMAIN} from ${first}.\n`,
      stderr: '',
    });
    expect((await withTxt(records, 'publishers', 'domains', 'check', second, DOMAIN)).code).toBe(0);
    expect(await byline(target, 'publishers', 'domains', 'remove', first, DOMAIN)).toEqual({
      code: 1,
      stdout: '',
      stderr: `byline: Publisher ${first} has no domain ${DOMAIN}.\n`,
    });
    expect(await byline(target, 'publishers', 'domains', 'check', first, DOMAIN)).toEqual({
      code: 1,
      stdout: '',
      stderr: `byline: Publisher ${first} has no domain ${DOMAIN}.\n`,
    });
    expect((await showJson(target, first)).history[0]).toMatchObject({ actor: OPERATOR, action: 'domain-removed', note: DOMAIN });
  });

  it('verify and unverify are recorded with their notes in the history show prints', async () => {
    const slug = await created('The Harbour Times');
    expect(await byline(target, 'publishers', 'verify', slug, '--note', 'Masthead checked')).toEqual({
      code: 0,
      stdout: `Publisher ${slug} is now verified.\n`,
      stderr: '',
    });
    const verified = await showJson(target, slug);
    expect(verified).toMatchObject({ slug, verified: true, verifiedAt: expect.stringMatching(ISO), verifiedBy: OPERATOR });

    expect(await byline(target, 'publishers', 'unverify', slug, '--note', 'Outlet closed')).toEqual({
      code: 0,
      stdout: `Publisher ${slug} is now not verified.\n`,
      stderr: '',
    });
    const shown = await showJson(target, slug);
    expect(shown).toEqual({
      slug,
      name: 'The Harbour Times',
      logoUrl: null,
      verified: false,
      verifiedAt: null,
      verifiedBy: null,
      adminUserId: null,
      attribution: true,
      trust: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      domains: [],
      history: [
        { actor: OPERATOR, action: 'unverified', note: 'Outlet closed', at: expect.stringMatching(ISO) },
        { actor: OPERATOR, action: 'verified', note: 'Masthead checked', at: verified.verifiedAt },
        { actor: OPERATOR, action: 'created', note: 'The Harbour Times', at: shown.createdAt },
      ],
    });

    const text = await byline(target, 'publishers', 'show', slug);
    expect(text.code).toBe(0);
    const [unverifiedAt, verifiedAt, createdAt] = shown.history.map((event: { at: string }) => event.at);
    const pad = (actor: string) => actor.padEnd(OPERATOR.length);
    expect(text.stdout).toBe(
      [
        `The Harbour Times (${slug})`,
        'Verified: no',
        `Created: ${createdAt}`,
        '',
        'Domains:',
        '(none)',
        '',
        'History:',
        `${'AT'.padEnd(24)}  ${pad('ACTOR')}  ACTION      NOTE`,
        `${unverifiedAt}  ${OPERATOR}  unverified  Outlet closed`,
        `${verifiedAt}  ${OPERATOR}  verified    Masthead checked`,
        `${createdAt}  ${OPERATOR}  created     The Harbour Times`,
        '',
      ].join('\n'),
    );

    expect(await byline(target, 'publishers', 'verify', slug, '--note', 'bad\u202Enote')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'byline: Invalid note "bad\\u202Enote": must not contain U+202E (control characters, invisible characters and text-direction overrides are refused)\n',
    });
    for (const command of ['verify', 'unverify', 'show']) {
      expect(await byline(target, 'publishers', command, 'nobody-here')).toEqual({
        code: 1,
        stdout: '',
        stderr: 'byline: No publisher with slug "nobody-here".\n',
      });
    }
  });

  it('verify of a verified publisher, and unverify of one not verified, say so, exit 0 and record nothing', async () => {
    const slug = await created('The Steady Herald');
    expect(await byline(target, 'publishers', 'unverify', slug, '--note', 'Never was')).toEqual({
      code: 0,
      stdout: `Publisher ${slug} is already not verified: nothing is recorded.\n`,
      stderr: '',
    });
    expect((await byline(target, 'publishers', 'verify', slug, '--note', 'Masthead checked')).code).toBe(0);
    const verified = await showJson(target, slug);

    expect(await byline(target, 'publishers', 'verify', slug, '--note', 'Checked again')).toEqual({
      code: 0,
      stdout: `Publisher ${slug} is already verified: nothing is recorded.\n`,
      stderr: '',
    });
    const after = await showJson(target, slug);
    // Who verified it and when stand, and the history holds the one decision.
    expect(after).toMatchObject({ verified: true, verifiedAt: verified.verifiedAt, verifiedBy: OPERATOR });
    expect(after.history.map((event: { action: string; note: string }) => [event.action, event.note])).toEqual([
      ['verified', 'Masthead checked'],
      ['created', 'The Steady Herald'],
    ]);
  });

  it('list prints slug, name, verified and the domains with their states; --json the same as an array', async () => {
    expect(await byline(target, 'publishers', 'list')).toEqual({ code: 0, stdout: '', stderr: 'No publishers.\n' });
    expect(await byline(target, 'publishers', 'list', '--json')).toEqual({ code: 0, stdout: '[]\n', stderr: '' });

    const harbour = await created('The Harbour Times');
    const gazette = await created('Gazette', '--slug', 'gazette');
    const token = tokenOf(await byline(target, 'publishers', 'domains', 'add', harbour, DOMAIN));
    await byline(target, 'publishers', 'domains', 'add', harbour, 'news.harbour.byline.test');
    expect(
      (await withTxt({ [TXT_NAME]: [`byline-verification=${token}`] }, 'publishers', 'domains', 'check', harbour, DOMAIN)).code,
    ).toBe(0);
    await byline(target, 'publishers', 'verify', harbour);

    expect(JSON.parse((await byline(target, 'publishers', 'list', '--json')).stdout)).toEqual([
      { slug: 'gazette', name: 'Gazette', verified: false, domains: [] },
      {
        slug: harbour,
        name: 'The Harbour Times',
        verified: true,
        domains: [
          { domain: DOMAIN, state: 'proven', method: 'dns-txt' },
          { domain: 'news.harbour.byline.test', state: 'pending', method: null },
        ],
      },
    ]);
    expect(await byline(target, 'publishers', 'list')).toEqual({
      code: 0,
      stdout: [
        'SLUG               NAME               VERIFIED  DOMAINS',
        `${gazette}            Gazette            no        -`,
        `${harbour}  The Harbour Times  yes       ${DOMAIN} (proven), news.harbour.byline.test (pending)`,
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('refuses a public suffix, an IP address or a URL with a path as a domain, naming it; nothing is added', async () => {
    const slug = await created('The Harbour Times');
    const refused: [string, string][] = [
      ['co.uk', 'is a public suffix (like co.uk): name the outlet’s own domain'],
      ['github.io', 'is a public suffix (like co.uk): name the outlet’s own domain'],
      ['127.0.0.1', 'must be a domain name, not an IP address'],
      ['[::1]', 'must be a domain name, not an IP address'],
      ['https://harbour.example/news', 'must be a domain, without a path, query or fragment'],
      ['localhost', 'must be a domain with at least two labels (example.com)'],
    ];
    for (const [domain, reason] of refused) {
      for (const command of ['add', 'check', 'remove']) {
        expect({ domain, command, result: await byline(target, 'publishers', 'domains', command, slug, domain) }).toEqual({
          domain,
          command,
          result: { code: 1, stdout: '', stderr: `byline: Invalid domain "${domain}": ${reason}.\n` },
        });
      }
    }
    expect((await showJson(target, slug)).domains).toEqual([]);
    expect(await byline(target, 'publishers', 'domains', 'add', 'nobody-here', DOMAIN)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'byline: No publisher with slug "nobody-here".\n',
    });
  });

  it('attribution off and on: an outlet may ask that its pages not be read', async () => {
    const slug = await created('The Quiet Gazette');
    expect((await showJson(target, slug)).attribution).toBe(true);
    expect(await byline(target, 'publishers', 'attribution', slug, 'off')).toEqual({
      code: 0,
      stdout: `Lookups of ${slug}’s unknown articles no longer have their pages read.\n`,
      stderr: '',
    });
    expect((await showJson(target, slug)).attribution).toBe(false);
    expect((await byline(target, 'publishers', 'attribution', slug, 'on')).code).toBe(0);
    expect((await showJson(target, slug)).attribution).toBe(true);
    const wrong = await byline(target, 'publishers', 'attribution', slug, 'maybe');
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('Invalid value "maybe" for attribution: give on or off.');
    expect((await byline(target, 'publishers', 'attribution', 'nobody', 'off')).stderr).toContain('No publisher with slug');
  });

  it('domains check as its own process reaches the DNS_SERVERS it is given', async () => {
    buildPackages('cli');
    const slug = await created('The Harbour Times');
    const token = tokenOf(await byline(target, 'publishers', 'domains', 'add', slug, DOMAIN));
    dns = await startDnsServer({ [TXT_NAME]: { txt: [`byline-verification=${token}`] } });
    const result = await runCliProcess(['publishers', 'domains', 'check', slug, DOMAIN], {
      dataDir: target.env.BYLINE_DATA_DIR!,
      env: { ...target.env, DNS_SERVERS: dns.server },
    });
    expect(result).toMatchObject({
      code: 0,
      stdout: `${DOMAIN} is proven for ${slug} by its DNS TXT record (${TXT_NAME}).\n`,
      stderr: '',
    });
    expect(dns.queries).toContain(`${TXT_NAME} TXT`);
  }, 120_000);
});

describe('byline publishers help', () => {
  it('byline --help lists publishers, and its help lists every command', async () => {
    const help = await bylineWithEnv({}, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {2}publishers +create publishers, prove their domains/m);
    const own = await bylineWithEnv({}, 'publishers', '--help');
    expect(own.code).toBe(0);
    for (const command of [
      'create [options]',
      'list [options]',
      'show [options] <slug>',
      'verify [options] <slug>',
      'unverify [options] <slug>',
      'attribution <slug> <on|off>',
      'domains',
    ])
      expect(own.stdout).toMatch(new RegExp(`^ {2}${command.replace(/[[\]]/g, '\\$&')} `, 'm'));
    const domains = await bylineWithEnv({}, 'publishers', 'domains', '--help');
    for (const command of ['add <slug> <domain>', 'check <slug> <domain>', 'remove <slug> <domain>'])
      expect(domains.stdout).toMatch(new RegExp(`^ {2}${command} `, 'm'));
  });
});
