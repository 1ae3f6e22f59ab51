import { type Profile } from '@byline/domain/domain/types';
import { NO_PROOF_REQUESTER } from '@byline/editorial/proofs/no-live-proof';
import { reasonForEditors } from '@byline/editorial/authorship/check-article';
import { OWN_PROFILE_REFUSAL } from '@byline/editorial/use-cases/verification';
import { type ArticleClaim } from '@byline/domain/articles/article-proof';
import { type AuditRecord } from '@byline/domain/audit/audit-repository';
import { type Claim } from '@byline/domain/proofs/claims';
import { type Lookalike } from '@byline/domain/directory/directory-repository';
import { type VerificationRequest } from '@byline/domain/verification/verification-repository';
import { duplicateFlag } from './editor-directory-pages';
import { claimsInBrief, claimsSection, noteField, type FormProblem } from '../editor/claim-views';
import type { ReviewedClaim } from '../editor/editor-proofs';
import { html, sitePath, webUrl, type SafeHtml } from './html';
import { listTable } from './list-table';
import { allowedByWords } from './article-pages';
import { confirmBox, checkbox, csrfField, errorSummary, field, formError } from './forms';
import { avatar, profileDetails } from './profile-details';
import { auditHistory, verifiedBadge } from './verification-parts';
import { identityQueue, identityReviewSection, type IdentityProblem, type PendingIdentityItem } from './identity-change-parts';
import { reviewAffiliations } from './staff-parts';
import type { StaffRow } from '../use-cases/staff';

export interface QueueItem {
  request: VerificationRequest;
  profile: Profile;
  claims: Claim[];
  /** The profile of the editor looking at the queue: another editor must review it. */
  own: boolean;
  /** Other profiles that look like the same person (flagged as possible duplicates). */
  lookalikes: Lookalike[];
}

/** Who put the request in the queue: the journalist, or Byline's re-check when a proof lapsed. */
export const RECHECK_REQUESTER = 'byline:re-check';

function whyQueued(request: VerificationRequest): string {
  const on = request.requestedAt.slice(0, 10);
  if (request.requestedBy === RECHECK_REQUESTER) return `A proof lapsed (Byline’s re-check) on ${on}`;
  if (request.requestedBy === NO_PROOF_REQUESTER) return `Verified, but left without a live proof on ${on}`;
  return `Asked by ${request.requestedBy} on ${on}`;
}

/** Publishers whose admins asked for verification: decided on the publisher's page, listed first among them all. */
function publishersAskingLine(count: number): SafeHtml {
  if (!count) return html``;
  return html`<p class="notice" role="status">
    ${count === 1 ? '1 publisher asks' : `${count} publishers ask`} for verification: see
    <a href="/editor/publishers">All publishers</a> (those asking come first).
  </p>`;
}

export function queuePage(
  items: QueueItem[],
  notice?: string,
  identityItems: PendingIdentityItem[] = [],
  publishersAsking = 0,
): SafeHtml {
  return html`<h1>Verification queue</h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''} ${publishersAskingLine(publishersAsking)}
    ${listTable(items, {
      headings: ['Journalist', 'Employer', 'Why here', 'Handles and sites', ''],
      empty: html`<p>No profile is waiting for verification.</p>`,
      row: ({ request, profile, claims, own, lookalikes }) =>
        html`<tr>
          <td data-label="Journalist">
            ${profile.profile_first_name} ${profile.profile_last_name} ${duplicateFlag(profile.id, lookalikes)}
          </td>
          <td data-label="Employer">${profile.profile_employer}</td>
          <td data-label="Why here">${whyQueued(request)}</td>
          <td data-label="Handles and sites">${claimsInBrief(claims)}</td>
          <td>
            ${
              own
                ? html`<a href="/editor/profiles/${profile.id}">View</a>
                    <span class="hint">Your own profile: another editor reviews it</span>`
                : html`<a href="/editor/profiles/${profile.id}">Review</a>`
            }
          </td>
        </tr>`,
    })}
    ${identityQueue(identityItems)}`;
}

export interface ReviewState {
  csrf: string;
  profile: Profile;
  /** Each with `provenElsewhere`: another profile has its address proven (then an editor may move it here). */
  articles: (ArticleClaim & { provenElsewhere: boolean })[];
  history: AuditRecord[];
  pending: VerificationRequest | null;
  claims: ReviewedClaim[];
  /** What an action just did (post/redirect/get). */
  notice?: string;
  /** An attestation or a move that was refused, shown at its form. */
  problem?: FormProblem;
  /** A decision that was refused, with what the editor had entered. */
  refused?: DecisionRefusal;
  /** The editor's own profile: shown, but another editor must decide, attest and move. */
  own?: boolean;
  /** A verified profile's identity change waiting for a decision. */
  identity?: PendingIdentityItem | null;
  /** Its affiliations with publishers, whatever their state. */
  affiliations?: StaffRow[];
  /** An identity decision that was refused, shown at the identity change's form. */
  identityProblem?: IdentityProblem;
}

