import path from 'node:path';

/** Shipped next to src/ and dist/, so the same relative path works from ts sources and the build. */
export const DEMO_DATA_FILE = path.resolve(__dirname, '..', 'demo', 'demo-profiles.ndjson');

/** An active article of a verified demo author, and a verified demo journalist's twitter handle. */
export const DEMO_ARTICLE_URL = 'https://www.westerncourier.ie/news/2024/harbour-towns-brace-for-a-wetter-winter';
export const DEMO_TWITTER_HANDLE = 'NiamhCass94';
