import { describeOpenApiDocument } from '@byline/test-support';
import { createApp } from '../src/app';

describeOpenApiDocument(createApp, [
  { operationId: 'verifyArticle', verifiedField: 'profile_first_name' },
  { operationId: 'verifyArticleByQuery', verifiedField: 'profile_first_name' },
]);
