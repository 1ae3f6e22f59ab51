/**
 * The database a store opened, as everything above the databases sees it: which kind, nothing more. Only the
 * selector (@byline/shared's `openedDatabase`) and that database's own store package look inside.
 */
export interface StoreDatabase {
  readonly kind: 'embedded' | 'mongodb';
}
