import { describeOpsEndpoints } from '@byline/test-support';
import { createApp } from '../src/app';
import { journalistVerifierOpenApi } from '../src/openapi';

describeOpsEndpoints(createApp, journalistVerifierOpenApi(), ['/api/v1/verify_journalist', '/api/v1/verify_journalists']);
