import type { TaggedAnswer } from '../domain/rendered-answers';
import type { Step } from '../store/steps';
import type { Publisher, PublisherDomain } from '../publishers/publishers-repository';
import type { OutletDigest } from './outlet-digests-repository';

/** What an outlet's answers are rendered from: the publisher, each of its domains, its digest. */
export interface OutletSources {
  publisher: Publisher;
  /** Each domain with its render revision, read before anything else (always 0 on SQLite; see EvidencedView). */
  domains: (PublisherDomain & { revision: number })[];
  digest: OutletDigest;
}

/** One domain's rendered answers (see RenderedOutlet), with the revision they were rendered at. */
export interface DomainAnswers {
  domain: string;
  domainInfo: TaggedAnswer;
  outlet: TaggedAnswer;
  revision: number;
}

/**
 * What re-rendering outlets asks of a database, inside the write that changed a publisher, its domains, its staff or
 * what they wrote (a value on SQLite, inside the caller's transaction; a promise on MongoDB; see database/steps.ts).
 */
export interface OutletsUnit {
  /** The publishers these profiles are active staff of. */
  publishersOfStaff(profileIds: number[]): Step<number[]>;
  /** The publisher, all its domains (proven or not) and its digest; null when there is no such publisher. */
  outletSources(publisherId: number): Step<OutletSources | null>;
  /**
   * Stores each domain's answers if its revision is still the one they were rendered at, moving it on; returns the
   * domains whose revision had moved (another save or a forgetting came between), left as they were (none on SQLite).
   */
  saveOutlet(publisherId: number, answers: DomainAnswers[]): Step<string[]>;
  /** Takes these domains' rendered answers out of service, moving their revision on: lookups render them. */
  forgetOutlet(publisherId: number, domains: string[]): Step<void>;
}
