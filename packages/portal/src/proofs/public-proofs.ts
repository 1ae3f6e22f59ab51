import { handleKey } from '@byline/domain/social/social-handle';
import { SOCIAL_TYPES, type Profile } from '@byline/domain/domain/types';
import { claimedPageOf, isProvenByPage } from '@byline/domain/proofs/claim-values';
import { isLiveClaim, liveEvidence, type Claim, type ClaimKind, type Evidence } from '@byline/domain/proofs/claims';
import { html, jsonLdScript, safeUrl, webUrl, type SafeHtml, type SafeUrl } from '../views/html';
import { networkAddress } from '../views/social-links';
import { day, kindLabel, methodInWords, shownValue } from './proof-wording';

/** One proven account or site as the public page lists it. */
export interface ProvenEntry {
  kind: ClaimKind;
  shown: string;
  /** Its https page, or null for a handle stored before the rules that no account can have (shown, not linked). */
  address: SafeUrl | null;
  /** Its most recent live proof; absent only for a handle older than claims. */
  evidence?: Evidence;
}

export interface PublicProofs {
  proven: ProvenEntry[];
  /** Claimed websites not proven (yet): linked with rel="me" so that they can verify this page in turn. */
  claimedSites: SafeUrl[];
}

const latest = (claim: Claim | undefined): Evidence | undefined => {
  const live = claim ? liveEvidence(claim) : [];
  return live[live.length - 1];
};

/**
 * The profile's proven handles and sites. The handles are the profile document's (which holds proven handles
 * only); their evidence comes from the live proven claim of that network. Websites and fediverse accounts come from
 * the claims.
 */
export function publicProofsOf(profile: Profile, claims: Claim[]): PublicProofs {
  const live = claims.filter(isLiveClaim);
  const proven: ProvenEntry[] = [];
  for (const type of SOCIAL_TYPES) {
    const value = profile.profile_social_profiles[type];
    if (!value) continue;
    const ofType = live.filter((claim) => claim.kind === type && claim.state === 'proven');
    const claim = ofType.find((candidate) => candidate.key === safeKey(type, value)) ?? ofType[0];
    proven.push({ kind: type, shown: shownValue(type, value), address: networkAddress(type, value), evidence: latest(claim) });
  }
  const claimedSites: SafeUrl[] = [];
  for (const claim of live.filter((candidate) => isProvenByPage(candidate.kind))) {
    // A fediverse account links to its profile page, where its server shows the link back here.
    const address = webUrl(claimedPageOf(claim.kind as 'website' | 'fediverse', claim.value) ?? '');
    if (claim.state === 'proven')
      proven.push({ kind: claim.kind, shown: claim.value, address: address ?? null, evidence: latest(claim) });
    else if (address) claimedSites.push(address);
  }
  return { proven, claimedSites };
}

function safeKey(type: (typeof SOCIAL_TYPES)[number], value: string): string | null {
  try {
    return handleKey(type, value);
  } catch {
    return null;
  }
}

function proofPhrase(evidence: Evidence | undefined): string {
  if (!evidence) return '';
  return evidence.method === 'rel-me'
    ? ` — links back to this page with rel="me", last checked on ${day(evidence.lastCheckedAt)}`
    : ` — ${methodInWords(evidence)} on ${day(evidence.verifiedAt)}`;
}

/** "X @name — signed in with X on 2026-11-23", each linked to its page with rel="me". */
export function provenAccountsList({ proven }: PublicProofs): SafeHtml {
  if (!proven.length) return html`<p class="hint">No proven accounts yet.</p>`;
  return html`<ul class="plain social proofs">
    ${proven.map((entry) => {
      const shown = entry.address ? html`<a href="${entry.address}" rel="me noopener">${entry.shown}</a>` : entry.shown;
      return html`<li>${kindLabel(entry.kind)} ${shown}${proofPhrase(entry.evidence)}</li>`;
    })}
  </ul>`;
}

/** Claimed websites not proven by Byline, linked with rel="me" (a fediverse server checks this page for it). */
export function claimedSitesList({ claimedSites }: PublicProofs): SafeHtml {
  if (!claimedSites.length) return html``;
  return html`<h2>Also links to</h2>
    <p class="hint">Listed by the journalist; Byline has not proven these.</p>
    <ul class="plain">
      ${claimedSites.map((address) => html`<li><a href="${address}" rel="me noopener">${address}</a></li>`)}
    </ul>`;
}

/** schema.org `Person` (JSON-LD) of a verified journalist; `sameAs` lists proven accounts and sites only. */
export function personJsonLd(profile: Profile, publicAddress: string, proofs: PublicProofs): SafeHtml {
  const name = `${profile.profile_first_name} ${profile.profile_last_name}`.trim();
  const image = safeUrl(profile.profile_image);
  const sameAs = [...new Set(proofs.proven.flatMap((entry) => (entry.address ? [entry.address.href] : [])))];
  const person = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name,
    url: publicAddress,
    ...(profile.profile_title.trim() ? { jobTitle: profile.profile_title.trim() } : {}),
    ...(profile.profile_employer.trim() ? { worksFor: { '@type': 'Organization', name: profile.profile_employer.trim() } } : {}),
    ...(image ? { image } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
  return jsonLdScript(person);
}
