export * from './publishers-repository';
export * from './host-suffixes';
export * from './domain-info';
export * from './trust-summary';
