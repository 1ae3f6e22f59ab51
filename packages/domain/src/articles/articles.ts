import { portWithRules } from '../store/port-with-rules';
import { addArticleSteps, updateArticleSteps } from './article-changes';
import type { Articles } from './articles-repository';
import type { ArticlesRuledChanges, ArticlesStore } from './articles-store';

/** The Articles port over either database's store: each change runs its rule (article-changes.ts) in one write. */
export function articlesOver(store: ArticlesStore): Articles {
  return portWithRules<Articles, ArticlesRuledChanges>(store, {
    add: (profileId, article) => store.inOneWrite((unit) => addArticleSteps(unit, profileId, article)),
    update: (profileId, articleId, article, at) =>
      store.inOneWrite((unit) => updateArticleSteps(unit, profileId, articleId, article, at)),
  });
}
