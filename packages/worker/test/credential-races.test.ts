import { generateKeyPairSync } from 'node:crypto';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { decodeJwt } from 'jose';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import type { Store } from '@byline/domain/store/store';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { mongoAnswersUnit } from '@byline/store-mongodb/answers/mongo-answers-unit';
import { rerenderAnswers } from '@byline/domain/answers/rerender-answers';
import { runInTurn } from '@byline/domain/store/steps';
import { CredentialIssuance } from '@byline/domain/credentials/credential-issuance';
import { credentialIssuerOf } from '@byline/domain/credentials/credential-issuer';
import type { JournalistCredential } from '@byline/domain/credentials/journalist-credential';
import { servedCredential } from '@byline/domain/credentials/served-credentials';
import { validateProfileRecord } from '@byline/domain/validation/profile-record';
import { takeOutOfService } from '@byline/domain/answers/take-out-of-service';
import { aProfile, anArticle, describeOnMongoDb, storeFactories } from '@byline/test-support';
import { decide, newProfile } from './webhook-fixtures';

/** The worker's issuance on this store, signing with a key of its own (MongoDB generates none). */
const issuanceOf = (store: Store, repositories: StoreRepositories) =>
  new CredentialIssuance(
    repositories.journalistCredentials,
    credentialIssuerOf({
      publicPortalUrl: 'https://byline.example',
      storeKind: store.kind,
      signingKey: generateKeyPairSync('ed25519').privateKey,
    }),
    'https://byline.example',
  );

/**
 * Changes that come between the steps of the worker's credential run, or between a slow re-render's read and its note
 * (found by a cold review): what is served afterwards must never claim what is no longer true.
 */
describe.each(storeFactories())('an editor verifies again while the worker revokes ($name store)', (factory) => {
  let store: Store;
  let repositories: StoreRepositories;
  beforeEach(async () => {
    store = await factory.create();
    repositories = repositoriesOf(store);
  });
  afterEach(async () => repositories.close());

  it('serves a new credential, never one whose bit is set', async () => {
    const issuer = credentialIssuerOf({
      publicPortalUrl: 'https://byline.example',
      storeKind: store.kind,
      signingKey: generateKeyPairSync('ed25519').privateKey,
    });
    const stores = repositories.journalistCredentials;
    let duringRevocation: (() => Promise<unknown>) | null = null;
    const statusEntries = Object.create(stores.statusEntries) as typeof stores.statusEntries;
    statusEntries.updateFirst = async (...args) => {
      const before = await stores.statusEntries.updateFirst(...args);
      const then = duringRevocation;
      duringRevocation = null;
      if (then) await then();
      return before;
    };
    const issuance = new CredentialIssuance({ ...stores, statusEntries }, issuer, 'https://byline.example');
    const profile = await newProfile(repositories);
    await decide(repositories, profile.id, 'verified');
    await issuance.run(new Date());

    await decide(repositories, profile.id, 'unverified');
    duringRevocation = () => decide(repositories, profile.id, 'verified');
    await issuance.run(new Date());
    await issuance.run(new Date());
    const served = await servedCredential(stores.credentials, (await repositories.profiles.findById(profile.id))!);
    expect(served.state).toBe('served');
    if (served.state !== 'served') return;
    const list = (await stores.statusLists.first({ id: 1 }))!;
    const index = Number((decodeJwt(served.jwt) as unknown as JournalistCredential).credentialStatus!.statusListIndex);
    const revoked = (
      await decodeList({
        encodedList: (decodeJwt(list.jwt!) as { credentialSubject: { encodedList: string } }).credentialSubject.encodedList,
      })
    ).getStatus(index);
    expect(revoked).toBe(false);
  });

  it('issues the credential of a new profile given the number an erased one had (SQLite gives it again)', async () => {
    const issuance = issuanceOf(store, repositories);
    const gone = await newProfile(repositories);
    await decide(repositories, gone.id, 'verified');
    await issuance.run(new Date());
    await repositories.profileErasure.erase(gone.id);
    expect(await issuance.run(new Date())).toMatchObject({ revoked: 1, withdrawn: 1 });

    const next = await newProfile(repositories);
    if (store.kind === 'embedded') expect(next.id).toBe(gone.id);
    await decide(repositories, next.id, 'verified');
    expect(await issuance.run(new Date())).toMatchObject({ issued: 1 });
    const issued = (await repositories.journalistCredentials.credentials.first({ profileId: next.id }))!;
    expect(issued.slug).toBe(next.slug);
    expect(issued.jwt).not.toBeNull();
  });

  it('issues the credential of a verified profile imported new (MongoDB writes them whole, with no re-render)', async () => {
    const raw = aProfile({ verified: true, articles: [anArticle()] });
    const valid = validateProfileRecord(raw).value!;
    await repositories.profileTransfers.import([valid]);
    const profile = (await repositories.profiles.findBySlug(valid.profile_slug))!;
    const issuance = issuanceOf(store, repositories);
    expect(await issuance.run(new Date())).toMatchObject({ issued: 1 });
    const served = await servedCredential(repositories.journalistCredentials.credentials, profile);
    expect(served.state).toBe('served');
  });
});

