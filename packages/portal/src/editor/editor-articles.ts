import { CREDITS_SOMEONE_ELSE } from '@byline/editorial/authorship/check-article';
import { repositoriesOf } from '@byline/shared/store';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { isOwnProfile } from '@byline/editorial/use-cases/verification';
import { moveProvenArticle } from '@byline/domain/articles/move-proven-article';
import { EDITOR_PROVIDER } from '@byline/domain/proofs/claims';
import { listedWhenApprovedEvidence, type ArticleClaim } from '@byline/domain/articles/article-proof';
import { proveArticle } from '@byline/domain/articles/prove-article';
import type { Store } from '@byline/domain/store/store';

export type AttestArticleResult =
  { ok: true; claim: ArticleClaim } | { ok: false; reason: 'own-profile' | 'no-such-article' | 'already-proven' | 'released' };

/**
 * An editor vouches for an article whose page cannot prove it (`editor-attestation`, with their note), never on their
 * own profile. It then counts, beside any other profile that has the address proven (a co-author); the history says
 * who vouched and why, `at`.
 */
export async function attestArticle(
  store: Store,
  editor: PortalUser,
  profileId: number,
  articleId: number,
  note: string,
  at: Date,
): Promise<AttestArticleResult> {
  if (isOwnProfile(editor, profileId)) return { ok: false, reason: 'own-profile' };
  const repositories = repositoriesOf(store);
  const claim = (await repositories.articles.claimsOf(profileId)).find((candidate) => candidate.article.id === articleId);
  if (!claim) return { ok: false, reason: 'no-such-article' };
  if (claim.proof.state === 'proven') return { ok: false, reason: 'already-proven' };
  if (claim.proof.state === 'released') return { ok: false, reason: 'released' };
  const evidence = { method: 'editor-attestation' as const, provider: EDITOR_PROVIDER, by: `editor:${editor.email}`, note };
  if (!(await proveArticle(repositories.articles, { profileId, articleId, evidence })).ok) {
    return { ok: false, reason: 'no-such-article' };
  }
  await repositories.audit.record(
    {
      profileId,
      actor: editor.email,
      action: 'article-attested',
      note: `${claim.article.link}: ${note}`,
    },
    at,
  );
  return { ok: true, claim };
}

/**
 * Approving a profile vouches for the articles it lists then, which the editor saw on the review page: each claim
 * not yet proven (nor lapsed or released) is proven by the editor's attestation, "listed when the profile was
 * approved", except those whose page credits someone else and those another profile has proven (a co-author's
 * place takes its page, or an editor's attestation of that article). After the approval is stored: interrupted, the
 * articles simply do not count yet (nothing unproven answers).
 */
export async function attestListedArticles(store: Store, editor: PortalUser, profileId: number): Promise<void> {
  const repositories = repositoriesOf(store);
  for (const claim of await repositories.articles.claimsOf(profileId)) {
    // A page that names someone else contradicts the listing: only an editor's attestation of that article proves it.
    if (claim.proof.state !== 'claimed' || claim.proof.reason === CREDITS_SOMEONE_ELSE) continue;
    // Proven on another profile: the approval vouched for the person, not for a share of someone else's article.
    const provenBy = await repositories.articles.provenBy(canonicalizeUrl(claim.article.link));
    if (provenBy.some((holder) => holder !== profileId)) continue;
    const evidence = listedWhenApprovedEvidence(editor.email);
    await proveArticle(repositories.articles, { profileId, articleId: claim.article.id, evidence });
  }
}

export type MoveArticleHereResult =
  { ok: true } | { ok: false; reason: 'own-profile' | 'no-such-article' | 'not-proven-elsewhere' };

/** An editor moves a proven article onto the profile whose claim of it was released, alone (see moveProvenArticle). */
export async function moveArticleHere(
  store: Store,
  editor: PortalUser,
  profileId: number,
  articleId: number,
  note: string,
): Promise<MoveArticleHereResult> {
  if (isOwnProfile(editor, profileId)) return { ok: false, reason: 'own-profile' };
  const moved = await moveProvenArticle(repositoriesOf(store).articles, { profileId, articleId, editor: editor.email, note });
  return moved.ok ? { ok: true } : moved;
}
