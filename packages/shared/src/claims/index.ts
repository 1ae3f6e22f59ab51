export * from './claims-repository';
export * from './release-claims';
export * from './proven-handles';
export * from './set-claims';
export * from './record-proof';
export * from './move-proven-claim';
export { SqliteClaims } from './sqlite-claims';
export { MongoClaims } from './mongo-claims';
export * from './verified-identity';
