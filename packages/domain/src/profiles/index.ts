export * from './profiles-repository';
export * from './profile-fields';
export * from './identity-review';
export * from './profile-slugs';
