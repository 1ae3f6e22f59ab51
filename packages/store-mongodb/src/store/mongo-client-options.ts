import type { MongoClientOptions } from 'mongodb';

export const DEFAULT_DATABASE = 'byline';

/**
 * Defaults chosen so a request never hangs on a lost database: server selection and connection give up
 * after 2 s and a silent socket after 10 s, and the caller answers 503. Reads and writes are retried
 * once by the driver across a failover; writes wait for a majority so an acknowledged import survives one.
 * Any of these can be overridden in the URI query (e.g. `?maxPoolSize=200&socketTimeoutMS=60000`).
 */
const DEFAULTS: MongoClientOptions = {
  appName: 'byline',
  maxPoolSize: 50,
  minPoolSize: 0,
  maxIdleTimeMS: 60_000,
  serverSelectionTimeoutMS: 2_000,
  connectTimeoutMS: 2_000,
  socketTimeoutMS: 10_000,
  heartbeatFrequencyMS: 5_000,
  // Polling hello, not the streaming protocol: after a server restart the streaming monitor could stay on a
  // dead connection (seen with FerretDB), leaving the client failing server selection while the server was back.
  serverMonitoringMode: 'poll',
  retryReads: true,
  retryWrites: true,
  w: 'majority',
};

/** Options given in the URI win over DEFAULTS (the driver would otherwise let constructor options win). */
export function clientOptions(uri: string): MongoClientOptions {
  const query = uri.includes('?') ? uri.slice(uri.indexOf('?') + 1) : '';
  const inUri = new Set([...new URLSearchParams(query).keys()].map((key) => key.toLowerCase()));
  const options: MongoClientOptions = { ignoreUndefined: true };
  for (const [key, value] of Object.entries(DEFAULTS)) {
    const uriKey = key === 'w' ? 'w' : key.toLowerCase();
    if (!inUri.has(uriKey)) Object.assign(options, { [key]: value });
  }
  return options;
}

/** The database named in the URI path (mongodb://host/NAME?…), or `byline`. */
export function databaseName(uri: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(uri);
  const name = match?.[1] ? decodeURIComponent(match[1]) : '';
  return name || DEFAULT_DATABASE;
}
