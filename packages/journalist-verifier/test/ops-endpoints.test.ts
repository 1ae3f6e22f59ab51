import { describeOpsEndpoints } from '@byline/test-support';
import { createApp } from '../src/app';
import { openApi } from '../src/openapi';

describeOpsEndpoints(createApp, openApi);
