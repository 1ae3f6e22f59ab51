import { SOCIAL_TYPES, type SocialType } from '@byline/domain/domain/types';
import { claimedPageOf, isNetwork } from '@byline/domain/proofs/claim-values';
import { isLiveClaim, type Claim, type Evidence, type EvidenceMethod } from '@byline/domain/proofs/claims';
import { claimTitle, day, kindLabel, methodInWords, NETWORK_NAMES, shownValue, STATE_LABELS } from '../proofs/proof-wording';
import { confirmBox, csrfField } from '../views/forms';
import { html, webUrl, type SafeHtml, type SafeUrl } from '../views/html';
import { networkAddress } from '../views/social-links';
import { blueskyProfilePage } from '@byline/domain/social/bluesky-account';
import { displacedBy, type ReviewedClaim } from './editor-proofs';

/** A problem with one of the review page's forms, shown next to it: `attest-CLAIM`, `move-NETWORK-KEY` or `move`. */
export interface FormProblem {
  form: string;
  message: string;
  /** What the editor had typed, given back. */
  note?: string;
  handle?: string;
  network?: string;
  /** The field the message is about, when it is not the note. */
  field?: 'displace';
  /** The proven handle of this profile the move would displace, for the move-by-name form to ask about. */
  displaced?: Claim;
}

const METHOD_NAMES: Record<EvidenceMethod, string> = {
  'network-sign-in': 'Network sign-in',
  'rel-me': 'rel="me" link',
  'domain-handle': 'Domain handle',
  'editor-attestation': 'Editor attestation',
  'operator-import': 'Operator import',
};

const METHOD_IN_BRIEF: Record<EvidenceMethod, string> = {
  'network-sign-in': 'signed in',
  'rel-me': 'rel="me"',
  'domain-handle': 'domain handle',
  'editor-attestation': 'attested',
  'operator-import': 'imported',
};

const when = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;

function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}

/** One live claim in a few words: "X @name proven (signed in)", "LinkedIn name claimed", "Website host lapsed". */
function claimInBrief(claim: Claim): string {
  const value = claim.kind === 'website' ? hostOf(claim.value) : shownValue(claim.kind, claim.value);
  const state = claim.state === 'claimed' ? 'claimed' : claim.state;
  const proof = claim.evidence.find((evidence) => evidence.endedAt === null);
  return `${kindLabel(claim.kind)} ${value} ${state}${claim.state === 'proven' && proof ? ` (${METHOD_IN_BRIEF[proof.method]})` : ''}`;
}

/** The queue's line of a profile's live claims; when none is left of those it had, which were released. */
export function claimsInBrief(claims: Claim[]): SafeHtml {
  const live = claims.filter(isLiveClaim);
  if (!live.length && claims.length) {
    const titles = [...new Set(claims.map(claimTitle))];
    return html`<span class="error">All claims released</span> <span class="hint">(${titles.join(', ')})</span>`;
  }
  if (!live.length) return html`<span class="hint">No handles or sites claimed</span>`;
  return html`${live.map(claimInBrief).join(' · ')}`;
}

function evidenceDetails(evidence: Evidence): SafeHtml {
  const row = (term: string, value: SafeHtml | string) =>
    html`<dt>${term}</dt>
      <dd>${value}</dd>`;
  return html`<dl class="details evidence">
    ${row('Method', `${METHOD_NAMES[evidence.method]}: ${methodInWords(evidence)}`)}
    ${row('Provider', html`${evidence.provider.name} <code>${evidence.provider.id}</code>`)}
    ${row('Proven value', evidence.provenValue)} ${evidence.subject ? row('Account id', evidence.subject) : ''}
    ${row('Vouched for by', evidence.by)} ${evidence.note ? row('Note', evidence.note) : ''}
    ${row('Proven on', html`<time datetime="${evidence.verifiedAt}">${when(evidence.verifiedAt)}</time>`)}
    ${row('Last checked', html`<time datetime="${evidence.lastCheckedAt}">${when(evidence.lastCheckedAt)}</time>`)}
    ${evidence.nextCheckAt && evidence.endedAt === null ? row('Next check', when(evidence.nextCheckAt)) : ''}
    ${
      evidence.failingSince
        ? row(
            'Failing',
            html`<span class="error">Failing since ${day(evidence.failingSince)}: ${evidence.lastFailure ?? ''}</span>`,
          )
        : ''
    }
    ${evidence.endedAt ? row('Ended', `${day(evidence.endedAt)}: ${evidence.endedReason ?? ''}`) : ''}
  </dl>`;
}

/**
 * A required note with its label, hint and error (unless the problem is about another field), ids unique on the
 * page (several forms carry a note). What the editor had typed is given back either way.
 */
