import { SOCIAL_TYPES, type Profile, type SocialType } from '@byline/domain/domain/types';
import { type AuditRecord } from '@byline/domain/audit/audit-repository';
import { type Claim } from '@byline/domain/proofs/claims';
import { type PendingIdentityChange } from '@byline/domain/profiles/identity-review';
import { type VerificationRequest } from '@byline/domain/verification/verification-repository';
import { MAX_ATTRIBUTION_DOMAINS } from '@byline/editorial/authorship/attribution-domains';
import { MAX_FEDIVERSE_ACCOUNTS, MAX_WEBSITES } from '../proofs/proof-schema';
import { blueskyVerificationLine } from './bluesky-verification';
import { isNoticeOfListedClaim, proofNoticeLine, proofsSection, releasedBanner } from '../proofs/proofs-section';
import type { ProofNotice } from '../proofs/proof-notice';
import { SOCIAL_LABELS } from '../routes/profile-schema';
import { html, type SafeHtml } from './html';
import { listTable } from './list-table';
import { csrfField, field, postButton, type FieldErrors } from './forms';
import { auditHistory, pendingNotice, verifiedBadge } from './verification-parts';
import { ownerPendingIdentity } from './identity-change-parts';
import { ownStaffSection } from './staff-parts';
import { endpointCells } from './webhooks-page';
import type { StaffRow } from '../use-cases/staff';
import type { OwnWebhookEndpoint } from '../use-cases/own-data';

export interface ProfilePageState {
  csrf: string;
  profile: Profile | null;
  form: Record<string, string>;
  errors?: FieldErrors;
  saved?: boolean;
  pending?: VerificationRequest | null;
  history?: AuditRecord[];
  /** Every claim of the profile (live and released), with its evidence. */
  claims?: Claim[];
  /** The networks whose sign-in is configured on this portal. */
  signInNetworks?: readonly SocialType[];
  /** Whether "Sign in with Bluesky" is offered (an https or loopback portal). */
  blueskySignInOffered?: boolean;
  /** PUBLIC_PORTAL_URL/j/SLUG, once the profile exists. */
  publicAddress?: string | null;
  /** The outcome of a proof just made or tried: next to its claim when it names one, else at the top. */
  proofNotice?: ProofNotice | null;
  /** The identity change of a verified profile waiting for an editor. */
  pendingIdentity?: PendingIdentityChange | null;
  /** The domains whose pages may credit the profile, as stored. */
  attributionDomains?: string[];
  /** Invitations from publishers to answer, and the profile's affiliations. */
  staff?: { invitations: StaffRow[]; affiliations: StaffRow[] };
  /** What an answer to an invitation or an end just did. */
  staffNotice?: string;
  /** The webhook endpoints of the person's API account, listed under "Your data". */
  webhooks?: OwnWebhookEndpoint[];
  /** The at:// address of Byline's verification record on Bluesky, while one stands. */
  blueskyVerification?: string | null;
  /** The person's address is not proven: what it reaches (invitations to it, an API account) waits, and the page says so. */
  addressUnproven?: boolean;
}

const unprovenAddressLine = html`<p class="notice" role="status">
  Invitations sent to your email address, and the API account it holds, wait until you
  <a href="/settings/email">confirm your email address</a>.
</p>`;

function verificationSection({ csrf, profile, pending = null, history = [] }: ProfilePageState): SafeHtml {
  if (!profile) return html``;
  const canRequest = !profile.verified && !pending;
  return html`<section class="card" aria-labelledby="verification-heading">
    <h2 id="verification-heading">Verification</h2>
    <p>${verifiedBadge(profile)} Public page: <a href="/j/${profile.profile_slug}">/j/${profile.profile_slug}</a></p>
    ${
      profile.verified
        ? ''
        : html`<p class="hint" id="address-follows-name">
            Until an editor verifies the profile, this address follows your name each time you save. After that it changes only
            with an approved change of name, and the old address leads to the new one.
          </p>`
    }
    ${
      profile.verified
        ? html`<p class="hint">
            Removing your last proven handle or site, or an editor moving it to another profile, takes the verification away until
            an editor approves your profile again. A change of your name, title, employer or photo waits for an editor; until then
            the verification API answers the approved values.
          </p>`
        : ''
    }
    ${pendingNotice(pending)} ${canRequest ? postButton('/profile/verification-request', 'Request verification', csrf, '') : ''}
    ${pending ? postButton('/profile/verification-request/withdraw', 'Withdraw my request', csrf) : ''}
    <h3>History</h3>
    ${auditHistory(history)}
  </section>`;
}

const day = (iso: string) => html`<time datetime="${iso}">${iso.slice(0, 10)}</time>`;

/** The endpoints events are sent to: what is held about them, without the secrets (API settings manage them). */
function ownWebhooks(webhooks: OwnWebhookEndpoint[]): SafeHtml {
  if (!webhooks.length) return html``;
  return html`<h3>Webhook endpoints of your API account</h3>
    ${listTable(webhooks, {
      class: 'keys',
      id: 'your-webhooks',
      headings: ['Address', 'Events', 'Created', 'Status'],
      row: (endpoint) =>
        html`<tr>
          ${endpointCells(endpoint)}
          <td data-label="Created">${day(endpoint.createdAt)}</td>
          <td data-label="Status">${endpoint.enabled ? 'Enabled' : 'Disabled'}</td>
        </tr>`,
    })}
    <p class="hint">Manage them in <a href="/settings/api/webhooks">API settings → Webhooks</a>.</p>`;
}

