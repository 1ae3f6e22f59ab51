/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, loaded by jest without a transform */
// Runs once before all test files. Kept as plain JS so jest needs no transform for it.
//
// MongoDB for the store contract suite: BYLINE_TEST_MONGODB_URI or MONGODB_URI when set, otherwise a
// FerretDB started here (FERRETDB_BIN, or the binary scripts/ferretdb.sh builds) on a free port with a
// temporary SQLite directory; global-teardown.js stops it. The URI reaches the test workers as
// BYLINE_TEST_MONGODB_URI (they inherit this process's environment). Without either, a local run skips
// the MongoDB tests with a notice; under CI it fails, because CI never skips them.
const { findFerretDbBinary, startFerretDb } = require('./ferretdb');

const SERVER_KEY = '__BYLINE_FERRETDB__';

function notice(lines) {
  const bar = '='.repeat(78);
  process.stderr.write(`\n${bar}\n${lines.map((line) => `  ${line}`).join('\n')}\n${bar}\n\n`);
}

/** URI options for the FerretDB the tests share (they win over the store's defaults: see mongo-client-options.ts). */
const PATIENT_SELECTION = 'serverSelectionTimeoutMS=10000&connectTimeoutMS=10000';

async function provideMongo() {
  const given = process.env.BYLINE_TEST_MONGODB_URI || process.env.MONGODB_URI;
  if (given) {
    process.env.BYLINE_TEST_MONGODB_URI = given;
    return;
  }
  const bin = findFerretDbBinary();
  if (bin) {
    const server = await startFerretDb({ bin });
    globalThis[SERVER_KEY] = server;
    // A killed or crashed jest run must not leave FerretDB behind.
    process.once('exit', () => server.kill());
    // On a loaded two-core CI machine FerretDB has taken longer than the store's 2 s to answer a new client's
    // first hello (a test then failed with "Server selection timed out"): the tests' own server gets ten. The
    // outage tests use addresses and timeouts of their own.
    process.env.BYLINE_TEST_MONGODB_URI = `${server.uri}?${PATIENT_SELECTION}`;
    return;
  }
  if (process.env.CI) {
    throw new Error(
      'CI is set but no MongoDB is available for the store tests: run `export FERRETDB_BIN="$(scripts/ferretdb.sh)"` ' +
        'first, or set BYLINE_TEST_MONGODB_URI. CI never skips the MongoDB tests.',
    );
  }
  process.env.BYLINE_TEST_MONGODB_URI = '';
  notice([
    'MongoDB store tests SKIPPED: no FerretDB binary and no BYLINE_TEST_MONGODB_URI / MONGODB_URI.',
    'Only the embedded store is tested. To test MongoDB too: scripts/ferretdb.sh (builds FerretDB once,',
    'needs Go), or BYLINE_TEST_MONGODB_URI=mongodb://host:port/ npx jest',
  ]);
}

module.exports = async () => {
  process.env.LOG_LEVEL ??= 'error';
  await provideMongo();
};
module.exports.SERVER_KEY = SERVER_KEY;