export function noteField(id: string, label: string, hint: string, problem: FormProblem | undefined): SafeHtml {
  const error = problem?.field ? undefined : problem?.message;
  const described = `${id}-hint${error ? ` ${id}-error` : ''}`;
  return html`<div class="field${error ? ' has-error' : ''}">
    <label for="${id}">${label}</label>
    <textarea id="${id}" name="note" rows="3" required aria-describedby="${described}" ${error ? html`aria-invalid="true"` : ''}>
${problem?.note ?? ''}</textarea>
    <p class="hint" id="${id}-hint">${hint}</p>
    ${error ? html`<p class="error" id="${id}-error" role="alert">${error}</p>` : ''}
  </div>`;
}

function attestForm(profileId: number, claim: Claim, csrf: string, problem: FormProblem | undefined): SafeHtml {
  const title = claimTitle(claim);
  const what = isNetwork(claim.kind) ? 'handle' : 'site';
  return html`<form method="post" action="/editor/profiles/${profileId}/claims/${claim.id}/attest" novalidate>
    ${csrfField(csrf)}
    ${noteField(
      `attest-${claim.id}-note`,
      `Why you vouch for ${title} (required)`,
      `Attesting proves this ${what} on your word, as if its owner had proven it: it then counts for approval and, once the profile is verified, answers “verified”. Attest only what you checked yourself (a video call, the employer’s staff page). Your note is kept with the proof and in the history.`,
      problem,
    )}
    <button type="submit" class="secondary">Attest ${title}</button>
  </form>`;
}

export const moveFormKey = (network: string, key: string) => `move-${network}-${key}`;

/** How a proven claim was proven, in brief: "signed in with X on 2025-03-01". */
function provenHow(claim: Claim): string {
  const proof = claim.evidence.find((evidence) => evidence.endedAt === null);
  return proof ? `${methodInWords(proof)} on ${day(proof.verifiedAt)}` : 'proven';
}

/**
 * What a move would displace, said before the editor moves, with the box that confirms it: without it ticked
 * the move is refused (422) and nothing changes. Its value names the displaced handle, so a confirmation given
 * for one handle never displaces another proven meanwhile.
 */
function displaceField(id: string, displaced: Claim, problem: FormProblem | undefined): SafeHtml {
  const title = claimTitle(displaced);
  const error = problem?.field === 'displace' ? problem.message : undefined;
  return confirmBox({
    id,
    name: 'displace',
    value: displaced.key,
    label: `Displace ${title}`,
    notice: html`This will displace ${title} (proven: ${provenHow(displaced)}) on this profile: its proof ends and its claim is
    released with your note, and both profiles’ histories record it.`,
    error,
  });
}

function moveForm(
  profileId: number,
  claim: Claim & { kind: SocialType },
  heldBy: ReviewedClaim['heldBy'],
  displaced: Claim | null,
  csrf: string,
  problem?: FormProblem,
) {
  const title = claimTitle(claim);
  return html`<p class="notice">
      ${title} is proven on another profile:
      <a href="/editor/profiles/${heldBy!.id}">${heldBy!.name}</a> (<a href="/j/${heldBy!.slug}">/j/${heldBy!.slug}</a>).
    </p>
    <form method="post" action="/editor/profiles/${profileId}/move" novalidate>
      ${csrfField(csrf)}
      <input type="hidden" name="network" value="${claim.kind}" />
      <input type="hidden" name="handle" value="${claim.value}" />
      ${noteField(
        `move-${claim.id}-note`,
        `Why ${title} belongs to this profile (required)`,
        `Moving takes it off ${heldBy!.name}’s profile (their claim is released with your note) and proves it here on your word. Both profiles’ histories record the move. Do it only when you have checked who owns the account.`,
        problem,
      )}
      ${displaced ? displaceField(`move-${claim.id}-displace`, displaced, problem) : ''}
      <button type="submit" class="danger">Move ${title} to this profile</button>
    </form>`;
}

/** The claimed account's or site's own page, for the editor to check before attesting; null when no page can be built. */
function claimAddress(claim: Claim): SafeUrl | null {
  if (isNetwork(claim.kind)) return networkAddress(claim.kind, claim.value) ?? null;
  // By DID: the page of the account the claim is about, whatever its handle is today.
  if (claim.kind === 'bluesky') return webUrl(blueskyProfilePage(claim.key)) ?? null;
  return webUrl(claimedPageOf(claim.kind, claim.value) ?? '') ?? null;
}

/** What the review page's forms need besides the claim: where they post, and what a move would displace. */
interface ClaimForms {
  profileId: number;
  csrf: string;
  /** Every claim of this profile: a move of a handle displaces its proven one of the same network. */
  claims: Claim[];
  /** The editor's own profile: no forms at all (another editor must act on it). */
  own: boolean;
}

