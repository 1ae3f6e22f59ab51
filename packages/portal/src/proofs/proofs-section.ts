import { type SocialType } from '@byline/domain/domain/types';
import { claimedPageOf, isNetwork } from '@byline/domain/proofs/claim-values';
import { isLiveClaim, liveEvidence, type Claim, type Evidence } from '@byline/domain/proofs/claims';
import { postButton } from '../views/forms';
import { copyable } from '../views/copyable';
import { html, type SafeHtml } from '../views/html';
import { claimAnchor, type ProofNotice } from './proof-notice';
import { claimTitle, day, methodInWords, NETWORK_NAMES, STATE_LABELS } from './proof-wording';

export interface ProofsSectionState {
  csrf: string;
  claims: Claim[];
  /** The networks whose sign-in this portal has configured. */
  signInNetworks: readonly SocialType[];
  /** Whether "Sign in with Bluesky" is offered (an https or loopback portal). */
  blueskySignInOffered?: boolean;
  /** The profile's public address (PUBLIC_PORTAL_URL/j/SLUG), which claimed sites link back to. */
  publicAddress: string;
  /** The outcome of a check just made ("Check now"), shown next to the claim it checked. */
  notice?: ProofNotice | null;
}

/** Whether the notice belongs next to one of the claims this section lists (else the page shows it at the top). */
export function isNoticeOfListedClaim(notice: ProofNotice | null | undefined, claims: Claim[]): boolean {
  return notice?.claimId !== undefined && claims.some((claim) => claim.id === notice.claimId && isLiveClaim(claim));
}

/** A proof notice as the page shows it: good news as a status, a failure as an alert. */
export function proofNoticeLine(notice: ProofNotice): SafeHtml {
  return notice.tone === 'ok'
    ? html`<p class="notice" role="status">${notice.text}</p>`
    : html`<p class="form-error" role="alert">${notice.text}</p>`;
}

/** Released claims worth telling the owner about: not the ones they removed themselves. */
const RELEASED_SHOWN = 10;
const removedByOwner = (claim: Claim) => /^Removed by the journalist/.test(claim.releasedReason ?? '');

function evidenceLine(evidence: Evidence): SafeHtml {
  const details =
    evidence.method === 'network-sign-in'
      ? html` (${evidence.provider.name} account id ${evidence.subject ?? ''}, from ${evidence.provider.id})`
      : evidence.note
        ? html` (${evidence.by.replace(/^editor:/, '')}: ${evidence.note})`
        : '';
  const rechecked = evidence.nextCheckAt
    ? evidence.failingSince
      ? html` <span class="error">Failing since ${day(evidence.failingSince)}: ${evidence.lastFailure ?? ''}.</span>`
      : html` Last checked ${day(evidence.lastCheckedAt)}; checked again daily.`
    : '';
  return html`<li>Proof: ${methodInWords(evidence)} on ${day(evidence.verifiedAt)}${details}.${rechecked}</li>`;
}

function endedLine(evidence: Evidence): SafeHtml {
  return html`<li class="hint">
    Earlier proof (${methodInWords(evidence)}) ended ${day(evidence.endedAt)}: ${evidence.endedReason ?? ''}
  </li>`;
}

function howToProveNetwork(claim: Claim, network: SocialType, state: ProofsSectionState): SafeHtml {
  const name = NETWORK_NAMES[network];
  if (!state.signInNetworks.includes(network))
    return html`<p class="hint">
      Sign-in with ${name} is not configured on this portal. An editor can attest this handle instead when they review your
      profile.
    </p>`;
  return html`<p>Prove it by signing in to ${name} as this account; the handle ${name} answers is the one proven.</p>
    ${postButton(`/profile/proofs/${network}/start`, `Sign in with ${name}`, state.csrf, '')}`;
}

function howToProveWebsite(claim: Claim, state: ProofsSectionState): SafeHtml {
  const tag = `<a rel="me" href="${state.publicAddress}">`;
  const check = postButton(`/profile/proofs/websites/${claim.id}/check`, 'Check now', state.csrf, 'secondary', true);
  const page = claim.kind === 'fediverse' ? claimedPageOf('fediverse', claim.value) : null;
  if (page)
    return html`<p>
        Prove it by putting <code>${state.publicAddress}</code> in a profile field of this account (its server links it with
        rel="me"), then check: Byline reads <code>${page}</code>.
      </p>
      ${check}`;
  return html`<p>
      Prove it by adding this link to that page (a Mastodon or other fediverse profile: put
      <code>${state.publicAddress}</code> in a profile field), then check:
    </p>
    <p>${copyable(`rel-me-${claim.id}`, tag, 'the link')}</p>
    ${check}`;
}

