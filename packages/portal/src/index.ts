export { createApp, SERVICE_NAME } from './app';
export type { PortalDeps } from './deps';
export { createPageFetcher, PageFetchError, type PageFetcher, type Resolver } from './fetch/fetch-page';
