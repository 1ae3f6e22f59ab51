export * from './domain-token';
export * from './check-domain-proof';
export * from './check-publisher-domain';
export * from './domain-rechecks';
export * from './domain-proof-sources';
export * from './remove-publisher-domain';
