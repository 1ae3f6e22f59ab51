import { articlesAsSeenBy } from '../use-cases/actor-names';
import { repositoriesOf } from '@byline/shared/store';
import { publicProfileUrl } from '@byline/editorial/proofs/rel-me-check';
import { pageReadsThread } from '@byline/editorial/authorship/page-reads-thread';
import { Router, type Response } from 'express';
import Joi from 'joi';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import type { PageFetcher } from '../fetch/fetch-page';
import { PageFetchersBusyError } from '../fetch/page-fetch-slots';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { checkArticle } from '../use-cases/article-attribution';
import { formFromArticle, prefillArticle, saveArticle, type ArticleForm } from '../use-cases/articles';
import { articleFormPage, articleList } from '../views/article-pages';
import { articleAddress, articleFormSchema } from './article-schema';

const NOTICES: Record<string, string> = {
  saved: 'Article saved.',
  proven: 'Article saved. Its page credits you, so it counts.',
  unproven: 'Article saved. It does not count yet: see why below.',
  'checked-proven': 'Its page credits you now: the article counts.',
  'checked-unproven': 'Checked again: it does not count yet.',
  'saved-unread':
    'Article saved. Its page was not read yet: you have asked Byline to read many pages in the last minute. Use “Check again” in a minute.',
  'saved-busy': 'Article saved. Its page was not read yet: Byline is reading many pages just now. Use “Check again” in a minute.',
  deactivated: 'Article deactivated.',
  activated: 'Article activated.',
};

function profileIdOf(res: Response): number {
  const profileId = signedInUser(res).profileId;
  if (profileId === null) throw new PageError(409, 'Create your profile first; then add your articles.');
  return profileId;
}

/** An article id as the pages write it: digits only (Number alone would also read '0x10', '1e1' or ' 1' as ids). */
function articleIdOf(raw: string | string[] | undefined): number {
  if (typeof raw !== 'string' || !/^[1-9][0-9]*$/.test(raw)) throw new PageError(404, 'There is no such article.');
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new PageError(404, 'There is no such article.');
  return id;
}

/** A page read refused before it started: the person's allowance is used up (PageFetchThrottle). */
class PageReadsUsedUpError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many page reads in the last minute.');
    this.name = 'PageReadsUsedUpError';
  }
}

