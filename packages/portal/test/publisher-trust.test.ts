import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { recheckPolicyOf } from '@byline/editorial/proofs/recheck';
import { trustTxtSourcesOf } from '@byline/editorial/trust-txt/trust-txt-sources';
import { startServedDomains, type ServedDomains, type TestDnsServer } from '@byline/test-support';
import { editor } from './support/editors';
import { portalStoreFactories, signedUp, startPortal, submit, type Agent, type Portal } from './support/portal-harness';
import { checkedWithTxtRecord, createdPublisher } from './support/publishers';

/**
 * A publisher's trust.txt on its page: read by "Check now" after a domain's first proof (the portal given
 * trustTxtSources, as main.ts gives it) and by "Read trust.txt again", from real https sites on a loopback address of
 * their own (port 443, a test CA trusted through OUTBOUND_CA_FILE), their names answered by a real DNS server on
 * loopback (DNS_SERVERS), which also holds the domains' TXT proofs.
 */

const OUTLET = 'the-ledger.test';
const ASSOCIATION = 'press-council.test';
const SILENT = 'silent-guild.test';
const TWO_OWNERS = 'two-owners.test';
const NO_FILE = 'no-file.test';
const NAMES = [OUTLET, ASSOCIATION, SILENT, TWO_OWNERS, NO_FILE];

/** A value an outlet could write to break a page that showed it as markup or as a link. */
const INJECTED = `https://x.com/ledger"><script>alert(1)</script>`;

const OUTLET_FILE = [
  '# The Ledger',
  `belongto=https://${ASSOCIATION}/`,
  `belongto=https://${SILENT}/`,
  'social=https://x.com/theledger',
  `social=${INJECTED}`,
  `contact=mailto:desk@${OUTLET}`,
  `disclosure=https://${OUTLET}/ethics`,
  'datatrainingallowed=no',
  'favourite=colour',
].join('\n');

const TWO_OWNERS_FILE = [
  `controlledby=https://${ASSOCIATION}/`,
  `controlledby=https://${SILENT}/`,
  'datatrainingallowed=yes',
].join('\n');

