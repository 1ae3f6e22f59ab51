export * from './publishers-repository';
export * from './publisher-domains-repository';
export * from './publisher-history-repository';
export * from './host-suffixes';
export * from './domain-info';
export * from './trust-summary';
export * from './domain-covers';
