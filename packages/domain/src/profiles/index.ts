export * from './profiles-repository';
export * from './identity-review-repository';
export * from './profile-transfers-repository';
export * from './profile-erasure-repository';
export * from './profile-fields';
export * from './identity-review';
export * from './profile-slugs';
