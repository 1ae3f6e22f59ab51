/** Browser access: the origins an API account allows (normalised lists; the Express side is in @byline/http). */
export * from '@byline/domain/cors/origin-list';
export * from './allowed-origins';
