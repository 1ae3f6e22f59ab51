import { describeAuthFailureThrottle, describeRateLimits, VERIFY_JOURNALIST } from '@byline/test-support';
import { createApp } from '../src/app';

describeRateLimits(VERIFY_JOURNALIST, createApp);
describeAuthFailureThrottle(VERIFY_JOURNALIST, createApp);
