import type { Logger, PortalStore, Store } from '@byline/shared';
import type { SignInThrottle } from './auth/sign-in-throttle';
import type { PageFetcher } from './fetch/fetch-page';

export interface PortalDeps {
  store: Store;
  portalStore: PortalStore;
  logger: Logger;
  /** Fetches article pages; the default refuses every non-public address. Tests inject one that may reach loopback. */
  fetchPage?: PageFetcher;
  now?: () => Date;
  /** How long a sign-in lasts; 12 hours by default. */
  sessionTtlMs?: number;
  throttle?: SignInThrottle;
  /** Express "trust proxy" setting, so cookies get Secure when a TLS-terminating proxy says the request was https. */
  trustProxy?: boolean | number | string;
}

/** PortalDeps with every default filled in. */
export type PortalContext = Required<Omit<PortalDeps, 'trustProxy'>>;
