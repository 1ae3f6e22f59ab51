import type { NewQueueItem } from '../queue/leased-queue';
import { ARTICLE_CHECK_TOPIC } from '../queue/topics';

/** What an article's check item carries: its profile, which the articles are read by. */
export interface ArticleCheckPayload {
  profileId: number;
}

/** The queue item of an article's page check, due at `dueAt`. */
export function articleCheckItemOf({ id, profileId }: { id: number; profileId: number }, dueAt: Date): NewQueueItem {
  const payload: ArticleCheckPayload = { profileId };
  return { topic: ARTICLE_CHECK_TOPIC, key: String(id), payload: { ...payload }, dueAt };
}
