/**
 * `byline credentials verify` on credentials the service's own pure functions sign, read from files or fetched from
 * a real local HTTP server, checked offline against a did document and a status list given as files.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tempDir } from '@byline/test-support';
import type { SigningKey } from '@byline/domain/credentials/credential-keys';
import { didDocumentOf } from '@byline/domain/credentials/issuer';
import { journalistCredentialOf } from '@byline/domain/credentials/journalist-credential';
import { securedAsJwt } from '@byline/domain/credentials/secure-credential';
import { securedAsCose } from '@byline/domain/credentials/secure-credential-cose';
import { generateSigningKey, publicJwkOf } from '@byline/domain/credentials/signing-key';
import {
  emptyStatusList,
  encodedList,
  statusListCredentialOf,
  statusListEntryOf,
  withBitSet,
} from '@byline/domain/credentials/status-list';
import { ANA_LIMA, ANA_LIMA_IDENTITIES, TEST_ISSUER, TEST_STATUS_LIST_URL } from '@byline/test-support';
import { bylineWithEnv } from './cli-harness';

const DAY = 24 * 60 * 60 * 1000;
const ISSUER = TEST_ISSUER;
const LIST_URL = TEST_STATUS_LIST_URL;
const INDEX = 77;
const key: SigningKey = { number: 1, key: generateSigningKey() };
const unlisted: SigningKey = { number: 2, key: generateSigningKey() };

const credentialIssued = (validFrom: Date, { status = true } = {}) => {
  const credential = journalistCredentialOf({
    issuer: ISSUER,
    subject: ANA_LIMA,
    identities: ANA_LIMA_IDENTITIES.slice(0, 2),
    validFrom,
    validityMs: 30 * DAY,
  });
  return status ? { ...credential, credentialStatus: statusListEntryOf(LIST_URL, INDEX) } : credential;
};
const credential = credentialIssued(new Date(Date.now() - DAY));
const statusList = (bits = emptyStatusList(), signedWith = key) =>
  securedAsJwt(
    statusListCredentialOf({
      issuer: ISSUER,
      listUrl: LIST_URL,
      encodedList: encodedList(bits),
      validFrom: new Date(Date.now() - DAY),
    }),
    ISSUER.id,
    signedWith,
  );

const dir = tempDir();
const file = (name: string, content: string | Uint8Array) => {
  const written = path.join(dir, name);
  fs.writeFileSync(written, content);
  return written;
};
const didJson = file('did.json', JSON.stringify(didDocumentOf(ISSUER.id, [{ number: 1, publicJwk: publicJwkOf(key.key) }])));
const listFile = file('status-1.jwt', statusList());
/** Verifying offline: the issuer's did document and a status list (by default, one with no bit set) from files. */
const offline = (list = listFile) => ['--did-document', didJson, '--status-list', list];
const verify = (...args: string[]) => bylineWithEnv({}, 'credentials', 'verify', ...args);

