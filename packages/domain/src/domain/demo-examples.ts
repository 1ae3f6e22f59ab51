/**
 * Questions that answer `verified: true` once `npx byline demo` has loaded the demo data (packages/cli/demo/): an
 * active article of a verified demo author, and a verified demo journalist's proven X handle. The examples of the
 * OpenAPI documents (so Try it out answers on a demo store as it is), the portal's curl lines for someone without a
 * profile, and `byline demo`'s own instructions all ask these.
 */
export const DEMO_ARTICLE_URL = 'https://www.westerncourier.ie/news/2024/harbour-towns-brace-for-a-wetter-winter';
export const DEMO_TWITTER_HANDLE = 'NiamhCass94';
