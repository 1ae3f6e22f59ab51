/**
 * Verified journalists' signed credentials on each store, as a relying party meets them: issued by the worker's
 * issuance from the evidence the portal holds, served at the journalist's public address, verified with `jose` and
 * `cose-kit` (independent implementations) against the served did.json, and revoked through the served status list,
 * decoded with @digitalbazaar/vc-bitstring-status-list.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { coseVerify } from 'cose-kit';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { credentialIssuerOf, type CredentialIssuer } from '@byline/domain/credentials/credential-issuer';
import { CredentialIssuance } from '@byline/domain/credentials/credential-issuance';
import type { JournalistCredential } from '@byline/domain/credentials/journalist-credential';
import { capturingLogger } from '@byline/test-support';
import { portalForEachTest, portalStoreFactories, submit, type Portal } from '../support/portal-harness';
import { approvedJournalist, decideIdentityChange, exported, journalist, moveOnto, ONLY_X } from '../support/editors';

const PUBLIC_PORTAL = 'https://byline.example';
const DAY = 24 * 60 * 60 * 1000;

interface DidDocument {
  verificationMethod: { id: string; publicKeyJwk: JWK }[];
}

/** The key a securing's kid names, as a relying party finds it: in the did document the portal serves. */
async function publicKeyNamed(portal: Portal, kid: string) {
  const did = JSON.parse((await request(portal.app).get('/.well-known/did.json').expect(200)).text) as DidDocument;
  const method = did.verificationMethod.find((m) => m.id === kid);
  if (!method) throw new Error(`no verification method ${kid}`);
  return method.publicKeyJwk;
}

/** A JWS verified with jose against the served did document: its payload. */
async function verifiedJwt<T>(portal: Portal, jws: string): Promise<T> {
  const { kid, typ } = decodeProtectedHeader(jws);
  expect(typ).toBe('vc+jwt');
  const { payload } = await compactVerify(jws, await importJWK(await publicKeyNamed(portal, kid!), 'EdDSA'));
  return JSON.parse(new TextDecoder().decode(payload)) as T;
}

type StatusListCredential = { credentialSubject: { encodedList: string }; validUntil: string };

/** Whether the served status list, verified, has the credential's bit set (decoded independently). */
async function revokedInServedList(portal: Portal, credential: JournalistCredential): Promise<boolean> {
  const status = credential.credentialStatus!;
  const path = new URL(status.statusListCredential).pathname;
  const res = await request(portal.app).get(path).expect(200);
  expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
  const list = await verifiedJwt<StatusListCredential>(portal, res.text);
  return (await decodeList({ encodedList: list.credentialSubject.encodedList })).getStatus(Number(status.statusListIndex));
}

