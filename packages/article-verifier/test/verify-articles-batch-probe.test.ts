import { describeBatchProbe, VERIFY_ARTICLES, VERIFY_ARTICLES_V2 } from '@byline/test-support';
import { createApp } from '../src/app';

describeBatchProbe(VERIFY_ARTICLES, createApp, VERIFY_ARTICLES_V2);
describeBatchProbe(VERIFY_ARTICLES_V2, createApp, VERIFY_ARTICLES);
