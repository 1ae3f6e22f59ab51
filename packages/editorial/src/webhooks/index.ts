export * from './signing';
export * from './endpoint-address';
export * from './retry-schedule';
export * from './endpoint-queue';
export * from './account-hold';
export * from './manage-endpoints';
export * from './fan-out';
export * from './deliver';
