import { loadConfig } from '@byline/domain/config/config';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { recheckPolicyOf } from '@byline/editorial/proofs/recheck';
import {
  forAllTests,
  forEachTest,
  replaceForThisTest,
  startDnsServer,
  type StoreFactory,
  type TestDnsServer,
} from '@byline/test-support';
import type { PortalDeps } from '../../src/deps';
import { startPortal, submit, type Agent, type Portal } from './portal-harness';

/** The portal with its domain checks as main.ts builds them, from a configuration whose DNS_SERVERS is a loopback server. */
export async function startPublishersPortal(factory: StoreFactory, dns: TestDnsServer, overrides: Partial<PortalDeps> = {}) {
  const config = loadConfig({ DNS_SERVERS: dns.server });
  return startPortal(factory, {
    domainProofSources: domainProofSourcesOf(config),
    recheckPolicy: recheckPolicyOf(config),
    ...overrides,
  });
}

export interface PublishersPortalFixture {
  /** The DNS server of the describe block's tests (DNS_SERVERS), started once. */
  dns: TestDnsServer;
  /** The current test's portal (startPublishersPortal), on a fresh store. */
  portal: Portal;
  /** Closes the test's portal and starts it again, with these dependencies changed, in its place. */
  restart(overrides: Partial<PortalDeps>): Promise<void>;
}

/**
 * For a describe block of publisher tests: a DNS server for all of them, and a publishers' portal on a fresh store for
 * each, closed after it (forAllTests, forEachTest: read them inside hooks and tests).
 */
export function publishersPortalPerTest(factory: StoreFactory): PublishersPortalFixture {
  const dns = forAllTests(
    () => startDnsServer({}),
    (server) => server.close(),
  );
  const portal = forEachTest(
    () => startPublishersPortal(factory, dns),
    (running) => running.close(),
  );
  const restart = async (overrides: Partial<PortalDeps>) => {
    await portal.close();
    replaceForThisTest(portal, await startPublishersPortal(factory, dns, overrides));
  };
  return { dns, portal, restart };
}

/** Creates a publisher through the form; its page's path (the redirect's). */
export async function createdPublisher(agent: Agent, name: string, fields: Record<string, string> = {}) {
  const res = await submit(agent, '/publishers', '/publishers', { name, logo_url: '', ...fields });
  if (res.status !== 303) throw new Error(`publisher not created: ${res.status} ${res.text}`);
  return (res.headers.location as string).replace(/\?done=1$/, '');
}

let domains = 0;
/** A domain no other test uses (the DNS server lives for the whole file). */
export const freshDomain = (label = 'ledger') => `${label}${++domains}-${Date.now().toString(36)}.test`;

/** The token the publisher's page shows for the domain. */
export function tokenOn(page: string, domain: string): string {
  const item = page.slice(page.indexOf(`data-domain="${domain}"`));
  const match = /byline-verification=([0-9a-f]{32})/.exec(item);
  if (!match) throw new Error(`no token for ${domain} on the page`);
  return match[1]!;
}

/** The domain's entry on the publisher's page, up to the next domain's. */
export function domainEntry(page: string, domain: string): string {
  const start = page.indexOf(`data-domain="${domain}"`);
  if (start < 0) return '';
  const next = page.indexOf('data-domain="', start + 1);
  return page.slice(start, next < 0 ? page.indexOf('</section>', start) : next);
}

/**
 * The admin adds `domain` to the publisher at `path`, puts its token in the TXT record `_byline.DOMAIN` on the test DNS
 * server and asks "Check now": the check's answer (a 303 to the page once proven).
 */
export async function checkedWithTxtRecord(agent: Agent, dns: TestDnsServer, path: string, domain: string) {
  await submit(agent, path, `${path}/domains`, { domain });
  dns.set(`_byline.${domain}`, { txt: [`byline-verification=${tokenOn((await agent.get(path)).text, domain)}`] });
  return submit(agent, path, `${path}/domains/${domain}/check`, {});
}