export interface DecisionRefusal {
  message: string;
  note: string;
  override: boolean;
  /** The message belongs to the note field rather than to the whole form. */
  aboutNote?: boolean;
  /** The message belongs to the withdrawal's confirmation box. */
  field?: 'confirm_withdraw';
}

/** The withdrawal asks twice: this box must be ticked with the button, or nothing is withdrawn. */
function withdrawConfirmation(refused: DecisionRefusal | undefined): SafeHtml {
  const error = refused?.field === 'confirm_withdraw' ? refused.message : undefined;
  return confirmBox({
    id: 'f-confirm_withdraw',
    name: 'confirm_withdraw',
    value: 'on',
    label: 'Yes, withdraw this profile’s verification',
    hint: 'Needed with “Withdraw verification”: the badge comes off at once.',
    error,
    summarised: true,
  });
}

/** What each decision does, said to the editor next to its button. */
const DECISIONS = {
  verify: {
    label: 'Approve and verify',
    effect:
      'The profile gets the “Verified journalist” badge on its public page, and the verification API answers “verified” for its articles and its proven handles (a handle that is only claimed never answers).',
  },
  keep: {
    label: 'Keep verified',
    effect: 'The profile stays verified and leaves the queue; the history records your decision and note.',
  },
  reject: { label: 'Reject', effect: 'The request is closed and the profile stays unverified; the journalist can ask again.' },
  unverify: {
    label: 'Withdraw verification',
    effect: 'The badge comes off its public page and the verification API stops answering “verified” for it.',
  },
};

function requestSummary(pending: VerificationRequest | null, profile: Profile): SafeHtml {
  if (pending?.requestedBy === NO_PROOF_REQUESTER) {
    return html`<p class="notice" role="status">
      Back in the queue since ${pending.requestedAt.slice(0, 10)}: this profile was verified, but a move, a release or a lapse
      left it without a live proof, so it is no longer verified (see the claims below and the history). Approve it again on a
      proof, or reject.
    </p>`;
  }
  if (pending?.requestedBy === RECHECK_REQUESTER) {
    return html`<p class="notice" role="status">
      Back in the queue since ${pending.requestedAt.slice(0, 10)}: one of this profile’s proofs stopped holding (Byline’s daily
      re-check; see the lapsed claim below and the history).
      ${
        profile.verified
          ? 'Another live proof still holds, so it is still verified: decide whether it stays so.'
          : 'It is not verified: approve it on another proof, or reject.'
      }
    </p>`;
  }
  if (pending) {
    return html`<p class="notice" role="status">
      This journalist asked to be verified on ${pending.requestedAt.slice(0, 10)} (${pending.requestedBy}). Check the evidence for
      each handle and site and the articles below, then approve or reject the request.
    </p>`;
  }
  return profile.verified
    ? html`<p class="hint">This profile is verified; no request is waiting.</p>`
    : html`<p class="hint">This journalist has not asked to be verified.</p>`;
}

function decisionButton(decision: keyof typeof DECISIONS): SafeHtml {
  const { label, effect } = DECISIONS[decision];
  const value = decision === 'keep' ? 'verify' : decision;
  return html`<li>
    <button
      type="submit"
      name="decision"
      value="${value}"
      aria-describedby="effect-${decision}"
      ${value === 'verify' ? '' : html`class="danger"`}
    >
      ${label}
    </button>
    <p class="hint" id="effect-${decision}">${effect}</p>
  </li>`;
}

function decisionButtons(profile: Profile, pending: VerificationRequest | null): SafeHtml[] {
  if (!profile.verified) return [decisionButton('verify'), decisionButton('reject')];
  return pending ? [decisionButton('keep'), decisionButton('unverify')] : [decisionButton('unverify')];
}

/** Without a proven handle or site, approving takes the override and a note. */
function overrideChoice(refused: DecisionRefusal | undefined): SafeHtml {
  return html`<p class="notice">
      No handle or site of this profile is proven yet: approving needs a proof (attest one above if you checked it yourself), or
      “Approve without proof” with a note.
    </p>
    ${checkbox('override', 'Approve without proof', refused?.override ?? false)}
    <p class="hint">
      Only when no handle or site can be proven (a staff reporter without accounts, say). The note is then required, and the
      history records that you approved without proof.
    </p>`;
}

function decisionForm({
  csrf,
  profile,
  pending,
  refused,
  offerOverride,
}: Pick<ReviewState, 'csrf' | 'profile' | 'pending' | 'refused'> & { offerOverride: boolean }): SafeHtml {
  const atField = refused?.aboutNote ? 'f-note' : refused?.field ? `f-${refused.field}` : null;
  return html`<form method="post" action="/editor/profiles/${profile.id}/decision" class="card" id="decision" novalidate>
    <h2>Your decision</h2>
    ${csrfField(csrf)} ${refused && atField ? errorSummary([{ field: atField, message: refused.message }]) : ''}
    ${refused && !atField ? formError(refused.message) : ''}
    ${field({
      name: 'note',
      label: 'Note for the record',
      multiline: true,
      value: refused?.note,
      errors: refused?.aboutNote ? { note: refused.message } : {},
      hint: 'Why you decided so; required to reject or withdraw. Kept in the profile’s history; the journalist sees it.',
    })}
    ${offerOverride ? overrideChoice(refused) : ''} ${profile.verified ? withdrawConfirmation(refused) : ''}
    <ul class="plain decisions">
      ${decisionButtons(profile, pending)}
    </ul>
  </form>`;
}

