import { repositoriesOf } from '@byline/shared/store';
import { createEditor } from '@byline/editorial/use-cases/accounts';
import { bearer } from '@byline/test-support';
import type { SocialType } from '@byline/domain/domain/types';
import { profileForm, signedUp, submit, type Agent, type Portal } from './portal-harness';
import { proveClaim } from './proofs';
import { verifiers } from './verifiers';

/** A signed-up journalist whose profile claims handles (unproven, as typed in the form). */
export async function journalist(portal: Portal, overrides: Record<string, string> = {}, { request = true } = {}) {
  const session = await signedUp(portal.app);
  const form = profileForm(overrides);
  const saved = await submit(session.agent, '/profile', '/profile', form);
  if (saved.status !== 303) throw new Error(`profile not saved: ${saved.status}`);
  if (request) await submit(session.agent, '/profile', '/profile/verification-request', {});
  const user = await portal.repositories.users.findByEmail(session.email);
  const profile = (await portal.repositories.profiles.findById(user!.profileId!))!;
  return { ...session, form, profileId: profile.id, slug: profile.profile_slug };
}

/** A signed-in editor; with `profile`, one who built a journalist profile of their own before being made editor. */
export async function editor(portal: Portal, { profile }: { profile?: Record<string, string> } = {}) {
  const { email, agent, password } = await signedUp(portal.app);
  let profileId: number | null = null;
  if (profile) {
    await submit(agent, '/profile', '/profile', profileForm(profile));
    await submit(agent, '/profile', '/profile/verification-request', {});
    profileId = (await portal.repositories.users.findByEmail(email))!.profileId;
  }
  await createEditor(portal.repositories.users, email);
  await submit(agent, '/signin', '/signin', { email, password });
  return { agent, email, profileId };
}

export const reviewPath = (profileId: number) => `/editor/profiles/${profileId}`;

/** An editor's approval of the profile, recorded as the review page's decision leaves it (that page has its own tests). */
export const approvedByEditor = (portal: Portal, profileId: number, note = '') =>
  portal.repositories.verification.decide({ profileId, actor: 'ed@example.org', action: 'verified', note });

/**
 * An editor's answer, from the review page, to the identity change the profile is asking for now (its requested_at
 * read from the store): `identity_note` as typed, left out when not given.
 */
export async function decideIdentityChange(
  portal: Portal,
  desk: { agent: Agent },
  profileId: number,
  answer: { decision: 'approve' | 'decline'; identity_note?: string },
) {
  const requestedAt = (await portal.repositories.identityReview.pendingIdentityOf(profileId))!.requested_at;
  const path = reviewPath(profileId);
  return submit(desk.agent, path, `${path}/identity-change`, { ...answer, requested_at: requestedAt });
}

/**
 * A journalist (journalist(), with `form`) with one article at `articleUrl`, their X handle proven, whose profile
 * `desk` (a new editor unless given) approves through the review page with `note`: the journalist, the article's
 * address, the editor and the review page.
 */
export async function approvedJournalist(
  portal: Portal,
  {
    form = {},
    articleUrl = (person) => `https://paper.example/${person.slug}`,
    note = '',
    desk,
  }: {
    form?: Record<string, string>;
    articleUrl?: (person: Awaited<ReturnType<typeof journalist>>) => string;
    note?: string;
    desk?: Awaited<ReturnType<typeof editor>>;
  } = {},
) {
  const person = await journalist(portal, form);
  const link = articleUrl(person);
  await submit(person.agent, '/articles', '/articles', {
    link,
    title: 'Harbour story',
    published_at: '2024-03-01',
    active: 'on',
  });
  await proveClaim(portal.claims, person.profileId, 'twitter', person.form.twitter);
  const approver = desk ?? (await editor(portal));
  const path = reviewPath(person.profileId);
  expect((await submit(approver.agent, path, `${path}/decision`, { decision: 'verify', note })).status).toBe(303);
  return { person, articleUrl: link, desk: approver, path };
}

/** Profile-form overrides that claim no handle but X: the profile's only claim is the one a test is about. */
export const ONLY_X = { facebook: '', linkedin: '', instagram: '' };

/** The editor moves an X handle onto the profile through its review page's form. */
export function moveOnto(
  desk: { agent: Agent },
  profileId: number,
  { displace, ...fields }: { handle: string; note: string; displace?: string },
) {
  const path = reviewPath(profileId);
  return submit(desk.agent, path, `${path}/move`, {
    network: 'twitter',
    ...fields,
    ...(displace === undefined ? {} : { displace }),
  });
}

/** What verify_journalist answers for the handle. */
export async function answerFor(portal: Portal, handle: string, type: SocialType = 'twitter') {
  const token = (await bearer(portal.store)).replace('Bearer ', '');
  return (await verifiers(portal.store).verifyJournalist(token, handle, type)).body as Record<string, unknown>;
}

/** The profile as `byline export` writes it. */
export async function exported(portal: Portal, slug: string) {
  for await (const record of repositoriesOf(portal.store).profileTransfers.export()) {
    if (record.profile_slug === slug) return record;
  }
  throw new Error(`${slug} not exported`);
}

/** The profile's live claim of the network. */
export async function liveClaim(portal: Portal, profileId: number, kind: string) {
  return (await portal.claims.claimsOf(profileId)).find((claim) => claim.kind === kind && claim.releasedAt === null);
}