/** Shown to everyone signed in, with a profile or not (an API user has an account to download or delete too). */
const yourDataSection = (webhooks: OwnWebhookEndpoint[]) =>
  html`<section class="card" aria-labelledby="your-data-heading">
    <h2 id="your-data-heading">Your data</h2>
    <p><a href="/account/data.json" download>Download your data (JSON)</a> · <a href="/account/delete">Delete your account</a></p>
    ${ownWebhooks(webhooks)}
  </section>`;

export function profilePage(state: ProfilePageState): SafeHtml {
  const {
    csrf,
    profile,
    form,
    errors = {},
    saved,
    claims = [],
    signInNetworks = [],
    blueskySignInOffered = false,
    publicAddress,
    proofNotice,
  } = state;
  const showProofs = Boolean(profile && publicAddress);
  const noticeAtTop =
    proofNotice && !(showProofs && isNoticeOfListedClaim(proofNotice, claims)) ? proofNoticeLine(proofNotice) : '';
  const f = (name: string, label: string, extra: Partial<Parameters<typeof field>[0]> = {}) =>
    field({ name, label, value: form[name], errors, ...extra });
  return html`<h1>${profile ? 'Your journalist profile' : 'Create your journalist profile'}</h1>
    ${saved ? html`<p class="notice" role="status">Profile saved.</p>` : ''} ${noticeAtTop}
    ${state.staffNotice ? html`<p class="notice" role="status">${state.staffNotice}</p>` : ''}
    ${state.addressUnproven ? unprovenAddressLine : ''}
    ${state.staff ? ownStaffSection({ csrf, ...state.staff, hasProfile: profile !== null }) : ''}
    ${profile ? releasedBanner(claims) : ''} ${profile ? ownerPendingIdentity(csrf, profile, state.pendingIdentity ?? null) : ''}
    ${Object.keys(errors).length ? html`<p class="form-error" role="alert" tabindex="-1">Please correct the fields marked below.</p>` : ''}
    <form method="post" action="/profile" class="card" novalidate>
      ${csrfField(csrf)}
      <div class="grid">
        ${f('profile_first_name', 'First name', { required: true, autocomplete: 'given-name' })}
        ${f('profile_last_name', 'Last name', { autocomplete: 'family-name' })}
        ${f('profile_title', 'Title', { hint: 'For example: Climate correspondent' })} ${f('profile_employer', 'Employer')}
        ${f('profile_residing', 'Residing in')} ${f('user_city', 'City')}
        ${f('user_location', 'Country code', { hint: 'Two letters, such as IE' })}
        ${f('profile_image', 'Profile image address', { type: 'url', hint: 'An https:// address of your photo' })}
      </div>
      ${f('profile_bio', 'Biography', { multiline: true })}
      <h2>Social accounts</h2>
      <p class="hint">
        ${
          showProofs
            ? 'Each handle is a claim until you prove it below.'
            : 'Each handle is a claim until you prove it: once the profile is created, a Proofs section under this form shows how.'
        }
      </p>
      <div class="grid">${SOCIAL_TYPES.map((type) => f(type, SOCIAL_LABELS[type], { hint: 'Username or profile address' }))}</div>
      ${f('websites', 'Websites', {
        multiline: true,
        hint: `One address per line, at most ${MAX_WEBSITES}: your own site, or a fediverse profile such as https://mastodon.social/@name`,
      })}
      ${f('fediverse', 'Fediverse accounts', {
        multiline: true,
        hint: `One account per line, at most ${MAX_FEDIVERSE_ACCOUNTS}, written @name@server (such as @aoife@mastodon.social); prove each ${showProofs ? 'below' : 'once the profile is created'}`,
      })}
      ${f('bluesky', 'Bluesky account', {
        hint: `Your handle (such as name.bsky.social or your own domain) or your DID; prove it ${showProofs ? 'below' : 'once the profile is created'}`,
      })}
      <h2>Domains allowed to credit you</h2>
      ${f('attribution_domains', 'Domains', {
        multiline: true,
        hint: `One domain per line, at most ${MAX_ATTRIBUTION_DOMAINS}, such as theledger.ie; its subdomains count too. An article crediting you on any other domain is only a mention, not proof.`,
      })}
      <button type="submit">${profile ? 'Save profile' : 'Create profile'}</button>
    </form>
    ${showProofs ? proofsSection({ csrf, claims, signInNetworks, blueskySignInOffered, publicAddress: publicAddress!, notice: proofNotice }) : ''}
    ${blueskyVerificationLine(state.blueskyVerification)} ${verificationSection(state)} ${yourDataSection(state.webhooks ?? [])}
    <p><a href="/settings/password">Change your password</a></p>`;
}
