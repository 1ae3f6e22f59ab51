/**
 * @byline/shared/storage: the store's resources, each behind its own small port with its SQLite and MongoDB
 * adapters (profiles, articles, verification requests, claims and evidence, audit history, the leased queue,
 * re-check records, publishers), the rules written once above them, and openBackend/backendOf, which gives every repository
 * on the database the configuration chose. The verifiers do not load it.
 */
export * from '../store/sqlite/sqlite-store';
export * from '../store/mongo/mongo-store';
export * from '../profiles';
export * from '../articles';
export * from '../directory';
export * from '../verification';
export * from '../audit/audit-repository';
export * from '../backend';
export * from '../proofs';
export * from '../claims';
export * from '../queue';
export * from '../recheck';
export * from '../answers';
export * from '../publishers';
export * from '../staff';
export * from '../evidence';
export * from '../outlets';
export * from '../webhook-events';
export * from '../webhooks';
// Building blocks for adapters registered outside this package (see @byline/editorial): the MongoDB schema and
// its id, error and batching helpers, and the embedded store's per-connection statements.
export * from '../store/mongo/mongo-schema';
export * from '../store/mongo/mongo-errors';
export * from '../store/mongo/mongo-ids';
export * from '../store/mongo/chunks';
export * from '../store/sqlite/prepared-per-connection';