describeOnMongoDb('a slow re-render’s note after a later change ($name store)', (factory) => {
  let store: MongoStore;
  let repositories: StoreRepositories;
  beforeEach(async () => {
    store = (await factory.create()) as MongoStore;
    repositories = repositoriesOf(store);
  });
  afterEach(async () => repositories.close());

  it('applies nothing: the unverified journalist’s claims stay withdrawn', async () => {
    const issuance = issuanceOf(store, repositories);
    const profile = await newProfile(repositories);
    await decide(repositories, profile.id, 'verified');
    await issuance.run(new Date());
    expect((await repositories.journalistCredentials.credentials.first({ profileId: profile.id }))!.jwt).not.toBeNull();

    // The slow render: its note waits after its read and save.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachedNote!: () => void;
    const atNote = new Promise<void>((resolve) => (reachedNote = resolve));
    const unit = mongoAnswersUnit(store.db);
    const credentials = unit.credentials!;
    const slow = runInTurn(
      rerenderAnswers(
        {
          ...unit,
          credentials: {
            ...credentials,
            all: (where, page) => {
              reachedNote();
              return gate.then(() => credentials.all(where, page));
            },
          },
        },
        [profile.id],
      ),
    );
    await atNote;
    await decide(repositories, profile.id, 'unverified');
    const revoking = await issuance.run(new Date());
    expect(revoking.revoked).toBe(1);
    release();
    await slow;
    // The slow note read the profile before the editor's change: it applies nothing over the later note.
    expect(await issuance.run(new Date())).toMatchObject({ issued: 0 });
    expect(await repositories.journalistCredentials.credentials.first({ profileId: profile.id })).toMatchObject({
      claims: null,
      jwt: null,
    });
  });

  it('keeps a removal’s pending mark until the change’s re-render notes the claims', async () => {
    const issuance = issuanceOf(store, repositories);
    const p = await newProfile(repositories);
    await decide(repositories, p.id, 'verified');
    await issuance.run(new Date());
    const profile = (await repositories.profiles.findById(p.id))!;
    expect((await servedCredential(repositories.journalistCredentials.credentials, profile)).state).toBe('served');
    // A change that removes something begins: out of service, credential pending...
    await runInTurn(takeOutOfService(mongoAnswersUnit(store.db), [p.id]));
    expect((await servedCredential(repositories.journalistCredentials.credentials, profile)).state).not.toBe('served');
    // ...the worker's next run (every second) comes before the change and its re-render.
    expect(await issuance.run(new Date())).toMatchObject({ issued: 0 });
    expect((await servedCredential(repositories.journalistCredentials.credentials, profile)).state).not.toBe('served');
    // The change's re-render notes the claims (here unchanged): the mark is lifted, and what was issued is served.
    await repositories.verification.decide({ profileId: p.id, actor: 'ed@example.org', action: 'verified', note: 'again' });
    await issuance.run(new Date());
    expect((await servedCredential(repositories.journalistCredentials.credentials, profile)).state).toBe('served');
  });
});
