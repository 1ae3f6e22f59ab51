import { handleKey, InvalidHandleError, InvalidSocialHandlesError, normalizeHandle } from '@byline/domain/social/social-handle';
import { SOCIAL_TYPES, type SocialType, type Profile } from '@byline/domain/domain/types';
import { type Store } from '@byline/domain/store/store';
import { endingProofs } from '@byline/editorial/proofs/no-live-proof';
import { repositoriesOf } from '@byline/shared/store';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { slugOf } from '@byline/editorial/use-cases/slugs';
import { type Profiles, HandleTakenError } from '@byline/domain/profiles/profiles-repository';
import { isLiveClaim, type ClaimKind, type Claim } from '@byline/domain/proofs/claims';
import { blueskyClaim, claimKey, normalClaimValue, type WantedClaims } from '@byline/domain/proofs/claim-values';
import { setClaims } from '@byline/domain/claims/set-claims';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { type ProfileFields } from '@byline/domain/profiles/profile-fields';
import { claimTitle } from '../proofs/proof-wording';
import { SOCIAL_LABELS } from '../routes/profile-schema';
import type { FieldErrors } from '../views/forms';

/** A URL-safe slug from the names (see slugOf); `journalist` when nothing of them is left. */
export function slugFromNames(first: string, last: string): string {
  return slugOf(`${first} ${last}`) || 'journalist';
}

const HANDLE_TAKEN = 'This handle belongs to another Byline profile. Contact an editor if it is yours.';

/** Handles in the form that another profile holds, so a form with other mistakes reports them too. */
export async function handleConflicts(store: Store, user: PortalUser, form: Record<string, string>): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const type of SOCIAL_TYPES as readonly SocialType[]) {
    const value = form[type];
    if (typeof value !== 'string' || !value.trim()) continue;
    let key: string;
    try {
      key = handleKey(type, normalizeHandle(type, value));
    } catch (error) {
      if (error instanceof InvalidHandleError) continue; // the schema reports it
      throw error;
    }
    const holder = await store.findAuthorBySocialHandle(type, key);
    if (holder && holder.profile.id !== user.profileId) errors[type] = HANDLE_TAKEN;
  }
  return errors;
}

export type SaveProfileResult = { ok: true; profile: Profile } | { ok: false; errors: FieldErrors };

export async function saveProfile(profiles: Profiles, user: PortalUser, fields: ProfileFields): Promise<SaveProfileResult> {
  try {
    const profile = await profiles.save(user.id, fields, slugFromNames(fields.profile_first_name, fields.profile_last_name));
    return { ok: true, profile };
  } catch (error) {
    const errors: FieldErrors = {};
    if (error instanceof HandleTakenError) {
      for (const type of error.types) errors[type] = HANDLE_TAKEN;
    } else if (error instanceof InvalidSocialHandlesError) {
      // The form's schema applies the same rules first; this covers a caller that skipped it.
      for (const [type, reason] of Object.entries(error.reasons) as [SocialType, string][]) {
        errors[type] = `This ${SOCIAL_LABELS[type]} handle ${reason}`;
      }
    } else {
      throw error;
    }
    return { ok: false, errors };
  }
}

/** The form's flat fields as the stored profile shape. */
export function profileFieldsFromForm(form: Record<string, string>): ProfileFields {
  const social = Object.fromEntries(
    SOCIAL_TYPES.map((type) => [type, form[type] ?? '']),
  ) as ProfileFields['profile_social_profiles'];
  return {
    profile_first_name: form.profile_first_name ?? '',
    profile_last_name: form.profile_last_name ?? '',
    profile_title: form.profile_title ?? '',
    profile_bio: form.profile_bio ?? '',
    profile_employer: form.profile_employer ?? '',
    profile_residing: form.profile_residing ?? '',
    profile_image: form.profile_image ?? '',
    profile_social_profiles: social,
    user_location: form.user_location ?? '',
    user_city: form.user_city ?? '',
  };
}

/**
 * The form as the profile shows it. The profile document holds proven handles only, so each network field
 * shows that network's live claim (proven or not), the websites and fediverse fields the live claims of those
 * kinds, and the domains field the profile's attribution domains.
 */
