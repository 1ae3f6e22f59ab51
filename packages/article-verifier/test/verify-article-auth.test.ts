import { describeAuthentication, VERIFY_ARTICLE } from '@byline/test-support';
import { createApp } from '../src/app';

describeAuthentication(VERIFY_ARTICLE, createApp);
