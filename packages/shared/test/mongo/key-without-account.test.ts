import { openedDatabase } from '../../src/store/opened-database';
import { createApiKey } from '../../src/auth/api-keys';
import { CredentialChecker } from '../../src/auth/credential-checker';
import { collectionOf } from '@byline/store-mongodb/store/mongo-schema';
import { describeOnMongoDb, freshRepositoriesPerTest } from '@byline/test-support';

/*
 * MongoDB keeps a key and its account apart, with no foreign key: a key can outlive its account (a partial removal,
 * an operator's hand). Such a key counts as unknown, as it would on the embedded store, whose foreign key never
 * lets it happen: the credential check decides it, not the adapter.
 */
describeOnMongoDb('a key whose account is gone ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);

  it('is refused as an unknown key, not answered as suspended', async () => {
    const { apiKeys, apiCredentials, store } = repositories();
    const { key, secret } = await createApiKey(apiKeys, 'gone@example.org');
    const checker = new CredentialChecker(apiCredentials, 0);
    expect(await checker.check(key, secret)).toBe('valid');

    const database = openedDatabase(store.database);
    if (database.kind !== 'mongodb') throw new Error('a MongoDB store was expected');
    await collectionOf(database.mongo.db, 'accounts').deleteOne({ email: 'gone@example.org' });
    expect((await apiCredentials.findCredential(key))?.accountStatus).toBeNull();
    expect(await checker.check(key, secret)).toBe('invalid');
  });
});