function claimItem(forms: ClaimForms, { claim, heldBy }: ReviewedClaim, problem: FormProblem | undefined, movable: boolean) {
  const { profileId, csrf, own } = forms;
  const live = isLiveClaim(claim);
  const badge = live
    ? html`<span class="badge${claim.state === 'proven' ? ' verified' : ''}">${STATE_LABELS[claim.state]}</span>`
    : html`<span class="badge">Released</span>`;
  const attestable = live && claim.state !== 'proven' && !heldBy && !own;
  const attestProblem = problem?.form === `attest-${claim.id}` ? problem : undefined;
  const moveProblem = problem?.form === moveFormKey(claim.kind, claim.key) ? problem : undefined;
  const address = claimAddress(claim);
  const displaced = isNetwork(claim.kind) ? displacedBy(forms.claims, claim.kind, claim.key) : null;
  return html`<li class="claim" id="claim-${claim.id}">
    <h3>${claimTitle(claim)} ${badge}</h3>
    ${address ? html`<p><a href="${address}" rel="noopener noreferrer">${address}</a></p>` : ''}
    ${live ? '' : html`<p class="hint">${claim.releasedReason ?? 'Released.'}</p>`}
    ${claim.evidence.length ? claim.evidence.map(evidenceDetails) : html`<p class="hint">No proof${live ? ' yet' : ''}.</p>`}
    ${attestable ? attestForm(profileId, claim, csrf, attestProblem) : ''}
    ${attestProblem && !attestable ? html`<p class="error" role="alert">${attestProblem.message}</p>` : ''}
    ${
      heldBy && movable && !own && isNetwork(claim.kind)
        ? moveForm(profileId, claim as Claim & { kind: SocialType }, heldBy, displaced, csrf, moveProblem)
        : ''
    }
  </li>`;
}

/** For a handle the journalist could not even claim (another profile holds it proven): move it by name. */
function moveByNameForm(profileId: number, csrf: string, problem: FormProblem | undefined): SafeHtml {
  return html`<details ${problem ? html`open` : ''}>
    <summary>Move a proven handle from another profile to this one</summary>
    <form method="post" action="/editor/profiles/${profileId}/move" novalidate>
      ${csrfField(csrf)}
      <div class="field">
        <label for="move-network">Network</label>
        <select id="move-network" name="network">
          ${SOCIAL_TYPES.map(
            (type) =>
              html`<option value="${type}" ${problem?.network === type ? html`selected` : ''}>${NETWORK_NAMES[type]}</option>`,
          )}
        </select>
      </div>
      <div class="field">
        <label for="move-handle">Handle</label>
        <input id="move-handle" name="handle" type="text" value="${problem?.handle ?? ''}" />
      </div>
      ${noteField(
        'move-note',
        'Why it belongs to this profile (required)',
        'The profile holding it loses it (its claim is released with your note) and this profile proves it on your word; both histories record the move. A proven handle of the same network on this profile is displaced only once you confirm it.',
        problem,
      )}
      ${problem?.displaced ? displaceField('move-displace', problem.displaced, problem) : ''}
      <button type="submit" class="danger">Move the handle here</button>
    </form>
  </details>`;
}

/**
 * The review page's claims: every handle and site, live and released, with its state, evidence and actions (none
 * on the editor's own profile, `own`).
 */
export function claimsSection(
  profileId: number,
  reviewed: ReviewedClaim[],
  csrf: string,
  problem?: FormProblem,
  own = false,
): SafeHtml {
  const forms: ClaimForms = { profileId, csrf, own, claims: reviewed.map(({ claim }) => claim) };
  const moveForms = new Set<string>();
  const items = reviewed.map((entry) => {
    const key = moveFormKey(entry.claim.kind, entry.claim.key);
    const movable = entry.heldBy !== null && !moveForms.has(key);
    if (movable) moveForms.add(key);
    return claimItem(forms, entry, problem, movable);
  });
  const byNameProblem = problem?.form.startsWith('move') && !moveForms.has(problem.form) ? problem : undefined;
  return html`<section class="card" aria-labelledby="claims-heading">
    <h2 id="claims-heading">Handles and sites</h2>
    <p class="hint">
      What the journalist claims, and the evidence for each. Only proven handles answer “verified” once the profile is verified; a
      claim without proof counts for nothing.
    </p>
    ${
      items.length
        ? html`<ul class="plain claims">
            ${items}
          </ul>`
        : html`<p>No handles or sites claimed.</p>`
    }
    ${own ? '' : moveByNameForm(profileId, csrf, byNameProblem)}
  </section>`;
}
