import { CLIENT_REPLACE_AFTER_MS, MongoConnection } from '@byline/store-mongodb/store/mongo-connection';

describe('MongoConnection: a client stuck in an outage is replaced', () => {
  let now = 1_000_000;
  // Port 9 (discard) answers nothing here; no operation is run, replacements only try to connect in the background.
  const connection = new MongoConnection(
    'mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=200',
    'byline_test',
    undefined,
    () => now,
  );
  afterAll(() => connection.close());

  test('short outages and successes keep the client; an outage lasting CLIENT_REPLACE_AFTER_MS replaces it, at most that often', () => {
    const first = connection.db;
    now += CLIENT_REPLACE_AFTER_MS;
    connection.noteOutage();
    now += CLIENT_REPLACE_AFTER_MS - 1;
    connection.noteOutage();
    expect(connection.db).toBe(first);

    connection.noteSuccess();
    now += 1;
    connection.noteOutage();
    now += CLIENT_REPLACE_AFTER_MS - 1;
    connection.noteOutage();
    expect(connection.db).toBe(first);

    now += 1;
    connection.noteOutage();
    const second = connection.db;
    expect(second).not.toBe(first);
    expect(second.databaseName).toBe('byline_test');

    now += CLIENT_REPLACE_AFTER_MS - 1;
    connection.noteOutage();
    expect(connection.db).toBe(second);
    now += 1;
    connection.noteOutage();
    expect(connection.db).not.toBe(second);
  });
});