describe.each(portalStoreFactories())('publishers: what their trust.txt declares ($name store)', (factory) => {
  let served: ServedDomains;
  let dns: TestDnsServer;
  let portal: Portal;
  /** Each site's /trust.txt (none for a name it lacks), changed by the tests as an outlet would change its file. */
  const files = new Map<string, string>();
  /** What each site was asked, as `host path`. */
  const asked: string[] = [];

  beforeAll(async () => {
    served = await startServedDomains(
      (req, res) => {
        const host = (req.headers.host ?? '').replace(/^www\./, '');
        asked.push(`${host} ${req.url}`);
        const body = req.url === '/trust.txt' ? files.get(host) : undefined;
        if (body === undefined) res.writeHead(404).end();
        else res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(body);
      },
      { hostnames: NAMES },
    );
    dns = served.dns;
  });
  afterAll(() => served.close());

  const configOf = () => served.config();

  beforeEach(async () => {
    files.clear();
    files.set(OUTLET, OUTLET_FILE);
    files.set(ASSOCIATION, `member=https://www.${OUTLET}/\n`);
    files.set(SILENT, `contact=mailto:office@${SILENT}\n`);
    files.set(TWO_OWNERS, TWO_OWNERS_FILE);
    asked.length = 0;
    const config = configOf();
    portal = await startPortal(factory, {
      domainProofSources: domainProofSourcesOf(config),
      recheckPolicy: recheckPolicyOf(config),
      trustTxtSources: trustTxtSourcesOf(config),
    });
  });
  afterEach(() => portal.close());

  /** A publisher whose admin adds `domain` and proves it by its DNS TXT record with "Check now": the page after. */
  async function provenBy(domain: string, name = 'The Ledger', admin?: { agent: Agent }) {
    const { agent } = admin ?? (await signedUp(portal.app));
    const path = await createdPublisher(agent, name);
    const checked = await checkedWithTxtRecord(agent, dns, path, domain);
    expect(checked.status).toBe(303);
    const page = await agent.get(checked.headers.location as string);
    expect(page.text).toContain(`${domain} is proven by its DNS TXT record`);
    return { agent, path, page: page.text, slug: path.split('/').pop()! };
  }

  /** The page's trust.txt section. */
  const trustSectionOf = (page: string) => {
    const start = page.indexOf('<section class="card trust-txt"');
    return start < 0 ? '' : page.slice(start, page.indexOf('</section>', start));
  };
  const relationOf = (section: string, kind: string, domain: string) =>
    section.match(
      new RegExp(
        `<li class="trust-relation[^"]*" data-kind="${kind}">(?:(?!</li>).)*?<strong>${domain.replace(/\./g, '\\.')}</strong>(?:(?!</li>).)*</li>`,
        's',
      ),
    )?.[0] ?? '';

  it('reads trust.txt on the first proof by DNS TXT, and shows a confirmed membership and one the other side does not declare', async () => {
    const { path, page, slug } = await provenBy(OUTLET);
    expect(asked).toEqual(expect.arrayContaining([`${OUTLET} /trust.txt`, `${ASSOCIATION} /trust.txt`, `${SILENT} /trust.txt`]));
    const section = trustSectionOf(page);
    expect(section).toContain(`Read from <code>https://${OUTLET}/trust.txt</code> on <time datetime="`);
    expect(relationOf(section, 'belongto', ASSOCIATION)).toContain('<span class="badge verified">confirmed</span>');
    const silent = relationOf(section, 'belongto', SILENT);
    expect(silent).toContain('class="trust-relation unconfirmed"');
    expect(silent).toMatch(
      new RegExp(
        `not confirmed</span>:\\s*https://${SILENT.replace(/\./g, '\\.')}/trust\\.txt does not declare member=${OUTLET.replace(/\./g, '\\.')}`,
      ),
    );
    // The file's addresses are the outlet's claims: text, never links, and markup in them is escaped.
    expect(section).toContain('<li><code>https://x.com/theledger</code></li>');
    expect(section).toContain('<li><code>https://x.com/ledger&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></li>');
    expect(page).not.toContain('<script>alert(1)');
    expect(section).not.toMatch(/<a\s/);
    expect(section).toContain(`<li><code>mailto:desk@${OUTLET}</code></li>`);
    expect(section).toContain(`<h3>Disclosures</h3>`);
    expect(section).toContain(`<li><code>https://${OUTLET}/ethics</code></li>`);
    expect(section).toContain('Data training allowed: <strong>no</strong>');
    expect(section).toMatch(
      /<h3>Warnings<\/h3>\s*<ul class="trust-warnings">\s*<li>\s*Line <span class="line">9<\/span>: unknown attribute &quot;favourite&quot;\s*<\/li>/,
    );
    expect(section).not.toContain('<h3>Errors</h3>');
    expect(section).toContain(`action="${path}/trust"`);
    expect(section).toContain('Read trust.txt again');

    // Editors see the same section, and their list counts the confirmed membership.
    const desk = await editor(portal);
    const seen = trustSectionOf((await desk.agent.get(path)).text);
    expect(relationOf(seen, 'belongto', ASSOCIATION)).toContain('confirmed</span>');
    expect(seen).toContain('Read trust.txt again');
    const other = await signedUp(portal.app);
    await createdPublisher(other.agent, 'Aardvark News');
    const list = (await desk.agent.get('/editor/publishers')).text;
    expect(list).toContain('<th>Confirmed memberships</th>');
    const rows = [
      ...list.matchAll(/<a href="\/publishers\/([^"]+)">(?:(?!<\/tr>).)*<td data-label="Confirmed memberships">(\d+)<\/td>/gs),
    ].map(([, rowSlug, count]) => `${rowSlug} ${count}`);
    expect(rows).toEqual(['aardvark-news 0', `${slug} 1`]);
  });

  it('shows the error of two controlledby lines, with their line number, and the rest of the file', async () => {
    const { page } = await provenBy(TWO_OWNERS, 'Two Owners Daily');
    const section = trustSectionOf(page);
    expect(section).toMatch(
      /<h3>Errors<\/h3>\s*<ul class="trust-errors">\s*<li>\s*Line <span class="line">2<\/span>: controlledby is given more than once: a site is controlled by one other\s*<\/li>/,
    );
    // Each side is still asked: the association declares no `control` of it, nor does the other.
    expect(relationOf(section, 'controlledby', ASSOCIATION)).toContain(`does not declare control=${TWO_OWNERS}`);
    expect(relationOf(section, 'controlledby', SILENT)).toContain('not confirmed');
    expect(section).toContain('Data training allowed: <strong>yes</strong>');
  });

  it('shows why no trust.txt could be read when the site has none at either address', async () => {
    const { page } = await provenBy(NO_FILE, 'No File Weekly');
    expect(asked).toEqual(expect.arrayContaining([`${NO_FILE} /trust.txt`, `${NO_FILE} /.well-known/trust.txt`]));
    const section = trustSectionOf(page);
    expect(section).toContain(`No trust.txt could be read for <strong>${NO_FILE}</strong>`);
    expect(section).toContain(
      `https://${NO_FILE}/trust.txt: not found (HTTP 404); https://${NO_FILE}/.well-known/trust.txt: not found (HTTP 404)`,
    );
    expect(section).not.toContain('<h3>Relations</h3>');
    expect(section).toContain('Read trust.txt again');
  });

  it('reads trust.txt again on the button (admin and editors) after the file changed', async () => {
    const { agent, path } = await provenBy(OUTLET);
    // The silent guild now lists the outlet; the outlet drops its stray attribute and adds a controller.
    files.set(SILENT, `member=https://${OUTLET}/\n`);
    files.set(OUTLET, `${OUTLET_FILE.replace('favourite=colour', `controlledby=https://${ASSOCIATION}/`)}\n`);
    asked.length = 0;
    // Pressed at once, the button waits for a minute after the last reading (each asks every site the file names).
    const tooSoon = await submit(agent, path, `${path}/trust`, {});
    expect(tooSoon.status).toBe(303);
    expect((await agent.get(tooSoon.headers.location as string)).text).toContain(
      'trust.txt was read less than a minute ago, so it was not read again: try again in 60 s.',
    );
    expect(asked).toEqual([]);
    const later = () => (portal.clock.now = new Date(portal.clock.now.getTime() + 61_000));
    later();
    const again = await submit(agent, path, `${path}/trust`, {});
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(`${path}?done=1`);
    expect(asked).toContain(`${SILENT} /trust.txt`);
    const page = await agent.get(again.headers.location as string);
    expect(page.text).toContain(`trust.txt is read again from https://${OUTLET}/trust.txt.`);
    const section = trustSectionOf(page.text);
    expect(relationOf(section, 'belongto', SILENT)).toContain('<span class="badge verified">confirmed</span>');
    expect(relationOf(section, 'controlledby', ASSOCIATION)).toContain(`does not declare control=${OUTLET}`);
    expect(section).not.toContain('<h3>Warnings</h3>');

    // An editor reads it too; now the outlet's file is gone.
    files.delete(OUTLET);
    const desk = await editor(portal);
    later();
    const byEditor = await submit(desk.agent, path, `${path}/trust`, {});
    expect(byEditor.status).toBe(303);
    const after = await desk.agent.get(byEditor.headers.location as string);
    expect(after.text).toContain(`No trust.txt could be read for ${OUTLET}.`);
    expect(trustSectionOf(after.text)).toContain(`No trust.txt could be read for <strong>${OUTLET}</strong>`);
    expect((await desk.agent.get('/editor/publishers')).text).toContain('<td data-label="Confirmed memberships">0</td>');
  });

  it('says “not read yet” before any domain is proven, and reads nothing then', async () => {
    const { agent } = await signedUp(portal.app);
    const path = await createdPublisher(agent, 'Unproven Times');
    const page = await agent.get(path);
    expect(trustSectionOf(page.text)).toContain('Not read yet: it is read once a domain is proven.');
    const again = await submit(agent, path, `${path}/trust`, {});
    expect(again.status).toBe(303);
    expect((await agent.get(again.headers.location as string)).text).toContain(
      'No domain is proven yet: trust.txt is read from a proven domain, so nothing was read.',
    );
    expect(asked).toEqual([]);
  });

  it('says so when the portal is not set up to read trust.txt, and reads nothing', async () => {
    const config = configOf();
    const without = await startPortal(factory, {
      domainProofSources: domainProofSourcesOf(config),
      recheckPolicy: recheckPolicyOf(config),
    });
    try {
      const { agent } = await signedUp(without.app);
      const path = await createdPublisher(agent, 'Unread Gazette');
      expect((await checkedWithTxtRecord(agent, dns, path, OUTLET)).status).toBe(303);
      const page = await agent.get(path);
      const section = trustSectionOf(page.text);
      expect(section).toContain('Not read yet');
      expect(section).toContain('This Byline is not set up to read trust.txt files.');
      expect(section).not.toContain('Read trust.txt again');
      const again = await submit(agent, path, `${path}/trust`, {});
      expect(again.status).toBe(303);
      expect((await agent.get(again.headers.location as string)).text).toContain(
        'This Byline is not set up to read trust.txt files, so nothing was read.',
      );
      expect(asked.filter((line) => line.endsWith('trust.txt'))).toEqual([]);
    } finally {
      await without.close();
    }
  });
});