export function formFromProfile(
  profile: Profile | null,
  claims: Claim[] = [],
  attributionDomains: string[] = [],
): Record<string, string> {
  if (!profile) return {};
  const { profile_social_profiles: _proven, ...rest } = profile;
  const live = claims.filter(isLiveClaim);
  const claimed = Object.fromEntries(SOCIAL_TYPES.map((type) => [type, live.find((claim) => claim.kind === type)?.value ?? '']));
  const valuesOf = (kind: ClaimKind) => live.filter((claim) => claim.kind === kind).map((claim) => claim.value);
  return {
    ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value ?? '')])),
    ...claimed,
    websites: valuesOf('website').join('\n'),
    fediverse: valuesOf('fediverse').join('\n'),
    bluesky: valuesOf('bluesky')[0] ?? '',
    attribution_domains: attributionDomains.join('\n'),
  };
}

/** What the profile form keeps beside the profile: claims proven by a page, and the domains allowed to credit it. */
export interface ProfileExtras {
  websites: string[];
  /** Fediverse accounts, `@user@host`. */
  fediverse: string[];
  /** Already normalised (normaliseAttributionDomains). */
  attributionDomains: string[];
  /** The Bluesky account the form names, resolved (see blueskyOfForm); null: none. Absent: the claim is left as it is. */
  bluesky?: { did: string; handle: string | null } | null;
}

/** Makes the profile's website and fediverse claims the form's lists (new ones `claimed`, dropped ones released). */
export async function saveWebsites(
  claims: ClaimsRepository,
  profileId: number,
  { websites, fediverse, bluesky }: Pick<ProfileExtras, 'websites' | 'fediverse' | 'bluesky'>,
): Promise<void> {
  // One Bluesky account a profile, keyed by its DID; none listed releases the profile's claim of one.
  const keyed: WantedClaims =
    bluesky === undefined ? [] : [{ kind: 'bluesky', entries: bluesky === null ? [] : [blueskyClaim(bluesky)] }];
  await setClaims(claims, profileId, { website: websites, fediverse }, keyed);
}

/** The claims (`kind key`) the form keeps: its handles, websites and fediverse accounts, as the stores key them. */
function keptClaims(fields: ProfileFields, { websites, fediverse, bluesky }: ProfileExtras): Set<string> {
  const kept = new Set<string>();
  const keep = (kind: ClaimKind, value: string) => {
    if (!value.trim()) return;
    try {
      kept.add(`${kind} ${claimKey(kind, normalClaimValue(kind, value))}`);
    } catch {
      // Refused by the form's schema first; a value with no key keeps nothing.
    }
  };
  for (const type of SOCIAL_TYPES) keep(type, fields.profile_social_profiles[type] ?? '');
  for (const website of websites) keep('website', website);
  for (const account of fediverse) keep('fediverse', account);
  if (bluesky) kept.add(`bluesky ${bluesky.did}`);
  return kept;
}

/**
 * The journalist's profile form: the profile with its handles, then its websites and fediverse accounts, then
 * its attribution domains. Handles another profile holds are refused before anything is written. Removing the
 * last proven handle or site of a verified profile sends it back to the editors' queue, unverified (see
 * endingProofs).
 */
export async function saveProfileAndClaims(
  { store, claims, now }: { store: Store; claims: ClaimsRepository; now: () => Date },
  user: PortalUser,
  fields: ProfileFields,
  extras: ProfileExtras,
): Promise<SaveProfileResult> {
  const taken = await handleConflicts(store, user, fields.profile_social_profiles);
  if (Object.keys(taken).length) return { ok: false, errors: taken };
  const { profiles, verification, attributionDomains } = repositoriesOf(store);
  const save = async (): Promise<SaveProfileResult> => {
    const result = await saveProfile(profiles, user, fields);
    if (result.ok) {
      await saveWebsites(claims, result.profile.id, extras);
      // Last: the domains only widen what an article can prove, so an interruption before them loses nothing proven.
      await attributionDomains.setDomains(result.profile.id, extras.attributionDomains, now());
    }
    return result;
  };
  if (user.profileId === null) return save();
  const kept = keptClaims(fields, extras);
  return endingProofs(
    { profiles, verification, claims },
    user.profileId,
    {
      leaving: (claim) => !kept.has(`${claim.kind} ${claim.key}`),
      why: (proven) => `${proven.map(claimTitle).join(', ')} removed from the profile by its owner`,
    },
    save,
  );
}
