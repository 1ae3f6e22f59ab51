import { step, type Steps } from '../database/steps';
import { isLiveArticleEvidence, type ArticleEvidence, type ArticleProof } from './article-proof';
import type { ArticlesUnitOfWrite } from './articles-repository';

/** An active affiliation that is ending: whose, which publisher's (by name, for the reason its owner reads), by whom. */
export interface EndingAffiliation {
  affiliationId: number;
  profileId: number;
  publisherName: string;
  /** Who ends it: the history names them. */
  actor: string;
}

/** The proof the affiliation vouched for: the worker's attribution that credited the journalist by name alone. */
const restsOn = (affiliationId: number) => (evidence: ArticleEvidence) =>
  isLiveArticleEvidence(evidence) && evidence.attribution?.by === 'name' && evidence.attribution.affiliationId === affiliationId;

/**
 * Ends what an affiliation vouched for, as it ends (the staff stores call it from `end`): the worker attributed
 * articles to the journalist whose page on the publisher's domain named them, and a name alone counts only on that
 * vouching. Each such proof ends, kept with the reason, as a re-check's proof ends (record-article-check.ts); an
 * article left without live proof lapses — it stops counting and answering, and its owner may prove it again (their
 * page check, or an editor) — and its history records who ended the affiliation (`article-vouching-ended`). An
 * attribution by link rests on the link, and an article with another live proof stays proven. The caller re-renders
 * the profile's answers afterwards (the affiliation's end re-renders them anyway). The articles whose proof ended.
 *
 * Order (MongoDB, where each is a separate write): run BEFORE the affiliation is marked ended, after its rendered
 * answers were taken out of service (forgetRenderedInTurn): interrupted, the affiliation is still open and the
 * articles already stopped counting, never the other way round; ending it again finishes the work.
 */
export function* endVouchedArticlesSteps(
  unit: Pick<ArticlesUnitOfWrite, 'provenClaimsOf' | 'writeProof' | 'appendHistory'>,
  { affiliationId, profileId, publisherName, actor }: EndingAffiliation,
  now: string,
): Steps<number[]> {
  const reason = `Credited by name only, on the vouching of ${publisherName}: the affiliation ended on ${now.slice(0, 10)}.`;
  const ended: number[] = [];
  for (const claim of yield* step(unit.provenClaimsOf(profileId))) {
    const vouched = restsOn(affiliationId);
    if (!claim.proof.evidence.some(vouched)) continue;
    const evidence = claim.proof.evidence.map((each) =>
      vouched(each) ? { ...each, nextCheckAt: null, endedAt: now, endedReason: reason } : each,
    );
    const leftWithout = !evidence.some(isLiveArticleEvidence);
    const proof: ArticleProof = leftWithout
      ? { ...claim.proof, state: 'lapsed', reason, evidence }
      : { ...claim.proof, evidence };
    yield* step(unit.writeProof(claim, proof));
    const note = `${claim.canonicalUrl}: ${reason}${leftWithout ? '' : ' Another live proof keeps it counting.'}`;
    yield* step(unit.appendHistory({ profileId, actor, action: 'article-vouching-ended', note }, now));
    ended.push(claim.id);
  }
  return ended;
}
