import { describeServerFailures, VERIFY_JOURNALIST } from '@byline/test-support';
import { createApp } from '../src/app';

describeServerFailures(VERIFY_JOURNALIST, createApp);
