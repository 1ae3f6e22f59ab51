import { openedDatabase } from './opened-database';
import type { StoreDatabase } from '@byline/domain/store/store-database';
import { relayCarriedEvents } from '@byline/store-mongodb/webhook-events/mongo-carried-events';

/** The relay on whichever database the store opened: the embedded store's events are on the queue already. */
export function relayStoreOutbox(database: StoreDatabase): Promise<number> {
  const opened = openedDatabase(database);
  if (opened.kind === 'embedded') return Promise.resolve(0);
  return opened.mongo.run(() => relayCarriedEvents(opened.mongo.db));
}
