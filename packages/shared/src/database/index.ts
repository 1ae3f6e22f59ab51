export * from './sqlite-database';
export * from './mongo-database';
export * from './store-database';
export * from './steps';
export * from './erased-bytes';
