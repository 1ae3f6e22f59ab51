export * from './parse-trust-txt';
export * from './read-trust-txt';
export * from './trust-txt-sources';
export * from './refresh-publisher-trust';
