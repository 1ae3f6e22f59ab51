/**
 * Fuzzed requests for the HTTP fuzz test: each built from parts, every part mostly sensible and sometimes
 * broken (methods, targets, versions, headers, framing, bodies), so requests get past the parser and the
 * credentials check often enough to reach validation and the use cases as well as Node's own checks.
 *
 * Every request is whole (or, when cut short on purpose, followed by the client's FIN), so an answer is always
 * due: a server waiting for bytes that were never sent would be the test's fault, not a hang.
 */
import { METHODS } from 'node:http';
import type { Random } from '@byline/test-support';

/** What the generator knows about the server under test: values that get a request further in. */
export interface Target {
  port: number;
  /** The server's own routes, asked more often than the others in PATHS. */
  ownPaths: string[];
  /** Working `Authorization` values. */
  authorizations: string[];
  /** Cookies that mean something to the server (a signed-in session, a CSRF cookie). */
  cookies: string[];
  /** `_csrf` values that pass (with the cookies above). */
  csrfTokens: string[];
  /** Field values the server knows (an article address, a handle…). */
  knownValues: string[];
}

export type FuzzRequest =
  | { via: 'socket'; label: string; bytes: Buffer; halfClose: boolean; head: boolean }
  | { via: 'client'; label: string; method: string; path: string; headers: Record<string, string>; body: Buffer };

const PATHS = [
  '/',
  '/api/verify_article',
  '/api/v1/verify_journalist',
  '/api/verify_journalist',
  '/api',
  '/healthz',
  '/readyz',
  '/metrics',
  '/openapi.json',
  '/docs',
  '/docs/',
  '/signin',
  '/signup',
  '/signout',
  '/forgot-password',
  '/reset-password',
  '/settings/password',
  '/settings/api',
  '/settings/api/keys',
  '/settings/api/account',
  '/settings/api/keys/ABCDEF/rotate',
  '/profile',
  '/profile/verification-request',
  '/articles',
  '/articles/fetch',
  '/articles/1',
  '/articles/1/edit',
  '/articles/1/activate',
  '/editor/queue',
  '/editor/profiles/1',
  '/editor/profiles/1/decision',
  '/j/niamh-cassidy',
  '/assets/portal.css',
  '/assets/portal.js',
];

const FIELDS = [
  'url',
  'social_username',
  'social_type',
  '_csrf',
  'email',
  'password',
  'token',
  'next',
  'id',
  'done',
  'title',
  'link',
  'profile_first_name',
  'twitter',
  'decision',
];
const ODD_FIELDS = ['url[]', 'url[a]', '__proto__', 'constructor', 'hasOwnProperty', '', 'a.b', 'URL', ' url'];
const SOCIAL_TYPES = ['twitter', 'x', 'X', 'linkedin', 'facebook', 'instagram', 'myspace', ''];

const KNOWN_METHODS = ['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const ODD_METHODS = METHODS.filter((m) => !KNOWN_METHODS.includes(m) && m !== 'CONNECT');
const BAD_METHODS = ['post', 'get', 'Get', 'FOO', 'G3T', 'GET/', 'P0ST', 'PÖST', 'DELETEE', 'X'.repeat(40), 'GE T'];

/** encodeURIComponent, with a lone surrogate (which it refuses) taken as U+FFFD, as UTF-8 does. */
function encode(value: string): string {
  return encodeURIComponent(Buffer.from(value).toString());
}

function randomText(random: Random, length: number, alphabet: string): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[random.int(alphabet.length)];
  return text;
}

const PRINTABLE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&\'()*+,;=:@/?%#[]{}<>"\\^`| ';
const UNICODE = ['é', 'ß', '日本', '🙂', '\u202e', '\ufeff', '\u0000', '\u2028', '\ud800', 'Ω', '\u00a0'];

