import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@byline/domain/config/config';
import { createSafeFetch, outboundOf } from '@byline/fetcher';
import { configErrorOf, startDnsServer, startHttpsSite, type HttpsSite, type TestDnsServer } from '@byline/test-support';

/**
 * OUTBOUND_CA_FILE against a real https site on port 443 of a loopback address, under a made-up name a real DNS
 * server on loopback answers (DNS_SERVERS), reached through ALLOWED_PRIVATE_ADDRESSES: the address has no port,
 * as a publisher's well-known file has none.
 */
describe('OUTBOUND_CA_FILE: extra certificates trusted for outbound https', () => {
  let site: HttpsSite;
  let dns: TestDnsServer;
  let scratch: string;

  beforeAll(async () => {
    site = await startHttpsSite((req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`secure ${req.url}`), {
      hostnames: ['site.byline.test'],
    });
    dns = await startDnsServer({ 'site.byline.test': { addresses: [site.address] } });
    scratch = mkdtempSync(path.join(os.tmpdir(), 'byline-ca-config-'));
  });
  afterAll(async () => {
    await site.close();
    await dns.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const env = () => ({ DNS_SERVERS: dns.server, ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8' });

  it('with the test CA in OUTBOUND_CA_FILE, the safe fetch built from the configuration reaches https://site.byline.test/', async () => {
    const config = loadConfig({ ...env(), OUTBOUND_CA_FILE: site.caFile });
    expect(config.outboundCa).toHaveLength(1);
    const fetch = createSafeFetch(outboundOf(config));
    const response = await fetch('https://site.byline.test/.well-known/byline-verification.txt');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('secure /.well-known/byline-verification.txt');
  });

  it('outboundOf carries the file’s certificates to the fetchers; none without it', () => {
    const config = loadConfig({ ...env(), OUTBOUND_CA_FILE: site.caFile });
    expect(outboundOf(config).ca).toEqual(config.outboundCa);
    expect(outboundOf(loadConfig(env())).ca).toBeUndefined();
  });

  it('without OUTBOUND_CA_FILE the same fetch fails on the certificate', async () => {
    const fetch = createSafeFetch(outboundOf(loadConfig(env())));
    const failure = await fetch('https://site.byline.test/').then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    // undici's errors come from outside jest's realm: walked as objects, not by instanceof.
    const codes: string[] = [];
    for (let cause = failure as { code?: string; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
      codes.push(String(cause.code));
    }
    expect(codes).toContainEqual(expect.stringMatching(/^(UNABLE_TO_GET_ISSUER_CERT_LOCALLY|UNABLE_TO_VERIFY_LEAF_SIGNATURE)$/));
  });

  it.each([
    [
      'a file that does not exist',
      () => path.join(scratch, 'missing.pem'),
      /"OUTBOUND_CA_FILE": .*missing\.pem cannot be read \(ENOENT\)/,
    ],
    ['an empty file', () => written('empty.pem', ''), /"OUTBOUND_CA_FILE": .*empty\.pem holds no PEM certificate/],
    [
      'a private key',
      () => written('key.pem', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'),
      /holds no PEM certificate/,
    ],
    [
      'a damaged certificate',
      () => written('bad.pem', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'),
      /"OUTBOUND_CA_FILE": .*bad\.pem holds a certificate that cannot be read/,
    ],
  ])('refuses %s at start-up, naming OUTBOUND_CA_FILE', (_what, file, message) => {
    expect(configErrorOf({ ...env(), OUTBOUND_CA_FILE: file() })).toMatch(message);
  });

  function written(name: string, text: string): string {
    const file = path.join(scratch, name);
    writeFileSync(file, text);
    return file;
  }
});
