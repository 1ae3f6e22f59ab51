import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@byline/domain/config/config';
import { createSafeFetch } from '@byline/fetcher';
import { declaringNothing, loopbackOutbound } from '@byline/test-support';
import { readTrustTxt, type ReadTrustTxtOptions } from '../../../src/trust-txt/read-trust-txt';
import { fetchTrustTxtText, trustTxtSourcesOf } from '../../../src/trust-txt/trust-txt-sources';

/** What a path of a site answers: a body (200, text/plain), or a status with headers. */
type Answer = string | { status: number; body?: string; headers?: Record<string, string> };
type Site = Record<string, Answer>;

const NOW = new Date('2030-03-01T12:00:00.000Z');

/**
 * Each site is a real HTTP server on 127.0.0.1 of its own (so a redirect to another site is to another host), and
 * fetchText reads `https://HOST/PATH` from HOST's server through the SSRF-safe fetch with loopback allowed and
 * production's status, redirect and type rules (an HTTPS loopback is not this suite's to build).
 */
function sitesHarness() {
  const servers: http.Server[] = [];
  const ports = new Map<string, number>();
  const requests: string[] = [];
  const safeFetch = createSafeFetch({ ...loopbackOutbound(), timeoutMs: 3000, maxBytes: 64 * 1024 });

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
    ports.clear();
    requests.length = 0;
  });

  const serve = async (sites: Record<string, Site>) => {
    for (const [host, paths] of Object.entries(sites)) {
      const server = http.createServer((request, response) => {
        requests.push(`${host}${request.url}`);
        const answer = paths[request.url ?? ''] ?? { status: 404, body: 'Not found' };
        const { status, body = '', headers = {} } = typeof answer === 'string' ? { status: 200, body: answer } : answer;
        response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(body);
      });
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
      servers.push(server);
      ports.set(host, (server.address() as AddressInfo).port);
    }
  };

  const options: ReadTrustTxtOptions = {
    now: () => NOW,
    fetchText(url) {
      const { hostname, pathname, search } = new URL(url);
      const port = ports.get(hostname);
      if (!port) return Promise.reject(new Error(`${hostname} does not resolve`));
      return fetchTrustTxtText(safeFetch, `http://127.0.0.1:${port}${pathname}${search}`);
    },
  };
  return { serve, options, requests };
}

/** The SSRF-safe fetch of the suite, loopback allowed, with a short time limit to wait for. */
const safeFetchForTest = (timeoutMs = 3000) => createSafeFetch({ ...loopbackOutbound(), timeoutMs, maxBytes: 64 * 1024 });

