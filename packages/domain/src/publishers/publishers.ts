import { portWithRules } from '../store/port-with-rules';
import {
  addDomainSteps,
  recordCheckSteps,
  removeDomainSteps,
  setTrustSteps,
  setVerifiedSteps,
  updatePublisherSteps,
} from './publisher-changes';
import type { PublisherPorts, PublishersRuledChanges, PublishersStore } from './publishers-store';

/** The three publisher ports over either database's store: each change runs its rule (publisher-changes.ts) in one write. */
export function publishersOver(store: PublishersStore): PublisherPorts {
  return portWithRules<PublisherPorts, PublishersRuledChanges>(store, {
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
  });
}
