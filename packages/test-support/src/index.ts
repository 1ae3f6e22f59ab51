export * from './builders';
export * from './harness';
export * from './stores';
