#!/usr/bin/env node
// First, before anything native loads: an older Node.js stops here with what to do, not a bare segfault.
import '@byline/shared/check-node-line';
import { runService, runWithWebConcurrency } from '@byline/http';
import { createApp, SERVICE_NAME } from './app';

void runWithWebConcurrency(SERVICE_NAME, () =>
  runService({
    name: SERVICE_NAME,
    port: (config) => config.journalistVerifierPort,
    publicUrl: (config) => config.publicJournalistVerifierUrl,
    createApp,
  }),
);