const ARTICLE_STATES: Record<ArticleClaim['proof']['state'], string> = {
  proven: 'counts',
  claimed: 'does not count yet',
  lapsed: 'no longer counts',
  released: 'released to another profile',
};

/** An article as an editor reviews it: whether it counts and why, a byline that only names, and the attest form. */
function reviewedArticle(
  profileId: number,
  { article, proof, provenElsewhere }: ArticleClaim & { provenElsewhere: boolean },
  csrf: string,
  problem: FormProblem | undefined,
  own: boolean,
): SafeHtml {
  const live = proof.evidence.filter((evidence) => evidence.endedAt === null).at(-1);
  const how = live
    ? live.method === 'authorship-attested'
      ? `its page credits the profile (${live.matched ?? ''}${allowedByWords(live, 'their')})`
      : live.method === 'editor-attestation'
        ? `vouched by ${live.by.replace(/^editor:/, '')}${live.note ? `: ${live.note}` : ''}`
        : 'loaded by the operator'
    : '';
  const attestable = !own && (proof.state === 'claimed' || proof.state === 'lapsed');
  // Proven on another profile (or moved there): an editor may attest it here as a co-author's, or move it here, with
  // a note, taking it from the others.
  const movable = !own && (proof.state === 'released' || (attestable && provenElsewhere));
  const formKey = `article-${article.id}`;
  return html`<li>
    <a href="${webUrl(article.link) ?? sitePath('#')}" rel="noopener noreferrer">${article.title}</a>
    (${article.published_at.slice(0, 10)}${article.active ? '' : ', deactivated'}) —
    <strong>${ARTICLE_STATES[proof.state]}</strong>${how ? html`: ${how}` : ''}
    ${proof.reason ? html`<br /><small>${reasonForEditors(proof.reason)}</small>` : ''}
    ${proof.mention ? html`<br /><small>The page’s byline names “${proof.mention}” (a mention, not proof).</small>` : ''}
    ${
      attestable
        ? html`<form method="post" action="/editor/profiles/${profileId}/articles/${article.id}/attest" novalidate>
            ${csrfField(csrf)}
            ${noteField(`${formKey}-note`, 'Why you vouch for this article (required)', 'Attesting makes the article count on your word. Attest only what you checked yourself (the outlet’s author page, the journalist’s editor).', problem?.form === formKey ? problem : undefined)}
            <button type="submit" class="secondary">Attest this article</button>
          </form>`
        : ''
    }
    ${
      movable
        ? html`<form method="post" action="/editor/profiles/${profileId}/articles/${article.id}/move" novalidate>
            ${csrfField(csrf)}
            ${noteField(`${formKey}-move-note`, 'Why it belongs to this profile (required)', 'Moving ends every other profile’s proof of this article and makes it count here alone, on your word; the histories record it. To credit a co-author, attest it instead.', problem?.form === formKey ? problem : undefined)}
            <button type="submit" class="secondary">Move this article here</button>
          </form>`
        : ''
    }
  </li>`;
}

export function reviewPage({
  csrf,
  profile,
  articles,
  history,
  pending,
  claims,
  notice,
  problem,
  refused,
  own = false,
  identity = null,
  affiliations = [],
  identityProblem,
}: ReviewState): SafeHtml {
  const name = `${profile.profile_first_name} ${profile.profile_last_name}`.trim();
  const proven = claims.some(({ claim }) => claim.releasedAt === null && claim.state === 'proven');
  const approving = !profile.verified || pending !== null;
  return html`<h1>Review ${name}</h1>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    <section class="card">
      <div class="profile-head">
        ${avatar(profile)}
        <div>
          <p>${verifiedBadge(profile)} Public page: <a href="/j/${profile.profile_slug}">/j/${profile.profile_slug}</a></p>
          ${requestSummary(pending, profile)}
        </div>
      </div>
      ${profileDetails(profile)} ${reviewAffiliations(affiliations)}
      <h2>Articles</h2>
      ${
        articles.length
          ? html`<ul class="articles-review">
              ${articles.map((claim) => reviewedArticle(profile.id, claim, csrf, problem, own))}
            </ul>`
          : html`<p>No articles.</p>`
      }
    </section>
    ${identityReviewSection(csrf, identity, identityProblem)} ${claimsSection(profile.id, claims, csrf, problem, own)}
    ${
      own
        ? html`<section class="card" aria-labelledby="decision-heading">
            <h2 id="decision-heading">Decision</h2>
            <p class="notice" role="status">${OWN_PROFILE_REFUSAL}</p>
          </section>`
        : decisionForm({ csrf, profile, pending, refused, offerOverride: approving && !proven })
    }
    <h2>History</h2>
    ${auditHistory(history)}`;
}
