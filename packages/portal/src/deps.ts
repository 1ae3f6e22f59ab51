import type { Logger } from '@byline/domain/logging/logger';
import type { Store } from '@byline/domain/store/store';
import type { DomainProofSources } from '@byline/editorial/publisher-domains/check-domain-proof';
import type { OwnerNotifier } from '@byline/editorial/notify/owner-notifier';
import type { TrustTxtSources } from '@byline/editorial/trust-txt/read-trust-txt';
import type { ClaimsRepository } from '@byline/domain/claims/claims-repository';
import type { RecheckPolicy } from '@byline/domain/proofs/claim-store';
import type { Outbound, SafeFetch } from '@byline/fetcher';
import type { SignInThrottle } from './auth/sign-in-throttle';
import type { PageFetcher } from './fetch/fetch-page';
import type { ActorReader } from '@byline/editorial/authorship/fediverse-actor';
import type { PageFetchSlots } from './fetch/page-fetch-slots';
import type { Outbox } from './mail/outbox';
import type { ResetRequestThrottle } from './mail/reset-request-throttle';
import type { NetworkSignIn } from './proofs/network-sign-in/network-sign-in';
import type { DomainCheckThrottle } from './throttles/domain-check-throttle';
import type { PageFetchThrottle } from './throttles/page-fetch-throttle';
import type { IdentityDecisionListener } from './use-cases/identity-review';
import type { CredentialIssuer } from '@byline/domain/credentials/credential-issuer';
import type { BlueskySources } from '@byline/editorial/bluesky/bluesky-identity';
import type { BlueskySignIn } from './proofs/bluesky-sign-in/bluesky-oauth';

/** Where people reach the portal and the services (PUBLIC_*_URL): links in mail and on API settings, never from a request's Host. */
export interface PublicUrls {
  portal: string;
  articleVerifier: string;
  journalistVerifier: string;
}

export interface PortalDeps {
  /** The store; every repository on it through repositoriesOf(store). */
  store: Store;
  logger: Logger;
  /**
   * Where outbound requests may go and how names are resolved (outboundOf(config): ALLOWED_PRIVATE_ADDRESSES,
   * DNS_SERVERS); public addresses and the system's resolver by default. The fetchers below are built from it.
   */
  outbound?: Outbound;
  /** Fetches article pages, within `outbound`; run within `pageFetchSlots`. */
  fetchPage?: PageFetcher;
  /**
   * Reads the attributionDomains of the fediverse accounts article pages name (WebFinger, then the ActivityPub
   * actor), within `outbound`: the fediverse side of an article's attribution.
   */
  readActor?: ActorReader;
  /** How many article pages this process fetches at once (4, a queue of 16 waiting up to 3 s, by default). */
  pageFetchSlots?: PageFetchSlots;
  /** How many article pages one person may have read per minute; in this process by default (main: Redis when set). */
  pageFetchThrottle?: PageFetchThrottle;
  now?: () => Date;
  /** How long a sign-in lasts; 12 hours by default. */
  sessionTtlMs?: number;
  /** Sign-in throttle; counts in this process by default (main shares it through Redis when REDIS_URL is set). */
  throttle?: SignInThrottle;
  /** How often a publisher's domain may be checked on "Check now"; in this process by default (main: Redis when set). */
  domainCheckThrottle?: DomainCheckThrottle;
  /** Mail sent by the portal (password reset); without an SMTP server, reset by email is off. */
  outbox?: Outbox;
  /** Tells profiles' owners of decisions and released claims; by mail through `outbox` by default (nothing without SMTP). */
  notifier?: OwnerNotifier;
  /** Defaults to localhost on the default ports. */
  publicUrls?: PublicUrls;
  resetThrottle?: ResetRequestThrottle;
  /** How often sign-up and "Send the link again" may mail an address, counted as reset requests are (apart from them). */
  confirmThrottle?: ResetRequestThrottle;
  /** Claims of handles and websites, the repository the claims rules run on; the store's by default. */
  claims?: ClaimsRepository;
  /** Outbound fetch for proofs (rel="me" pages), within `outbound`. */
  proofFetch?: SafeFetch;
  /** Sign-in with the networks configured by SIGNIN_* (main); none configured by default. */
  networkSignIn?: NetworkSignIn;
  /** When a rel="me" proof or a publisher's domain is checked again, and how long it may fail before it lapses. */
  recheckPolicy?: RecheckPolicy;
  /**
   * Where a publisher's domain proof is read: DNS TXT records through DNS_SERVERS, the well-known file through the
   * SSRF-safe fetch (domainProofSourcesOf(config)); the system's resolver and public addresses by default.
   */
  domainProofSources?: DomainProofSources;
  /**
   * Where Bluesky accounts are resolved and their profile records read (blueskySourcesOf(config): DNS_SERVERS, the
   * SSRF-safe fetch, BLUESKY_PLC_URL); public addresses, the system's resolver and plc.directory by default.
   */
  bluesky?: BlueskySources;
  /**
   * "Sign in with Bluesky" (atproto OAuth), a client of `publicUrls.portal` whose requests stay within `outbound` and
   * whose identities `bluesky` resolves; made from those by default.
   */
  blueskySignIn?: BlueskySignIn;
  /** Where publishers' trust.txt files are read (trustTxtSourcesOf(config)) after a domain's first proof; not read without. */
  trustTxtSources?: TrustTxtSources | null;
  /** Whom people ask when they cannot get in (OPERATOR_CONTACT): an email address or an http(s) address; null, "whoever runs this Byline". */
  operatorContact?: string | null;
  /** The services' RATE_LIMIT_PER_MINUTE: an account without its own limit has this one, and its browser keys at most this. */
  defaultRateLimitPerMinute?: number;
  /** Told after each decision on a pending identity change (where a mail to the journalist attaches); none by default. */
  onIdentityDecision?: IdentityDecisionListener;
  /**
   * Byline as the issuer of credentials (credentialIssuerOf(config)): did:web of `publicUrls.portal`, keys generated
   * and kept by the embedded store, 30 days' validity, by default.
   */
  credentialIssuer?: CredentialIssuer;
  /** Express "trust proxy" setting, so cookies get Secure when a TLS-terminating proxy says the request was https. */
  trustProxy?: boolean | number | string;
}

/** PortalDeps with every default filled in. */
export type PortalContext = Required<Omit<PortalDeps, 'trustProxy'>>;