export function articleRoutes({
  store,
  fetchPage,
  readActor,
  now,
  publicUrls,
  recheckPolicy,
  pageFetchThrottle,
}: PortalContext): Router {
  const repositories = repositoriesOf(store);
  const router = Router();
  router.use('/articles', requireUser);
  /** The page fetcher for the signed-in person: each read is counted against their allowance before it starts. */
  const fetcherOf =
    (res: Response): PageFetcher =>
    async (address) => {
      const turn = await pageFetchThrottle.take(signedInUser(res).id);
      if (!turn.allowed) throw new PageReadsUsedUpError(turn.wait);
      return fetchPage(address);
    };
  const check = (res: Response, profileId: number, articleId: number) =>
    checkArticle(
      { store, fetchPage: fetcherOf(res), readActor, portalUrl: publicUrls.portal, policy: recheckPolicy },
      profileId,
      articleId,
    );
  /**
   * Where a read refused for now sends the browser (Post-Redirect-Get, so that reloading the answer does not post
   * again): the wait page, told until when and why, with the address the person was adding. Null for other errors.
   */
  const waitAddressFor = (error: unknown, link?: string): string | null => {
    const busy = error instanceof PageFetchersBusyError;
    if (!busy && !(error instanceof PageReadsUsedUpError)) return null;
    const until = now().getTime() + error.retryAfterSeconds * 1000;
    const query = new URLSearchParams({ reason: busy ? 'busy' : 'many', until: String(until) });
    if (link) query.set('link', link);
    return `/articles/wait?${query}`;
  };
  /**
   * After a save: a new article, or one at a new address, is a claim its page is checked for at once. The save
   * is kept when the page cannot be read now (the person's allowance is used up, or the portal is busy): it is
   * checked on "Check again", or by the worker, which checks claims no one has.
   */
  const savedNotice = async (res: Response, profileId: number, articleId: number) => {
    try {
      const outcome = await check(res, profileId, articleId);
      return outcome.status === 'unchanged' ? 'saved' : outcome.status;
    } catch (error) {
      if (error instanceof PageReadsUsedUpError) return 'saved-unread';
      if (error instanceof PageFetchersBusyError) return 'saved-busy';
      throw error;
    }
  };

  /** The signed-in person's articles as they are shown to them: other people by role (see articlesAsSeenBy). */
  const ownArticles = async (res: Response, profileId: number) =>
    articlesAsSeenBy(repositories, signedInUser(res).email, await repositories.articles.claimsOf(profileId));

  router.get('/articles', async (req, res) => {
    const profileId = signedInUser(res).profileId;
    if (profileId === null) return res.redirect(303, '/profile');
    const notice = NOTICES[String(req.query.done)];
    const profile = await repositories.profiles.findById(profileId);
    const publicAddress = profile ? publicProfileUrl(publicUrls.portal, profile.profile_slug) : null;
    const articles = await ownArticles(res, profileId);
    render(res, 'Articles', articleList(csrfTokenOf(res), articles, notice, publicAddress));
  });

  router.post('/articles/fetch', async (req, res) => {
    const profileId = profileIdOf(res);
    const form = validateForm<{ link: string }>(Joi.object({ link: articleAddress }), req.body);
    if (!form.ok) {
      const articles = await ownArticles(res, profileId);
      return render(res, 'Articles', articleList(csrfTokenOf(res), articles, form.errors.link), 422);
    }
    let result;
    try {
      result = await prefillArticle(fetcherOf(res), pageReadsThread(), form.value.link);
    } catch (error) {
      const wait = waitAddressFor(error, form.value.link);
      if (wait) return res.redirect(303, wait);
      throw error;
    }
    const state = { csrf: csrfTokenOf(res), action: '/articles', form: result.form };
    if (!result.ok) return render(res, 'Add an article', articleFormPage({ ...state, message: result.message }), 422);
    render(res, 'Add an article', articleFormPage({ ...state, fetched: true }));
  });

  // A refused read's answer: 429 (the person's allowance) or 503 (the portal is busy), with when to try again; the
  // address they were adding stays in the form. A GET, so a reload asks nothing again.
  router.get('/articles/wait', async (req, res) => {
    const profileId = profileIdOf(res);
    const until = Number(req.query.until);
    const wait = Number.isFinite(until) ? Math.ceil((until - now().getTime()) / 1000) : 0;
    const link = typeof req.query.link === 'string' ? req.query.link : '';
    const articles = await ownArticles(res, profileId);
    const profile = await repositories.profiles.findById(profileId);
    const publicAddress = profile ? publicProfileUrl(publicUrls.portal, profile.profile_slug) : null;
    if (wait <= 0 || wait > 3600) {
      const notice = 'You can ask Byline to read pages again.';
      return render(res, 'Articles', articleList(csrfTokenOf(res), articles, notice, publicAddress, link));
    }
    const busy = req.query.reason === 'busy';
    const when = `${wait === 1 ? '1 second' : `${wait} seconds`} (at ${new Date(until).toISOString().slice(11, 19)} UTC)`;
    const notice = busy
      ? `Byline is reading many pages just now, so this page was not read. Try again in ${when}.`
      : `You have asked Byline to read many pages in the last minute, so this page was not read. Try again in ${when}.`;
    res.setHeader('Retry-After', String(wait));
    render(res, 'Articles', articleList(csrfTokenOf(res), articles, notice, publicAddress, link), busy ? 503 : 429);
  });

  router.post('/articles', async (req, res) => {
    const profileId = profileIdOf(res);
    const form = validateForm<ArticleForm>(articleFormSchema, req.body);
    const state = { csrf: csrfTokenOf(res), action: '/articles', form: { ...req.body, active: req.body?.active === 'on' } };
    if (!form.ok) return render(res, 'Add an article', articleFormPage({ ...state, errors: form.errors }), 422);
    const result = await saveArticle(repositories.articles, profileId, null, form.value, now().toISOString());
    if (!result.ok) return render(res, 'Add an article', articleFormPage({ ...state, errors: result.errors }), 409);
    res.redirect(303, `/articles?done=${await savedNotice(res, profileId, result.articleId)}`);
  });

  router.get('/articles/:id/edit', async (req, res) => {
    const article = await repositories.articles.find(profileIdOf(res), articleIdOf(req.params.id));
    if (!article) throw new PageError(404, 'There is no such article in your portfolio.');
    render(
      res,
      'Edit article',
      articleFormPage({ csrf: csrfTokenOf(res), action: `/articles/${article.id}`, form: formFromArticle(article) }),
    );
  });

  router.post('/articles/:id', async (req, res) => {
    const profileId = profileIdOf(res);
    const id = articleIdOf(req.params.id);
    const form = validateForm<ArticleForm>(articleFormSchema, req.body);
    const state = { csrf: csrfTokenOf(res), action: `/articles/${id}`, form: { ...req.body, active: req.body?.active === 'on' } };
    if (!form.ok) return render(res, 'Edit article', articleFormPage({ ...state, errors: form.errors }), 422);
    const result = await saveArticle(repositories.articles, profileId, id, form.value, now().toISOString());
    if (!result.ok) return render(res, 'Edit article', articleFormPage({ ...state, errors: result.errors }), 409);
    res.redirect(303, `/articles?done=${await savedNotice(res, profileId, id)}`);
  });

  // "Check again": the page is read afresh (its publisher may have added the markup since).
  router.post('/articles/:id/check', async (req, res) => {
    const profileId = profileIdOf(res);
    const id = articleIdOf(req.params.id);
    if (!(await repositories.articles.find(profileId, id)))
      throw new PageError(404, 'There is no such article in your portfolio.');
    let outcome;
    try {
      outcome = await check(res, profileId, id);
    } catch (error) {
      const wait = waitAddressFor(error);
      if (wait) return res.redirect(303, wait);
      throw error;
    }
    res.redirect(303, `/articles?done=${outcome.status === 'proven' ? 'checked-proven' : 'checked-unproven'}`);
  });

  for (const [path, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    router.post(`/articles/:id/${path}`, async (req, res) => {
      const profileId = profileIdOf(res);
      const article = await repositories.articles.find(profileId, articleIdOf(req.params.id));
      if (!article) throw new PageError(404, 'There is no such article in your portfolio.');
      await saveArticle(
        repositories.articles,
        profileId,
        article.id,
        { ...formFromArticle(article), active },
        now().toISOString(),
      );
      res.redirect(303, `/articles?done=${active ? 'activated' : 'deactivated'}`);
    });
  }

  return router;
}
