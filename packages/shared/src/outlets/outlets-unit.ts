import type { TaggedAnswer } from '../domain/rendered-answers';
import type { Step } from '../database/steps';
import type { Publisher, PublisherDomain } from '../publishers/publishers-repository';
import type { OutletDigest } from './outlet-digests-repository';

/** What an outlet's answers are rendered from: the publisher, each of its domains, its digest. */
export interface OutletSources {
  publisher: Publisher;
  domains: PublisherDomain[];
  digest: OutletDigest;
}

/** One domain's rendered answers (see RenderedOutlet). */
export interface DomainAnswers {
  domain: string;
  domainInfo: TaggedAnswer;
  outlet: TaggedAnswer;
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
  /** Stores each domain's answers. */
  saveOutlet(publisherId: number, answers: DomainAnswers[]): Step<void>;
}
