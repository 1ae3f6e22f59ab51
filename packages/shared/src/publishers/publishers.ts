import {
  addDomainSteps,
  recordCheckSteps,
  removeDomainSteps,
  setTrustSteps,
  setVerifiedSteps,
  updatePublisherSteps,
} from './publisher-changes';
import type { Publishers } from './publishers-repository';
import type { PublishersStore } from './publishers-store';

/** The Publishers port over either database's store: each change runs its rule (publisher-changes.ts) in one write. */
export function publishersOver(store: PublishersStore): Publishers {
  return {
    create: (publisher, actor, at) => store.create(publisher, actor, at),
    findBySlug: (slug) => store.findBySlug(slug),
    findById: (id) => store.findById(id),
    list: () => store.list(),
    administeredBy: (userId) => store.administeredBy(userId),
    forgetAdmin: (userId, at) => store.forgetAdmin(userId, at),
    domainsOf: (publisherId) => store.domainsOf(publisherId),
    findDomain: (publisherId, domain) => store.findDomain(publisherId, domain),
    outletFor: (host) => store.outletFor(host),
    matchHost: (host) => store.matchHost(host),
    historyOf: (publisherId) => store.historyOf(publisherId),
    recordEvent: (publisherId, entry, at) => store.recordEvent(publisherId, entry, at),
    delete: (publisherId) => store.delete(publisherId),
    update: (id, fields, at) => store.inOneWrite((unit) => updatePublisherSteps(unit, id, fields, at.toISOString())),
    setVerified: (id, verified, actor, note, at) =>
      store.inOneWrite((unit) => setVerifiedSteps(unit, id, { verified, actor, note }, at.toISOString())),
    setTrust: (publisherId, summary, at) =>
      store.inOneWrite((unit) => setTrustSteps(unit, publisherId, summary, at.toISOString())),
    addDomain: (publisherId, domain, token, actor, at) =>
      store.inOneWrite((unit) => addDomainSteps(unit, publisherId, { domain, token, actor }, at.toISOString())),
    recordCheck: (publisherId, domain, check, event) =>
      store.inOneWrite((unit) => recordCheckSteps(unit, publisherId, domain, check, event)),
    removeDomain: (publisherId, domain, actor, at) =>
      store.inOneWrite((unit) => removeDomainSteps(unit, publisherId, domain, actor, at.toISOString())),
  };
}
