import { describeLogging, VERIFY_ARTICLE } from '@byline/test-support';
import { createApp } from '../src/app';

describeLogging(VERIFY_ARTICLE, createApp);
