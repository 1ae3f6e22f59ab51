import { describeBatchProbe, VERIFY_JOURNALISTS } from '@byline/test-support';
import { createApp } from '../src/app';

describeBatchProbe(VERIFY_JOURNALISTS, createApp);
