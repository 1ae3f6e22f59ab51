// A whole Bluesky network on loopback for the tests that need Bluesky's own view of accounts: the reference PDS, PLC
// directory and AppView of @atproto/dev-env (the AppView on PostgreSQL, DB_POSTGRES_URL, and Redis, REDIS_HOST). Run
// as a child process (dev-env is ESM-only). Prints one line of JSON ({"pds", "plc", "bsky"}) once all answer, then
// answers commands, one JSON line each way: {"id", "op": "process"} waits until the AppView has indexed everything
// the PDS wrote; {"id", "op": "trust", "did"} makes the account a trusted verifier in the AppView. Stops when its
// stdin closes.
import readline from 'node:readline';
import { TestNetwork } from '@atproto/dev-env';

const network = await TestNetwork.create({ dbPostgresSchema: process.env.BYLINE_APPVIEW_SCHEMA ?? 'byline_appview' });
process.stdout.write(`${JSON.stringify({ pds: network.pds.url, plc: network.plc.url, bsky: network.bsky.url })}\n`);

const ops = {
  process: () => network.processAll(),
  // The AppView's own table of accounts (column trustedVerifier, migration 20250404T163421487Z-verifications).
  trust: ({ did }) => network.bsky.db.db.updateTable('actor').set({ trustedVerifier: true }).where('did', '=', did).execute(),
};

const stop = async () => {
  await network.close().catch(() => undefined);
  process.exit(0);
};
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const command = JSON.parse(line);
  Promise.resolve()
    .then(() => ops[command.op](command))
    .then(
      () => process.stdout.write(`${JSON.stringify({ id: command.id, ok: true })}\n`),
      (error) =>
        process.stdout.write(`${JSON.stringify({ id: command.id, ok: false, error: String(error?.message ?? error) })}\n`),
    );
});
lines.on('close', stop);
process.on('SIGTERM', stop);
