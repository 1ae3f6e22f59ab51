export * from './publishers-repository';
export * from './host-suffixes';
export * from './domain-info';
export * from './trust-summary';
export * from './domain-covers';
