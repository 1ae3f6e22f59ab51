export * from './address-policy';
export * from './name-resolver';
export * from './outbound';
export * from './safe-fetch';
