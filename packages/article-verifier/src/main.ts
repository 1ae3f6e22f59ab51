#!/usr/bin/env node
import { runService, runWithWebConcurrency } from '@byline/shared/http';
import { createApp, SERVICE_NAME } from './app';

void runWithWebConcurrency(SERVICE_NAME, () =>
  runService({
    name: SERVICE_NAME,
    port: (config) => config.articleVerifierPort,
    publicUrl: (config) => config.publicArticleVerifierUrl,
    createApp,
  }),
);
