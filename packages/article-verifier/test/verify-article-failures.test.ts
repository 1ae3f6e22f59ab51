import { describeServerFailures, VERIFY_ARTICLE } from '@byline/test-support';
import { createApp } from '../src/app';

describeServerFailures(VERIFY_ARTICLE, createApp);
