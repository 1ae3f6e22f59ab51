/**
 * The time of record: what a process gives the stores it opens and the work it starts. The stores and their data
 * steps never read the clock themselves; they are given it (see SqliteStoreOptions.clock, MongoStoreOptions.clock).
 */
export const systemClock = (): Date => new Date();
