export * from './profiles-repository';
export * from './identity-review';
