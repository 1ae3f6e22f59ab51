// A Bluesky network on loopback for the tests: the reference PDS and PLC directory of @atproto/dev-env (no AppView,
// which these tests do not need). Run as a child process: dev-env is ESM-only, and jest's runtime stays CommonJS.
// Prints one line of JSON ({"pds": URL, "plc": URL}) once both answer, and stops when its stdin closes.
import { TestNetworkNoAppView } from '@atproto/dev-env';

const network = await TestNetworkNoAppView.create({});
process.stdout.write(`${JSON.stringify({ pds: network.pds.url, plc: network.plc.url })}\n`);
const stop = async () => {
  await network.close().catch(() => undefined);
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
