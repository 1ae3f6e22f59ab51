import path from 'node:path';

/** Shipped next to src/ and dist/, so the same relative path works from ts sources and the build. */
export const DEMO_DATA_FILE = path.resolve(__dirname, '..', 'demo', 'demo-profiles.ndjson');

/** An active article of a verified demo author, and a verified demo journalist's twitter handle. */
export { DEMO_ARTICLE_URL, DEMO_TWITTER_HANDLE } from '@byline/domain/domain/demo-examples';
