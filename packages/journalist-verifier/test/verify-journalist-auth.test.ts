import { describeAuthentication, VERIFY_JOURNALIST } from '@byline/test-support';
import { createApp } from '../src/app';

describeAuthentication(VERIFY_JOURNALIST, createApp);
