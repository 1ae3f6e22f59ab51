export * from './builders';
export * from './harness';
export * from './stores';
export * from './http';
export * from './processes';
