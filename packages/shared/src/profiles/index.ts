export * from './profiles-repository';
export * from './identity-review';
export * from './profile-slugs';
