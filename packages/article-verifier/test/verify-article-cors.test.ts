import { describeCors, VERIFY_ARTICLE } from '@byline/test-support';
import { createApp } from '../src/app';

describeCors(VERIFY_ARTICLE, createApp);
