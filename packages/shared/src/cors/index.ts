/** Browser access: the origins an API account allows (normalised lists; the Express side is in @byline/shared/http). */
export * from './origin-list';
export * from './allowed-origins';
