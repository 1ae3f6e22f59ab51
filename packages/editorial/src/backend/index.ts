export * from './editorial-backend';
export * from './open-backend';
