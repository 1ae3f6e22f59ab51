import type { Response } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { isOwnProfile } from '@byline/editorial/use-cases/verification';
import type { PortalContext } from '../deps';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { PageError } from '../http/page-error';
import { staffRows } from '../use-cases/staff';
import { reviewPage, type ReviewState } from '../views/editor-pages';
import { reviewedClaims } from './editor-proofs';

/** What an action just did, or why it was refused, shown on the review page at the form it came from. */
export type ReviewExtra = Pick<ReviewState, 'notice' | 'problem' | 'refused' | 'identityProblem'>;

/** The editor's review page of one profile (every form of the review posts back to it when refused). */
export async function showReviewPage(
  ctx: PortalContext,
  res: Response,
  id: number,
  extra: ReviewExtra = {},
  status = 200,
): Promise<void> {
  const repositories = repositoriesOf(ctx.store);
  const { audit, profiles, verification } = repositories;
  const profile = await profiles.findById(id);
  if (!profile) throw new PageError(404, 'There is no such profile.');
  const deps = { profiles, verification, claims: ctx.claims, audit, notifier: ctx.notifier };
  const [articles, history, pending, reviewed, identityChange, affiliations] = await Promise.all([
    repositories.articles.claimsOf(id),
    audit.historyOf(id),
    verification.pendingOf(id),
    reviewedClaims(deps, id),
    repositories.identityReview.pendingIdentityOf(id),
    repositories.staff.ofProfile(id).then((all) => staffRows(repositories, all)),
  ]);
  const own = isOwnProfile(signedInUser(res), id);
  const provenElsewhere = async (claim: (typeof articles)[number]) =>
    claim.proof.state !== 'proven' &&
    (await repositories.articles.provenBy(canonicalizeUrl(claim.article.link))).some((holder) => holder !== id);
  const identity = identityChange ? { profile, change: identityChange, own } : null;
  render(
    res,
    'Review profile',
    reviewPage({
      csrf: csrfTokenOf(res),
      profile,
      articles: await Promise.all(articles.map(async (claim) => ({ ...claim, provenElsewhere: await provenElsewhere(claim) }))),
      history,
      pending,
      claims: reviewed,
      own,
      identity,
      affiliations,
      ...extra,
    }),
    status,
  );
}
