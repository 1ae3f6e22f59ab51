#!/usr/bin/env node
import { runCli } from './cli';

// A closed pipe (`byline export | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

void runCli(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