describe.each(portalStoreFactories())('journalists’ credentials ($name store)', (factory) => {
  const embedded = factory.name === 'embedded';
  const issuer: CredentialIssuer = credentialIssuerOf({
    publicPortalUrl: PUBLIC_PORTAL,
    storeKind: embedded ? 'embedded' : 'mongodb',
    signingKey: embedded ? undefined : generateKeyPairSync('ed25519').privateKey,
  });
  // Every line the portal logs, at debug, to look for what must never be in them.
  let logs = capturingLogger();
  beforeEach(() => {
    logs = capturingLogger();
  });
  const portal = portalForEachTest(factory, () => ({ credentialIssuer: issuer, logger: logs.logger }));
  /** The worker's run, at the portal's clock. */
  const issue = () =>
    new CredentialIssuance(portal.repositories.journalistCredentials, issuer, PUBLIC_PORTAL).run(portal.clock.now);
  const credentialOf = (slug: string, securing = 'jwt') => request(portal.app).get(`/j/${slug}/credential.${securing}`);

  it('issues a verified journalist’s live proofs as a VC that jose verifies against the served did.json', async () => {
    const { person } = await approvedJournalist(portal);
    // Nothing is served before the worker has issued it: the change is pending.
    const pending = await credentialOf(person.slug);
    expect(pending.status).toBe(503);
    expect(pending.headers['retry-after']).toBe('5');
    expect(pending.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await request(portal.app).get(`/j/${person.slug}`).expect(200)).text).not.toContain('Signed credential');

    expect(await issue()).toMatchObject({ issued: 1, revoked: 0, listsPublished: 1 });
    const res = await credentialOf(person.slug).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const credential = await verifiedJwt<JournalistCredential>(portal, res.text);

    expect(credential).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://cawg.io/identity/1.1/ica/context/'],
      type: ['VerifiableCredential', 'IdentityClaimsAggregationCredential'],
      issuer: { id: 'did:web:byline.example', name: 'Byline' },
      credentialSubject: {
        id: `${PUBLIC_PORTAL}/j/${person.slug}`,
        name: `${person.form.profile_first_name} ${person.form.profile_last_name}`,
        verifiedIdentities: [
          expect.objectContaining({
            type: 'cawg.social_media',
            username: person.form.twitter.replace(/^@/, ''),
            method: 'cawg.federated_login',
            provider: { id: 'https://x.example', name: 'X' },
          }),
        ],
      },
      credentialStatus: {
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListCredential: `${PUBLIC_PORTAL}/credentials/status/1`,
      },
    });
    expect(Date.parse(credential.validUntil) - Date.parse(credential.validFrom)).toBe(30 * DAY);
    expect(await revokedInServedList(portal, credential)).toBe(false);
    // The public page links it once it is served.
    const page = (await request(portal.app).get(`/j/${person.slug}`).expect(200)).text;
    expect(page).toContain('checkable without Byline');
    expect(page).toContain(`href="/j/${person.slug}/credential.jwt"`);
    // The entity tag of the issue: asked again with it, nothing is sent.
    await credentialOf(person.slug).set('If-None-Match', res.headers.etag!).expect(304);
  });

  it('serves the same issue as COSE, which cose-kit verifies with the key its kid names', async () => {
    const { person } = await approvedJournalist(portal);
    await issue();
    const res = await credentialOf(person.slug, 'cose')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/vc+cose');
    const jwt = (await credentialOf(person.slug)).text;
    const { kid } = decodeProtectedHeader(jwt);
    const key = createPublicKey({ key: (await publicKeyNamed(portal, kid!)) as { kty: string }, format: 'jwk' });
    const { isValid, decoded } = await coseVerify(new Uint8Array(res.body as Buffer), key);
    expect(isValid).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(decoded.payload))).toEqual(await verifiedJwt(portal, jwt));
  });

  it('keeps an unchanged credential byte for byte until it is issued again, before it expires', async () => {
    const { person } = await approvedJournalist(portal);
    await issue();
    const before = await credentialOf(person.slug).expect(200);
    portal.clock.now = new Date(portal.clock.now.getTime() + 60_000);
    // A new article is nothing the credential claims: its write re-renders the answers, not the credential.
    const added = await submit(person.agent, '/articles', '/articles', {
      link: `https://paper.example/${person.slug}/second`,
      title: 'Second story',
      published_at: '2024-04-01',
      active: 'on',
    });
    expect(added.status).toBe(303);
    expect((await credentialOf(person.slug)).text).toBe(before.text);
    expect(await issue()).toMatchObject({ issued: 0, revoked: 0 });
    const after = await credentialOf(person.slug).expect(200);
    expect(after.text).toBe(before.text);
    expect(after.headers.etag).toBe(before.headers.etag);

    // Two thirds of its validity on, it is issued again: new dates, the same status entry (nothing was withdrawn).
    portal.clock.now = new Date(portal.clock.now.getTime() + 21 * DAY);
    expect(await issue()).toMatchObject({ issued: 1, revoked: 0 });
    const renewed = await credentialOf(person.slug).expect(200);
    expect(renewed.headers.etag).not.toBe(before.headers.etag);
    const [first, second] = [
      await verifiedJwt<JournalistCredential>(portal, before.text),
      await verifiedJwt<JournalistCredential>(portal, renewed.text),
    ];
    expect(second.credentialStatus).toEqual(first.credentialStatus);
    expect(Date.parse(second.validFrom)).toBeGreaterThan(Date.parse(first.validFrom));
  });

  it('revokes the credential when the journalist is unverified: not served, its bit set in the served list', async () => {
    const { person } = await approvedJournalist(portal);
    await issue();
    const credential = await verifiedJwt<JournalistCredential>(portal, (await credentialOf(person.slug)).text);

    await portal.repositories.verification.decide({
      profileId: person.profileId,
      actor: 'ed@example.org',
      action: 'unverified',
      note: 'Left journalism.',
    });
    // From the change's own write on, the credential is no longer served.
    expect((await credentialOf(person.slug)).status).not.toBe(200);
    expect(await issue()).toMatchObject({ revoked: 1, withdrawn: 1, listsPublished: 1 });
    expect((await credentialOf(person.slug)).status).toBe(404);
    expect(await revokedInServedList(portal, credential)).toBe(true);
  });

  it('revokes the credential when the account is deleted, and keeps nothing of it', async () => {
    const { person } = await approvedJournalist(portal);
    await issue();
    const credential = await verifiedJwt<JournalistCredential>(portal, (await credentialOf(person.slug)).text);

    await portal.repositories.profileErasure.erase(person.profileId);
    expect(await issue()).toMatchObject({ revoked: 1, withdrawn: 1 });
    expect(await revokedInServedList(portal, credential)).toBe(true);
    // What stays is the profile's number and its render revision: nothing of the person, nothing to serve.
    expect(await portal.repositories.journalistCredentials.credentials.first({ profileId: person.profileId })).toMatchObject({
      claims: null,
      slug: null,
      issuedClaims: null,
      statusEntry: null,
      jwt: null,
      cose: null,
    });
  });

  it('revokes the credential when an approved identity change renames the journalist, and issues one of the new name', async () => {
    const { person, desk } = await approvedJournalist(portal);
    await issue();
    const before = await verifiedJwt<JournalistCredential>(portal, (await credentialOf(person.slug)).text);

    await submit(person.agent, '/profile', '/profile', { ...person.form, profile_last_name: 'Byrne' });
    // Asked for, not approved: the credential still says what is approved.
    expect(await issue()).toMatchObject({ issued: 0, revoked: 0 });
    await credentialOf(person.slug).expect(200);
    expect((await decideIdentityChange(portal, desk, person.profileId, { decision: 'approve', identity_note: '' })).status).toBe(
      303,
    );
    expect(await issue()).toMatchObject({ issued: 1, revoked: 1 });

    expect(await revokedInServedList(portal, before)).toBe(true);
    const slug = (await portal.repositories.profiles.findById(person.profileId))!.profile_slug;
    const after = await verifiedJwt<JournalistCredential>(portal, (await credentialOf(slug).expect(200)).text);
    expect(after.credentialSubject.name).toBe(`${person.form.profile_first_name} Byrne`);
    expect(after.credentialStatus!.statusListIndex).not.toBe(before.credentialStatus!.statusListIndex);
    expect(await revokedInServedList(portal, after)).toBe(false);
  });

  it('revokes the credential when an editor moves its proven handle to another profile', async () => {
    const { person, desk } = await approvedJournalist(portal);
    await issue();
    const before = await verifiedJwt<JournalistCredential>(portal, (await credentialOf(person.slug)).text);
    const target = await journalist(portal, { ...ONLY_X, twitter: '' });

    expect(
      (await moveOnto(desk, target.profileId, { handle: person.form.twitter, note: 'Theirs: checked on a call' })).status,
    ).toBe(303);
    expect(await issue()).toMatchObject({ revoked: 1 });
    expect(await revokedInServedList(portal, before)).toBe(true);
  });

  // Rotation by command is the embedded store's (MongoDB signs with the operator's key: see issuer-keys.test.ts).
  (embedded ? it : it.skip)('keeps what the previous key signed verifiable after a rotation, until it expires', async () => {
    const { person } = await approvedJournalist(portal);
    await issue();
    const before = (await credentialOf(person.slug)).text;
    const issuedAt = portal.clock.now.getTime();

    await portal.repositories.credentialKeys.rotate(issuer.keySource, portal.clock.now);
    await expect(verifiedJwt(portal, before)).resolves.toMatchObject({ credentialSubject: { name: expect.any(String) } });
    portal.clock.now = new Date(issuedAt + 21 * DAY);
    expect(await issue()).toMatchObject({ issued: 1 });
    const after = (await credentialOf(person.slug)).text;
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
    // Both verify while the first is valid: its key stays in did.json until its validity and an hour have passed.
    await verifiedJwt(portal, before);
    await verifiedJwt(portal, after);
    portal.clock.now = new Date(issuedAt + 30 * DAY + 61 * 60 * 1000);
    await expect(verifiedJwt(portal, before)).rejects.toThrow(/no verification method/);
    await verifiedJwt(portal, after);
  });

  // The embedded store keeps the key it generated: its private part must leave it nowhere.
  (embedded ? it : it.skip)('never shows the signing key: not in the export, "Your data", a credential or the logs', async () => {
    const { person } = await approvedJournalist(portal);
    await issue();
    const stored = await portal.repositories.credentialKeys.signingKey(issuer.keySource, portal.clock.now);
    const secret = stored!.key.export({ format: 'jwk' }).d!;
    const seen = [
      JSON.stringify(await exported(portal, person.slug)),
      (await person.agent.get('/account/data.json').expect(200)).text,
      (await credentialOf(person.slug)).text,
      (await request(portal.app).get('/credentials/status/1')).text,
      (await request(portal.app).get('/.well-known/did.json')).text,
    ];
    for (const text of seen) expect(text.includes(secret)).toBe(false);
    expect(logs.output()).toContain('"service":"test"');
    expect(logs.output().includes(secret)).toBe(false);
  });

  it('answers 404 problem+json for an unknown slug and an unknown list', async () => {
    const unknown = await credentialOf('nobody-here');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ status: 404, detail: expect.stringMatching(/No verified journalist/) });
    expect((await request(portal.app).get('/credentials/status/7')).status).toBe(404);
    expect((await request(portal.app).get('/credentials/status/x')).status).toBe(404);
  });
});
