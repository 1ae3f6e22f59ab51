import { describeAuthFailureThrottle, describeRateLimits, VERIFY_ARTICLE } from '@byline/test-support';
import { createApp } from '../src/app';

describeRateLimits(VERIFY_ARTICLE, createApp);
describeAuthFailureThrottle(VERIFY_ARTICLE, createApp);
