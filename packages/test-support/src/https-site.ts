/**
 * A real https server on port 443 of a loopback address of its own, with a certificate for made-up names signed by a
 * test CA: what a test needs to reach `https://NAME/...` (a publisher's well-known file, a page) with no port in the
 * address. Paired with startDnsServer({ NAME: { addresses: [site.address] } }) as DNS_SERVERS, the CA file as
 * OUTBOUND_CA_FILE and ALLOWED_PRIVATE_ADDRESSES=127.0.0.0/8.
 *
 * The certificates are made with the `openssl` command (as an operator would make a private CA), so the tests need
 * no certificate library and exercise the same PEM files OUTBOUND_CA_FILE reads in production.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export interface HttpsSite {
  /** The loopback address the site listens on (port 443): the A record to give its names. */
  address: string;
  /** The test CA's certificate (PEM), which signed the site's: for OUTBOUND_CA_FILE. */
  caFile: string;
  close(): Promise<void>;
}

interface Issued {
  caFile: string;
  key: string;
  cert: string;
}

/**
 * The test CA and the leaf certificates are made once per process and kept in a directory named by its id: jest gives
 * every test file a fresh module registry, so a variable would make them again for each file. A directory older than
 * a day is an earlier process's whose id this one reuses, and is made afresh.
 */
const FRESH_MS = 24 * 3_600_000;

function fresh(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < FRESH_MS;
  } catch {
    return false;
  }
}

/**
 * Removes the directories of processes that have ended: jest ends its workers without an 'exit' event, so a
 * process cannot be relied on to remove its own.
 */
function sweepEndedProcessesDirs() {
  for (const name of readdirSync(os.tmpdir())) {
    const pid = Number(/^byline-test-ca-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function openssl(dir: string, args: string[]) {
  try {
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: Buffer };
    const why = code === 'ENOENT' ? 'the openssl command is not installed' : String(stderr ?? error).trim();
    throw new Error(`startHttpsSite: openssl ${args[0]} failed: ${why}`, { cause: error });
  }
}

function testCa(): string {
  const dir = path.join(os.tmpdir(), `byline-test-ca-${process.pid}`);
  if (fresh(path.join(dir, 'ca.pem'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  sweepEndedProcessesDirs();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // ca.pem is written last: a directory without it is made again.
  // prettier-ignore
  openssl(dir, [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=Byline test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  return dir;
}

function issued(hostnames: string[]): Issued {
  const names = [...new Set(hostnames.map((name) => name.toLowerCase()))].sort();
  const dir = testCa();
  const base = `leaf-${createHash('sha256').update(names.join(',')).digest('hex').slice(0, 16)}`;
  if (!fresh(path.join(dir, `${base}.pem`))) {
    writeFileSync(
      path.join(dir, `${base}.ext`),
      [
        `subjectAltName=${names.map((name) => `DNS:${name}`).join(',')}`,
        'basicConstraints=critical,CA:FALSE',
        'keyUsage=critical,digitalSignature',
        'extendedKeyUsage=serverAuth',
      ].join('\n'),
    );
    // prettier-ignore
    openssl(dir, [
      'req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', `${base}.key`, '-out', `${base}.csr`, '-subj', `/CN=${names[0]}`,
    ]);
    // prettier-ignore
    openssl(dir, [
      'x509', '-req', '-in', `${base}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-set_serial', String(Date.now()),
      '-days', '30', '-extfile', `${base}.ext`, '-out', `${base}.pem`,
    ]);
  }
  return {
    caFile: path.join(dir, 'ca.pem'),
    key: readFileSync(path.join(dir, `${base}.key`), 'utf8'),
    cert: readFileSync(path.join(dir, `${base}.pem`), 'utf8'),
  };
}

/** 127.x.y.z, never 127.0.0.1 (where other tests' servers and the system's listen). */
function randomLoopbackAddress(): string {
  const byte = (min: number) => min + Math.floor(Math.random() * (255 - min));
  for (;;) {
    const address = `127.${byte(0)}.${byte(0)}.${byte(1)}`;
    if (address !== '127.0.0.1') return address;
  }
}

/**
 * Serves `handler` over https on port 443 of a fresh random loopback address, so that parallel jest workers never
 * share one, with a certificate for `hostnames` that only the test CA (`caFile`) vouches for.
 */
export async function startHttpsSite(handler: http.RequestListener, { hostnames }: { hostnames: string[] }): Promise<HttpsSite> {
  if (!hostnames.length) throw new Error('startHttpsSite: name at least one host');
  const { caFile, key, cert } = issued(hostnames);
  for (let attempt = 0; ; attempt++) {
    const address = randomLoopbackAddress();
    const server = https.createServer({ key, cert }, handler);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(443, address, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code === 'EADDRINUSE' || code === 'EADDRNOTAVAIL') && attempt < 20) continue;
      if (code === 'EACCES') throw new Error('startHttpsSite: binding port 443 needs root (or CAP_NET_BIND_SERVICE)');
      throw error;
    }
    return {
      address,
      caFile,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }
}
