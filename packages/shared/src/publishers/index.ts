export * from './publishers-repository';
export * from './host-suffixes';