describe('readTrustTxt', () => {
  const { serve, options, requests } = sitesHarness();

  it('confirms a membership both files declare, and keeps what else the file says', async () => {
    await serve({
      'harbour.example': {
        '/trust.txt': [
          '# Harbour Times',
          'belongto=https://www.press-association.example/',
          'social=https://social.example/@harbour',
          'contact=mailto:desk@harbour.example',
          'disclosure=https://harbour.example/ethics',
          'datatrainingallowed=no',
          'datetime=2030-01-01',
        ].join('\r\n'),
      },
      'www.press-association.example': {
        '/trust.txt': '# members\nmember=https://www.harbour.example/\nmember=https://other-paper.example/\n',
      },
    });
    expect(await readTrustTxt('harbour.example', options)).toEqual({
      domain: 'harbour.example',
      readAt: NOW.toISOString(),
      url: 'https://harbour.example/trust.txt',
      relations: [{ kind: 'belongto', domain: 'press-association.example', confirmed: true, reason: null }],
      social: ['https://social.example/@harbour'],
      contacts: ['mailto:desk@harbour.example'],
      disclosures: ['https://harbour.example/ethics'],
      dataTrainingAllowed: false,
      errors: [],
      warnings: [{ line: 7, message: 'unknown attribute "datetime"' }],
      failure: null,
    });
  });

  it('leaves a membership unconfirmed when the other side is silent, or cannot be read, saying why', async () => {
    await serve({
      'harbour.example': {
        '/trust.txt': 'belongto=https://silent-association.example/\nbelongto=https://gone-association.example/',
      },
      'silent-association.example': { '/trust.txt': 'member=https://other-paper.example/\nbelongto=https://harbour.example/' },
      'gone-association.example': {},
    });
    const summary = await readTrustTxt('harbour.example', options);
    expect(summary.relations).toEqual([
      {
        kind: 'belongto',
        domain: 'silent-association.example',
        confirmed: false,
        // a belongto naming this site is no membership: only the reverse attribute counts
        reason: 'https://silent-association.example/trust.txt does not declare member=harbour.example',
      },
      {
        kind: 'belongto',
        domain: 'gone-association.example',
        confirmed: false,
        reason:
          'its trust.txt could not be read (https://gone-association.example/trust.txt: not found (HTTP 404); ' +
          'https://gone-association.example/.well-known/trust.txt: not found (HTTP 404))',
      },
    ]);
    expect(summary.failure).toBeNull();
  });

  it('shows two controlledby as an error, and confirms each by control= on the other side', async () => {
    await serve({
      'harbour.example': {
        '/trust.txt': 'controlledby=https://owner-one.example/\ncontrolledby=https://owner-two.example/\n',
      },
      'owner-one.example': { '/trust.txt': 'control=https://harbour.example/' },
      'owner-two.example': { '/trust.txt': 'member=https://harbour.example/' },
    });
    const summary = await readTrustTxt('harbour.example', options);
    expect(summary.errors).toEqual([
      { line: 2, message: 'controlledby is given more than once: a site is controlled by one other' },
    ]);
    expect(summary.relations.map(({ domain, confirmed }) => [domain, confirmed])).toEqual([
      ['owner-one.example', true],
      ['owner-two.example', false],
    ]);
  });

  it('falls back to /.well-known/trust.txt when /trust.txt is 404', async () => {
    await serve({
      'harbour.example': { '/.well-known/trust.txt': 'vendor=https://cms.example/\ncustomer=https://client.example/' },
      'cms.example': { '/.well-known/trust.txt': 'customer=https://harbour.example' },
      'client.example': { '/trust.txt': 'vendor=harbour.example' },
    });
    const summary = await readTrustTxt('harbour.example', options);
    expect(summary.url).toBe('https://harbour.example/.well-known/trust.txt');
    expect(summary.relations).toEqual([
      { kind: 'vendor', domain: 'cms.example', confirmed: true, reason: null },
      { kind: 'customer', domain: 'client.example', confirmed: true, reason: null },
    ]);
    expect(requests).toContain('harbour.example/trust.txt');
  });

  it('reads a file of any text type, and says why when neither address gives one', async () => {
    await serve({
      'harbour.example': {
        '/trust.txt': { status: 200, body: '<html></html>', headers: { 'content-type': 'text/html' } },
        '/.well-known/trust.txt': { status: 200, body: '{}', headers: { 'content-type': 'application/json' } },
      },
    });
    const html = await readTrustTxt('harbour.example', options);
    // text/html is text: read, and it declares nothing (its line is not name=value)
    expect(html).toMatchObject({ url: 'https://harbour.example/trust.txt', relations: [], failure: null });
    expect(html.warnings).toEqual([{ line: 1, message: 'is not name=value' }]);

    expect(await readTrustTxt('nowhere.example', options)).toEqual({
      domain: 'nowhere.example',
      readAt: NOW.toISOString(),
      url: null,
      ...declaringNothing(),
      failure:
        'https://nowhere.example/trust.txt: nowhere.example does not resolve; ' +
        'https://nowhere.example/.well-known/trust.txt: nowhere.example does not resolve',
    });
  });

  it('reads each other site once, and at most maxOtherSites of them', async () => {
    await serve({
      'harbour.example': {
        '/trust.txt': [
          'vendor=https://partner.example/',
          'belongto=https://partner.example/',
          'belongto=https://second.example/',
          'belongto=https://harbour.example/',
        ].join('\n'),
      },
      'partner.example': { '/trust.txt': 'customer=https://harbour.example/\nmember=https://harbour.example/' },
      'second.example': { '/trust.txt': 'member=https://harbour.example/' },
    });
    const summary = await readTrustTxt('harbour.example', { ...options, maxOtherSites: 1 });
    expect(summary.relations).toEqual([
      { kind: 'vendor', domain: 'partner.example', confirmed: true, reason: null },
      { kind: 'belongto', domain: 'partner.example', confirmed: true, reason: null },
      {
        kind: 'belongto',
        domain: 'second.example',
        confirmed: false,
        reason: 'not asked: only the first 1 other sites are read',
      },
      { kind: 'belongto', domain: 'harbour.example', confirmed: false, reason: 'names this site itself' },
    ]);
    expect(requests.filter((request) => request.startsWith('partner.example'))).toEqual(['partner.example/trust.txt']);
    expect(requests.filter((request) => request.startsWith('second.example'))).toEqual([]);
  });
});

