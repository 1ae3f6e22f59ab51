export * from './publishers-repository';
export * from './host-suffixes';
export * from './trust-summary';
