import { describeOpenApiDocument } from '@byline/test-support';
import { createApp } from '../src/app';

describeOpenApiDocument(createApp, [{ operationId: 'verifyJournalist', verifiedField: 'first_name' }]);