function oddString(random: Random): string {
  return random.weighted<() => string>([
    [3, () => randomText(random, random.between(0, 40), PRINTABLE)],
    [2, () => Array.from({ length: random.between(1, 6) }, () => random.pick(UNICODE)).join('')],
    [1, () => 'x'.repeat(random.between(2000, 20000))],
    [1, () => ''],
    [1, () => '   '],
    [1, () => '%zz%'],
    [1, () => '\u0000\u0001\u001f'],
  ])();
}

function fieldValue(random: Random, target: Target, field: string): unknown {
  return random.weighted<() => unknown>([
    [4, () => random.pick(target.knownValues)],
    [
      2,
      () =>
        field === 'social_type' ? random.pick(SOCIAL_TYPES) : `https://news.example.org/${randomText(random, 8, 'abc123/')}`,
    ],
    [2, () => oddString(random)],
    [1, () => random.pick(target.csrfTokens)],
    [1, () => `@${randomText(random, random.between(1, 30), 'abcXYZ_0.-')}`],
  ])();
}

function jsonValue(random: Random, target: Target, field: string, depth = 0): unknown {
  return random.weighted<() => unknown>([
    [8, () => fieldValue(random, target, field)],
    [1, () => random.int(1e9) * (random.chance(0.5) ? -1 : 1)],
    [1, () => random.pick([null, true, false, 0, 1.5e308, -0])],
    [1, () => (depth > 2 ? [] : [jsonValue(random, target, field, depth + 1), fieldValue(random, target, field)])],
    [1, () => (depth > 2 ? {} : { [random.pick(FIELDS)]: jsonValue(random, target, field, depth + 1) })],
  ])();
}

function someFields(random: Random): string[] {
  const names = Array.from({ length: random.between(0, 5) }, () => random.pick(FIELDS));
  if (random.chance(0.1)) names.push(random.pick(ODD_FIELDS));
  return names;
}

/** `k=v&…`; mostly encoded, sometimes with a raw or malformed piece. */
function formText(random: Random, target: Target, names: string[]): string {
  const pairs = names.map((name) => {
    const value = String(fieldValue(random, target, name));
    const encoded = random.chance(0.9) ? encode(value) : random.pick(['%', '%zz', '%E0%A4%A', '+', value.slice(0, 30)]);
    return random.chance(0.05) ? encode(name) : `${encode(name)}=${encoded}`;
  });
  if (random.chance(0.05)) pairs.push(...Array.from({ length: random.between(900, 1200) }, (_, i) => `k${i}=v`));
  return pairs.join(random.chance(0.95) ? '&' : random.pick(['&&', ';', '&=&']));
}

interface Body {
  bytes: Buffer;
  contentType?: string;
}

function body(random: Random, target: Target, names: string[]): Body {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const object = () => Object.fromEntries(names.map((name) => [name, jsonValue(random, target, name)]));
  return random.weighted<() => Body>([
    [6, () => ({ bytes: json(object()), contentType: 'application/json' })],
    [5, () => ({ bytes: Buffer.from(formText(random, target, names)), contentType: 'application/x-www-form-urlencoded' })],
    [
      2,
      () => ({
        bytes: Buffer.from(
          random.pick([
            '{',
            '{"url": "https://a.example/b",',
            'null',
            '[]',
            '"url"',
            '123',
            '\ufeff{}',
            '{"url":"https://a.example/1","url":"https://a.example/2"}',
            '{"__proto__":{"url":"https://a.example/1"}}',
            '['.repeat(random.between(1000, 20000)),
            `{"url":"${'\\u0000'.repeat(10)}"}`,
          ]),
        ),
        contentType: random.pick(['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json']),
      }),
    ],
    [1, () => ({ bytes: Buffer.from(Array.from({ length: random.between(1, 400) }, () => random.int(256))) })],
    [
      1,
      () => ({
        bytes: Buffer.from(oddString(random)),
        contentType: random.pick(['text/plain', 'multipart/form-data; boundary=x']),
      }),
    ],
    [
      0.3,
      () => ({
        bytes: json({ ...object(), padding: 'x'.repeat(random.between(100_000, 900_000)) }),
        contentType: 'application/json',
      }),
    ],
    [
      0.1,
      () => ({
        bytes: Buffer.alloc(1024 * 1024 + random.between(1, 1000), 'a'),
        contentType: 'application/x-www-form-urlencoded',
      }),
    ],
  ])();
}

