import { describeBatch, VERIFY_ARTICLES, VERIFY_ARTICLES_V2 } from '@byline/test-support';
import { createApp } from '../src/app';

describeBatch(VERIFY_ARTICLES, createApp);
describeBatch(VERIFY_ARTICLES_V2, createApp);
