export * from './claims';
export * from './claim-store';
export * from './claim-values';
export * from './claim-wording';
export * from './grace';
