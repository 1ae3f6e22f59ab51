#!/usr/bin/env node
// First, before anything native loads: an older Node.js stops here with what to do, not a bare segfault.
import '@byline/shared/check-node-line';
import { loadConfig } from '@byline/domain/config/config';
import { useDnsServers } from '@byline/fetcher';
import { runCli } from './cli';

// Every name a command looks up (MongoDB, pages it fetches) goes to DNS_SERVERS when set. Only here, in the
// process itself: tests run commands in their own process. A bad setting is the command's to report.
try {
  useDnsServers(loadConfig(process.env));
} catch {
  // reported by the command that reads the configuration
}

// A closed pipe (`byline export | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

void runCli(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