function contentType(random: Random, given: string | undefined): string | undefined {
  return random.weighted<() => string | undefined>([
    [12, () => given],
    [1, () => undefined],
    [
      1,
      () =>
        random.pick([
          'application/json; charset=latin1',
          'application/json; charset=utf-16',
          'application/json; charset=',
          'application/x-www-form-urlencoded; charset=koi8-r',
          'Application/JSON',
          'application/*',
          ';;;',
          'text/html',
          'application/json, text/plain',
          '',
        ]),
    ],
  ])();
}

function path(random: Random, target: Target, raw: boolean): string {
  let base = random.chance(0.6) ? random.pick(target.ownPaths) : random.pick(PATHS);
  if (random.chance(0.1)) base += `/${randomText(random, random.between(1, 12), 'abc-_.~%2F0')}`;
  if (random.chance(0.03)) base = `/${'a/'.repeat(random.between(500, 4000))}`;
  if (random.chance(0.05))
    base = random.pick(['//', '/./', '/../', '/%2e%2e/', '/%00', '/%zz', '/%', '/%C0%AF', '/%FF']) + base.slice(1);
  if (raw && random.chance(0.05))
    base = random.pick(['*', `http://127.0.0.1:${target.port}${base}`, `${base} x`, `${base}é`, `${base}\u0001`]);
  if (!random.chance(0.5)) return base;
  const query = formText(random, target, someFields(random));
  return `${base}?${query}${random.chance(0.05) ? '#frag' : ''}`;
}

function headers(random: Random, target: Target, raw: boolean): Array<[string, string]> {
  const list: Array<[string, string]> = [];
  const add = (p: number, name: string, value: () => string) => {
    if (random.chance(p)) list.push([name, value()]);
  };
  add(0.7, random.chance(0.9) ? 'Authorization' : 'Authentication', () =>
    random.weighted<() => string>([
      [6, () => random.pick(target.authorizations)],
      [1, () => `Bearer ${randomText(random, random.between(0, 60), 'ABCdef0123:')}`],
      [1, () => random.pick(['Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', 'bearer a:b', 'Bearer :', 'Digest x', 'Bearer a:b c:d'])],
      [0.3, () => `Bearer ${'A'.repeat(random.between(1000, 8000))}:${'b'.repeat(24)}`],
    ])(),
  );
  add(0.2, 'X-Request-Id', () => random.pick(['fuzz-1', 'x'.repeat(200), 'a b', '日本', '../../etc', '']));
  add(0.3, 'Cookie', () =>
    random.weighted<() => string>([
      [4, () => random.pick(target.cookies)],
      [
        1,
        () =>
          random.pick(['byline_session=garbage', 'byline_csrf=short', 'a=%', 'j:{bad', 'byline_session=j:{"a":1}', '=', ';;']),
      ],
      [1, () => `byline_session=${randomText(random, 43, 'abcXYZ012-_')}; byline_csrf=${randomText(random, 43, 'abc')}`],
    ])(),
  );
  add(0.15, 'Accept', () => random.pick(['*/*', 'text/html', 'application/json', 'application/problem+json', '', 'x/y;q=abc']));
  add(0.05, 'Accept-Encoding', () => random.pick(['gzip', 'br, deflate', '*', 'identity;q=0']));
  add(0.05, 'X-Forwarded-For', () => random.pick(['203.0.113.9', '::1, 10.0.0.1', 'garbage', '999.1.1.1']));
  add(0.03, 'X-Forwarded-Proto', () => random.pick(['https', 'gopher']));
  add(0.03, 'If-None-Match', () => random.pick(['*', '"abc"', 'W/"x"']));
  add(0.03, 'If-Modified-Since', () => random.pick(['Wed, 21 Oct 2099 07:28:00 GMT', 'yesterday']));
  add(0.03, 'Range', () => random.pick(['bytes=0-1', 'bytes=5-1', 'bytes=abc']));
  add(0.03, 'Expect', () => random.pick(['100-continue', '100-Continue', 'the-unexpected']));
  add(0.03, 'Connection', () => random.pick(['close', 'keep-alive', 'Upgrade', 'TE, close']));
  add(0.02, 'Upgrade', () => random.pick(['websocket', 'h2c', 'HTTP/2.0']));
  add(0.03, 'Content-Encoding', () => random.pick(['gzip', 'deflate', 'br', 'zstd', 'identity', 'compress', 'GZIP', 'x']));
  add(0.05, `X-${randomText(random, random.between(1, 10), 'abcdef-')}`, () => oddString(random).replace(/[\r\n]/g, ''));
  if (raw) {
    add(0.03, random.pick(['Bad Header', 'X:Y', 'Ünïcode', '', 'X\u0000']), () => 'v');
    add(0.03, 'X-Odd', () =>
      random.pick(['a\u0001b', 'é', '\u0000', 'a\rb', '\ttab', 'x'.repeat(random.between(10_000, 80_000))]),
    );
    add(0.02, 'Host', () => random.pick(['127.0.0.1', 'example.org', '']));
    if (random.chance(0.01)) for (let i = random.between(100, 2500); i > 0; i--) list.push([`X-H${i}`, 'v']);
  }
  return list;
}

