import { describeBatch, VERIFY_JOURNALISTS } from '@byline/test-support';
import { createApp } from '../src/app';

describeBatch(VERIFY_JOURNALISTS, createApp);
