/**
 * "Domains allowed to credit you" on the profile form: saved normalised with the profile (both stores), shown
 * back one a line; a bad line is refused with its number and why, more than a hundred are refused, and nothing
 * of a refused form is saved.
 */
import type { StoreFactory } from '@byline/test-support';
import { portalForEachTest, portalStoreFactories, profileForm, signedUp, submit, type Agent } from './support/portal-harness';

describe.each(portalStoreFactories())('attribution domains on the profile form ($name store)', (factory: StoreFactory) => {
  const portal = portalForEachTest(factory);

  async function journalist(): Promise<{ agent: Agent; email: string }> {
    const session = await signedUp(portal.app);
    expect((await submit(session.agent, '/profile', '/profile', profileForm())).status).toBe(303);
    return session;
  }

  const saveDomains = (agent: Agent, attribution_domains: string) =>
    submit(agent, '/profile', '/profile', profileForm({ attribution_domains }));

  async function storedDomains(email: string): Promise<string[]> {
    const { profileId } = (await portal.repositories.users.findByEmail(email))!;
    return portal.repositories.attributionDomains.domainsOf(profileId!);
  }

  it('saves the domains normalised, repeats dropped, and shows them back one a line', async () => {
    const { agent, email } = await journalist();
    const res = await saveDomains(agent, 'TheLedger.ie\r\n\r\nhttps://news.example.org/\n*.irishtimes.com\ntheledger.ie.');
    expect(res.status).toBe(303);
    expect(await storedDomains(email)).toEqual(['theledger.ie', 'news.example.org', 'irishtimes.com']);
    const page = (await agent.get('/profile')).text;
    expect(page).toMatch(
      /<textarea[^>]*name="attribution_domains"[^>]*>theledger\.ie\nnews\.example\.org\nirishtimes\.com<\/textarea>/,
    );

    expect((await saveDomains(agent, '')).status).toBe(303);
    expect(await storedDomains(email)).toEqual([]);
  });

  it('refuses a line that is not a domain, naming the line and why, and keeps the domains saved before', async () => {
    const { agent, email } = await journalist();
    expect((await saveDomains(agent, 'theledger.ie')).status).toBe(303);
    for (const [text, message] of [
      ['theledger.ie\nhttp://example.com', 'Line 2: http://example.com must be a domain name or an https address'],
      [
        'theledger.ie\n\nexample.com/articles',
        'Line 3: example.com/articles must be a domain, without a path, query or fragment',
      ],
      ['192.168.0.1', 'Line 1: 192.168.0.1 must be a domain name, not an IP address'],
      ['localhost', 'Line 1: localhost must be a domain with at least two labels (example.com)'],
      ['exa mple.com', 'Line 1: exa mple.com is not a domain name'],
    ]) {
      const res = await saveDomains(agent, text!);
      expect(res.status).toBe(422);
      expect(res.text).toContain(message);
    }
    expect(await storedDomains(email)).toEqual(['theledger.ie']);
  });

  it('takes a hundred domains and refuses a hundred and one', async () => {
    const { agent, email } = await journalist();
    const hundred = Array.from({ length: 100 }, (_, i) => `outlet${i}.example.org`);
    expect((await saveDomains(agent, hundred.join('\n'))).status).toBe(303);
    expect(await storedDomains(email)).toEqual(hundred);

    const refused = await saveDomains(agent, [...hundred, 'one-more.example.org'].join('\n'));
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('List at most 100 domains (101 given)');
    expect(await storedDomains(email)).toEqual(hundred);
  });

  it('keeps the domains out of the exported profile (the v1 import format)', async () => {
    const { agent, email } = await journalist();
    expect((await saveDomains(agent, 'theledger.ie')).status).toBe(303);
    for await (const record of portal.repositories.profileTransfers.export())
      expect(JSON.stringify(record)).not.toContain('theledger.ie');
    expect(await storedDomains(email)).toEqual(['theledger.ie']);
  });
});
