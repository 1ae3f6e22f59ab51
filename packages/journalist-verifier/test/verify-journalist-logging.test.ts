import { describeLogging, VERIFY_JOURNALIST } from '@byline/test-support';
import { createApp } from '../src/app';

describeLogging(VERIFY_JOURNALIST, createApp);
