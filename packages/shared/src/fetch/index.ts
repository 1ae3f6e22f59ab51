export * from './address-policy';
export * from './safe-fetch';
