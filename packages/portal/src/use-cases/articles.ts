import { withoutUnsafeCharacters } from '@byline/domain/validation/plain-text';
import { type Article, type ArticleInput } from '@byline/domain/domain/types';
import { type Articles, ArticleTakenError } from '@byline/domain/articles/articles-repository';
import { PageReadError, type PageReads } from '@byline/editorial/authorship/page-reads';
import { PageFetchError, type PageFetcher } from '../fetch/fetch-page';
import type { FieldErrors } from '../views/forms';

/** What the article form edits. */
export interface ArticleForm {
  link: string;
  title: string;
  description: string;
  og_image: string;
  icon_path: string;
  published_at: string;
  tags: string;
  active: boolean;
}

export type PrefillResult = { ok: true; form: ArticleForm } | { ok: false; form: ArticleForm; message: string };

/**
 * Fetches the page and fills the form from its metadata, read by `reads` (the portal's page-reading thread, so that a
 * large page holds up no one else's request); on failure, an empty form to fill by hand.
 */
export async function prefillArticle(fetchPage: PageFetcher, reads: PageReads, link: string): Promise<PrefillResult> {
  const blank: ArticleForm = {
    link,
    title: '',
    description: '',
    og_image: '',
    icon_path: '',
    published_at: '',
    tags: '',
    active: true,
  };
  try {
    const page = await fetchPage(link);
    const found = await reads.articleMetadata(page.html, page.url);
    const line = (text: string) => withoutUnsafeCharacters(text);
    return {
      ok: true,
      form: {
        ...blank,
        title: line(found.title),
        description: withoutUnsafeCharacters(found.description, 'prose'),
        og_image: line(found.og_image),
        icon_path: line(found.icon_path),
        published_at: found.published_at,
        tags: line(found.tag_list.join(', ')),
      },
    };
  } catch (error) {
    if (error instanceof PageReadError) {
      return {
        ok: false,
        form: blank,
        message: `The page could not be read (${error.message}). Fill in the details below by hand.`,
      };
    }
    if (!(error instanceof PageFetchError)) throw error;
    return { ok: false, form: blank, message: `${error.message} Fill in the details below by hand.` };
  }
}

export function articleInputFromForm(form: ArticleForm, previous: Article | null, now: string): ArticleInput {
  return {
    title: form.title,
    description: form.description,
    link: form.link,
    created_at: previous?.created_at ?? now,
    updated_at: now,
    og_image: form.og_image,
    icon_path: form.icon_path,
    published_at: form.published_at,
    post_id: previous?.post_id ?? null,
    feature: previous?.feature ?? false,
    lg_index: previous?.lg_index ?? null,
    tag_list: form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    active: form.active,
    search_visible: previous?.search_visible ?? true,
    author_name: previous?.author_name ?? null,
  };
}

export function formFromArticle(article: Article): ArticleForm {
  return { ...article, tags: article.tag_list.join(', ') };
}

export type SaveArticleResult = { ok: true; articleId: number } | { ok: false; errors: FieldErrors };

const takenErrors = (error: ArticleTakenError): FieldErrors => ({
  link:
    error.reason === 'listed'
      ? 'This article is already in your portfolio'
      : 'An editor moved this article to another journalist’s profile; ask an editor if it is yours',
});

export async function saveArticle(
  articles: Articles,
  profileId: number,
  articleId: number | null,
  form: ArticleForm,
  now: string,
): Promise<SaveArticleResult> {
  try {
    if (articleId === null) {
      const added = await articles.add(profileId, articleInputFromForm(form, null, now));
      return { ok: true, articleId: added.article.id };
    }
    const previous = await articles.find(profileId, articleId);
    if (!previous) return { ok: false, errors: { link: 'This article no longer exists' } };
    await articles.update(profileId, articleId, articleInputFromForm(form, previous, now), new Date(now));
    return { ok: true, articleId };
  } catch (error) {
    if (error instanceof ArticleTakenError) return { ok: false, errors: takenErrors(error) };
    throw error;
  }
}