describe('byline credentials verify', () => {
  test('a valid JWT: each check in plain words, then the journalist and their verified identities', async () => {
    const result = await verify(file('ana.jwt', `${securedAsJwt(credential, ISSUER.id, key)}\n`), ...offline());
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'Format:    ok, a VC 2.0 credential secured as application/vc+jwt',
        "Key:       ok, did:web:byline.example#key-1, listed in the issuer's did document",
        'Signature: ok (Ed25519)',
        `Validity:  ok, valid from ${credential.validFrom} until ${credential.validUntil}`,
        `Status:    ok, not revoked (entry ${INDEX} of ${LIST_URL})`,
        '',
        'Valid: Ana Lima, verified by Byline (did:web:byline.example); public page https://byline.example/j/ana-lima.',
        'Verified identities:',
        '  cawg.social_media: analima https://x.com/analima (cawg.federated_login, X, verified 2026-11-01T10:00:00.000Z)',
        '  cawg.web_site: https://analima.example/ (cawg.uri_meta_tag_verification, analima.example, verified 2026-11-02T10:00:00.000Z)',
        '',
      ].join('\n'),
    });
  });

  test('a valid COSE file (binary)', async () => {
    const result = await verify(file('ana.cose', securedAsCose(credential, ISSUER.id, key)), ...offline());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Format: +ok, a VC 2.0 credential secured as application\/vc\+cose$/m);
  });

  test('a credential without a revocation status says its status was not checked', async () => {
    const withoutStatus = securedAsJwt(credentialIssued(new Date(Date.now() - DAY), { status: false }), ISSUER.id, key);
    const result = await verify(file('no-status.jwt', withoutStatus), '--did-document', didJson);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Status: +not checked: the credential has no revocation status$/m);
  });

  test('a changed credential fails the signature check, naming it', async () => {
    const [header, , signature] = securedAsJwt(credential, ISSUER.id, key).split('.');
    const changed = { ...credential, credentialSubject: { ...credential.credentialSubject, name: 'Someone Else' } };
    const tampered = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    const result = await verify(file('tampered.jwt', tampered), ...offline());
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^Format: +ok\nKey: +ok\nSignature: +FAILED: the signature is not its key’s.*\nValidity: +not checked\nStatus: +not checked\n$/,
    );
    expect(result.stdout).not.toContain('Someone Else');
    expect(result.stderr).toBe('byline: The credential is not valid: the signature check failed.\n');
  });

  test('a key the did document does not list fails the key check', async () => {
    const result = await verify(file('unlisted.jwt', securedAsJwt(credential, ISSUER.id, unlisted)), ...offline());
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^Key: +FAILED: .*#key-2, which the issuer's did document does not list/m);
    expect(result.stderr).toContain('the key check failed');
  });

  test('an expired credential fails the validity check', async () => {
    const expired = securedAsCose(credentialIssued(new Date(Date.now() - 60 * DAY)), ISSUER.id, key);
    const result = await verify(file('expired.cose', expired), ...offline());
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^Validity: +FAILED: the credential expired at /m);
  });

  test('a revoked credential fails the status check', async () => {
    const revokedList = file('revoked.jwt', statusList(withBitSet(emptyStatusList(), INDEX)));
    const result = await verify(file('ana-2.jwt', securedAsJwt(credential, ISSUER.id, key)), ...offline(revokedList));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(`^Status: +FAILED: it is revoked: bit ${INDEX} of the status list ${LIST_URL} is set$`, 'm'),
    );
    expect(result.stderr).toContain('the status check failed');
  });

  test('a status list signed with a key not in the did document fails the status check, saying why', async () => {
    const foreignList = file('foreign-list.jwt', statusList(emptyStatusList(), unlisted));
    const result = await verify(file('ana-3.jwt', securedAsJwt(credential, ISSUER.id, key)), ...offline(foreignList));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^Status: +FAILED: the status list .* cannot be trusted: it is signed with .*#key-2, which the issuer's did document does not list/m,
    );
  });

  test('prints no control character a credential carries', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'vc+jwt\u001b[2J', kid: 'x#1' })).toString('base64url');
    const result = await verify(file('escape.jwt', `${header}.e30.c2ln`), ...offline());
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^Format: +FAILED: its type \(typ\) is vc\+jwt\uFFFD\[2J, not vc\+jwt$/m);
    expect(result.stdout + result.stderr).not.toContain('\u001b');
  });

  describe('from an address', () => {
    let server: http.Server;
    let origin: string;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        if (req.url === '/j/ana-lima/credential.jwt')
          res.writeHead(200, { 'content-type': 'application/vc+jwt' }).end(securedAsJwt(credential, ISSUER.id, key));
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    test('fetches the credential it is given the address of', async () => {
      const result = await verify(`${origin}/j/ana-lima/credential.jwt`, ...offline());
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Valid: Ana Lima');
    });

    test('an address that answers 404 fails the fetch, naming it', async () => {
      const result = await verify(`${origin}/j/nobody/credential.jwt`, ...offline());
      expect(result.code).toBe(1);
      expect(result.stdout).toBe(`Fetch:     FAILED: ${origin}/j/nobody/credential.jwt answered 404\n`);
      expect(result.stderr).toContain('(fetch)');
    });
  });

  describe('bad usage (exit 2)', () => {
    test('no credential given', async () => {
      const result = await verify();
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("missing required argument 'file-or-url'");
    });

    test('a file that is not there', async () => {
      const result = await verify(path.join(dir, 'missing.jwt'), ...offline());
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toMatch(/FILE: cannot read .*missing\.jwt \(ENOENT\)/);
    });

    test('a did document that is not JSON', async () => {
      const result = await verify(file('ana-4.jwt', securedAsJwt(credential, ISSUER.id, key)), '--did-document', listFile);
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toContain('--did-document: ');
      expect(result.stderr).toContain('is not JSON');
    });

    test('a status list file that is a directory', async () => {
      const result = await verify(
        file('ana-5.jwt', securedAsJwt(credential, ISSUER.id, key)),
        '--did-document',
        didJson,
        '--status-list',
        dir,
      );
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toContain('--status-list: ');
    });
  });
});
