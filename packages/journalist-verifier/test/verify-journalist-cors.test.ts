import { describeCors, VERIFY_JOURNALIST } from '@byline/test-support';
import { createApp } from '../src/app';

describeCors(VERIFY_JOURNALIST, createApp);
