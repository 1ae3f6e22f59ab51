export * from './leased-queue';
export { SqliteLeasedQueue } from './sqlite-leased-queue';
export { MongoLeasedQueue } from './mongo-leased-queue';
export * from './topics';
export * from './attribution-asks';
