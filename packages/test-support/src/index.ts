export * from './builders';
export * from './harness';
export * from './stores';
export * from './http';
export * from './processes';
export * from './ops-endpoints-suite';
export * from './rendered-answers';