describe('fetchTrustTxtText (the rules trustTxtSourcesOf reads with)', () => {
  const { serve, options } = sitesHarness();

  it('follows a redirect on the same host, and no other', async () => {
    await serve({
      'harbour.example': {
        '/trust.txt': { status: 301, headers: { location: '/.well-known/trust.txt' } },
        '/.well-known/trust.txt': 'member=https://a.example/',
      },
      'moved.example': { '/trust.txt': { status: 302, headers: { location: 'https://elsewhere.example/trust.txt' } } },
    });
    await expect(options.fetchText('https://harbour.example/trust.txt')).resolves.toBe('member=https://a.example/');
    await expect(options.fetchText('https://moved.example/trust.txt')).rejects.toThrow(
      'redirected to another host (https://elsewhere.example)',
    );
  });

  it('takes a 200 of text only', async () => {
    await serve({
      'harbour.example': {
        '/trust.txt': { status: 500, body: 'member=https://a.example/' },
        '/.well-known/trust.txt': { status: 200, body: 'GIF89a', headers: { 'content-type': 'image/gif' } },
        '/big.txt': 'x'.repeat(70 * 1024),
      },
    });
    await expect(options.fetchText('https://harbour.example/trust.txt')).rejects.toThrow(
      'the site answered HTTP 500 instead of the file',
    );
    await expect(options.fetchText('https://harbour.example/.well-known/trust.txt')).rejects.toThrow(
      'not a text file (it is image/gif)',
    );
    await expect(options.fetchText('https://harbour.example/big.txt')).rejects.toThrow(
      'too large: a trust.txt is at most 64 KB here',
    );
  });

  it('says plainly why a file could not be fetched: refused, not resolving, timed out', async () => {
    const closed = http.createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    await expect(fetchTrustTxtText(safeFetchForTest(), `http://127.0.0.1:${port}/trust.txt`)).rejects.toThrow(
      /^not reachable: the connection was refused$/,
    );
    await expect(fetchTrustTxtText(safeFetchForTest(), 'http://no-such-host.invalid/trust.txt')).rejects.toThrow(
      /^not reachable: the name does not resolve$/,
    );
    const silent = http.createServer(() => undefined);
    await new Promise<void>((listening) => silent.listen(0, '127.0.0.1', listening));
    const quiet = (silent.address() as AddressInfo).port;
    try {
      await expect(fetchTrustTxtText(safeFetchForTest(200), `http://127.0.0.1:${quiet}/trust.txt`)).rejects.toThrow(
        /^timed out: no answer within 5 seconds$/,
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((done) => silent.close(done));
    }
  });

  it('reads https addresses only, in production', async () => {
    await expect(trustTxtSourcesOf(loadConfig({})).fetchText('http://harbour.example/trust.txt')).rejects.toThrow(
      'not an https address',
    );
  });
});
