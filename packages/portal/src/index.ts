export { createApp, SERVICE_NAME } from './app';
export type { PortalDeps } from './deps';
export { openPortalStore } from './open-portal-store';
export { createPageFetcher, PageFetchError, type PageFetcher, type Resolver } from './fetch/fetch-page';
export { createEditor, type CreateEditorResult } from './use-cases/accounts';
export { setVerifiedByOperator } from './use-cases/verification';
