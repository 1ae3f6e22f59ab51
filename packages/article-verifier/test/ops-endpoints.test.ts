import { describeOpsEndpoints } from '@byline/test-support';
import { createApp } from '../src/app';
import { articleVerifierOpenApi } from '../src/openapi';

describeOpsEndpoints(createApp, articleVerifierOpenApi(), [
  '/api/verify_article',
  '/api/v2/verify_article',
  '/api/v1/verify_articles',
  '/api/v2/verify_articles',
]);