type Framing = 'length' | 'chunked' | 'none' | 'short' | 'long' | 'twice' | 'both' | 'odd-length' | 'odd-encoding' | 'bad-chunk';

function chunked(random: Random, bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = Math.min(bytes.length - at, random.between(1, 4096));
    const extension = random.chance(0.05) ? ';name=value' : '';
    parts.push(Buffer.from(`${size.toString(16)}${extension}\r\n`), bytes.subarray(at, at + size), Buffer.from('\r\n'));
    at += size;
  }
  parts.push(Buffer.from(random.chance(0.1) ? '0\r\nX-Trailer: t\r\n\r\n' : '0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** A request no HTTP client would send, written on a bare socket. */
function socketRequest(random: Random, target: Target): FuzzRequest {
  const method = random.weighted<() => string>([
    [40, () => 'GET'],
    [35, () => 'POST'],
    [3, () => 'HEAD'],
    [6, () => random.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS'])],
    [3, () => random.pick(ODD_METHODS)],
    [4, () => random.pick(BAD_METHODS)],
    [0.5, () => 'CONNECT'],
  ])();
  const version = random.weighted([
    [90, 'HTTP/1.1'],
    [4, 'HTTP/1.0'],
    [1, ''],
    [1, 'HTTP/2.0'],
    [1, 'HTTP/1.2'],
    [1, 'http/1.1'],
    [1, 'HTTP/1.1 extra'],
  ] as const);
  const eol = random.chance(0.97) ? '\r\n' : random.pick(['\n', '\r']);
  const names = someFields(random);
  const content = method === 'GET' && random.chance(0.8) ? undefined : body(random, target, names);
  const list = headers(random, target, true);
  if (random.chance(0.96) && !list.some(([name]) => name === 'Host')) list.unshift(['Host', `127.0.0.1:${target.port}`]);
  const type = contentType(random, content?.contentType);
  if (type !== undefined) list.push(['Content-Type', type]);

  const framing: Framing = content
    ? random.weighted([
        [70, 'length'],
        [10, 'chunked'],
        [3, 'none'],
        [3, 'short'],
        [3, 'long'],
        [2, 'twice'],
        [2, 'both'],
        [2, 'odd-length'],
        [2, 'odd-encoding'],
        [3, 'bad-chunk'],
      ] as const)
    : 'none';
  let payload = content?.bytes ?? Buffer.alloc(0);
  const length = payload.length;
  let incomplete = false;
  switch (framing) {
    case 'length':
      list.push(['Content-Length', String(length)]);
      break;
    case 'chunked':
      list.push(['Transfer-Encoding', 'chunked']);
      payload = chunked(random, payload);
      break;
    case 'short':
      list.push(['Content-Length', String(random.int(length))]);
      break;
    case 'long':
      list.push(['Content-Length', String(length + random.between(1, 1000))]);
      incomplete = true;
      break;
    case 'twice':
      list.push(['Content-Length', String(length)], ['Content-Length', String(random.chance(0.5) ? length : length + 1)]);
      break;
    case 'both':
      list.push(['Content-Length', String(length)], ['Transfer-Encoding', 'chunked']);
      payload = chunked(random, payload);
      break;
    case 'odd-length':
      list.push([
        'Content-Length',
        random.pick(['-1', 'abc', '1e3', ` ${length}`, '+5', '0x10', '99999999999999999999999', `${length}, ${length}`]),
      ]);
      break;
    case 'odd-encoding':
      list.push(['Transfer-Encoding', random.pick(['gzip', 'chunked, gzip', 'identity', 'Chunked', 'chunked;q=1', 'x'])]);
      payload = chunked(random, payload);
      break;
    case 'bad-chunk':
      list.push(['Transfer-Encoding', 'chunked']);
      payload = Buffer.concat([
        Buffer.from(random.pick(['ZZ\r\n', '-1\r\n', '5\r\nab\r\n', '1\r\nab\r\n0\r\n\r\n', 'fffffffffffffffffff\r\n'])),
        payload,
      ]);
      incomplete = true; // a malformed chunk may leave the parser waiting for the rest
      break;
    case 'none':
      break;
  }
  const target_ = path(random, target, true);
  const head = Buffer.from(
    `${method} ${target_}${version ? ` ${version}` : ''}${eol}${list.map(([n, v]) => `${n}: ${v}${eol}`).join('')}${eol}`,
    'utf8',
  );
  let bytes = Buffer.concat([head, payload]);
  // Cut short (at least one byte, never whole), then FIN: the parser must give up, not wait.
  if (framing !== 'short' && framing !== 'none' && random.chance(0.03)) {
    bytes = bytes.subarray(0, random.between(1, bytes.length - 1));
    incomplete = true;
  }
  return {
    via: 'socket',
    label: `socket ${JSON.stringify(method)} ${framing}${incomplete ? ' cut' : ''}`,
    bytes,
    halfClose: incomplete,
    head: method === 'HEAD',
  };
}

/** A well-formed request, sent with node:http's own client. */
function clientRequest(random: Random, target: Target): FuzzRequest {
  const method = random.weighted([
    [45, 'GET'],
    [40, 'POST'],
    [3, 'HEAD'],
    [8, random.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS'])],
    [4, random.pick(ODD_METHODS)],
  ] as const);
  const content = method === 'GET' || method === 'HEAD' ? undefined : body(random, target, someFields(random));
  const headerList = headers(random, target, false);
  const type = contentType(random, content?.contentType);
  if (type !== undefined) headerList.push(['Content-Type', type]);
  const headersObject: Record<string, string> = {};
  for (const [name, value] of headerList) {
    // node:http refuses header values outside Latin-1 printable text; send those as UTF-8 percent-escapes.
    headersObject[name] = /^[\t\x20-\x7e\x80-\xff]*$/.test(value) ? value : encode(value);
  }
  // Framed explicitly: node:http sends the body of a DELETE, OPTIONS or TRACE unframed otherwise.
  if (content) headersObject['Content-Length'] = String(content.bytes.length);
  const rawPath = path(random, target, false);
  return {
    via: 'client',
    label: `client ${method}`,
    method,
    path: /^[\x21-\x7e]*$/.test(rawPath) ? rawPath : rawPath.replace(/[^\x21-\x7e]+/g, encode),
    headers: headersObject,
    body: content?.bytes ?? Buffer.alloc(0),
  };
}

export function fuzzRequest(random: Random, target: Target): FuzzRequest {
  return random.chance(0.65) ? socketRequest(random, target) : clientRequest(random, target);
}
