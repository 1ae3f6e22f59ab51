import type { Steps } from '../store/steps';
import type { Articles, ArticlesUnitOfWrite } from './articles-repository';

/** The changes that are rules over the store (article-changes.ts), not writes of it. */
export type ArticlesRuledChanges = 'add' | 'update';

/** What a database adapter of the articles provides: their reads, and one unit of write in which the rules run. */
export interface ArticlesStore extends Omit<Articles, ArticlesRuledChanges> {
  inOneWrite<T>(steps: (unit: ArticlesUnitOfWrite) => Steps<T>): Promise<T>;
}