function howToProveBluesky(claim: Claim, state: ProofsSectionState): SafeHtml {
  const check = postButton(`/profile/proofs/bluesky/${claim.id}/check`, 'Check now', state.csrf, 'secondary', true);
  const signIn = state.blueskySignInOffered
    ? html`<p>Prove it by signing in to Bluesky as this account: only this account's sign-in proves it.</p>
        ${postButton(`/profile/proofs/bluesky/${claim.id}/sign-in`, 'Sign in with Bluesky', state.csrf, '')}
        <p>Or</p>`
    : '';
  return html`${signIn}
    <p>
      Prove it by putting <code>${state.publicAddress}</code> in this Bluesky account's profile (its website, or its description),
      then check: Byline reads the profile of <code>${claim.key}</code> from its server.
    </p>
    ${check}`;
}

function howToProve(claim: Claim, state: ProofsSectionState): SafeHtml {
  if (isNetwork(claim.kind)) return howToProveNetwork(claim, claim.kind, state);
  return claim.kind === 'bluesky' ? howToProveBluesky(claim, state) : howToProveWebsite(claim, state);
}

function claimItem(claim: Claim, state: ProofsSectionState): SafeHtml {
  const live = liveEvidence(claim);
  const ended = claim.evidence.filter((evidence) => evidence.endedAt !== null);
  // A Bluesky account signed in to needs no other proof; a rel="me" proof is re-checked and so never asked again.
  const provable = isNetwork(claim.kind)
    ? claim.state !== 'proven'
    : !live.some(
        (evidence) => evidence.method === 'rel-me' || (claim.kind === 'bluesky' && evidence.method === 'network-sign-in'),
      );
  const notice = state.notice?.claimId === claim.id ? proofNoticeLine(state.notice) : '';
  return html`<li class="claim" id="${claimAnchor(claim.id)}" data-claim="${claim.id}">
    <strong>${claimTitle(claim)}</strong>
    <span class="badge${claim.state === 'proven' ? ' verified' : ''}">${STATE_LABELS[claim.state]}</span> ${notice}
    ${
      live.length || ended.length
        ? html`<ul>
            ${live.map(evidenceLine)} ${ended.map(endedLine)}
          </ul>`
        : ''
    }
    ${provable ? howToProve(claim, state) : ''}
  </li>`;
}

/**
 * At the top of the profile page, above the form: the claims someone or something else released (another profile
 * proved the handle, an editor moved or displaced it), newest first, each with why. Not those the owner removed,
 * nor one claimed again since.
 */
export function releasedBanner(claims: Claim[]): SafeHtml {
  const liveKeys = new Set(claims.filter(isLiveClaim).map((claim) => `${claim.kind} ${claim.key}`));
  const released = claims
    .filter((claim) => !isLiveClaim(claim) && !removedByOwner(claim) && !liveKeys.has(`${claim.kind} ${claim.key}`))
    .sort((a, b) => (b.releasedAt ?? '').localeCompare(a.releasedAt ?? ''))
    .slice(0, RELEASED_SHOWN);
  if (!released.length) return html``;
  return html`<section class="banner card" role="status" aria-labelledby="released-heading">
    <h2 id="released-heading">${released.length === 1 ? 'A claim of yours was released' : 'Claims of yours were released'}</h2>
    <ul class="plain proofs released">
      ${released.map((claim) => html`<li><strong>${claimTitle(claim)}</strong>: ${claim.releasedReason ?? 'Released.'}</li>`)}
    </ul>
    <p class="hint">Released claims count for nothing. If one is yours, ask an editor to review it.</p>
  </section>`;
}

/** Under the profile form: each claimed handle and site, its state and evidence, and how to prove it. */
export function proofsSection(state: ProofsSectionState): SafeHtml {
  const live = state.claims.filter(isLiveClaim);
  return html`<section class="card" aria-labelledby="proofs-heading">
    <h2 id="proofs-heading">Proofs</h2>
    <p class="hint">
      A handle, website or fediverse account you list is only a claim until it is proven. Only proven handles count for
      verification and show on your public page.
    </p>
    ${
      live.length
        ? html`<ul class="plain proofs">
            ${live.map((claim) => claimItem(claim, state))}
          </ul>`
        : html`<p>List your social handles, websites or fediverse accounts in the form above, then prove them here.</p>`
    }
  </section>`;
}
