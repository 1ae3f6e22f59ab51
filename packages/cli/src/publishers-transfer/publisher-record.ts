import Joi from 'joi';
import { plainTextRule } from '@byline/domain/validation/plain-text';
import { TRUST_RELATION_KINDS } from '@byline/domain/publishers/trust-summary';
import { InvalidAttributionDomainError, normaliseAttributionDomain } from '@byline/editorial/authorship/attribution-domains';
import { type AffiliationState } from '@byline/domain/staff/staff-repository';
import { type PublisherDomainState } from '@byline/domain/publishers/publishers-repository';

/**
 * The publishers of an export file: one record `{"publishers": [...]}` after the profiles (NDJSON line or array
 * element), so a file without it is a file of profiles as before. Staff name their journalist by profile slug, as
 * store ids mean nothing in another store.
 */
export interface PublishersRecord {
  publishers: PublisherRecord[];
}

export interface PublisherRecord {
  slug: string;
  name: string;
  logo_url: string | null;
  created_at: string;
  /** Whether lookups of its unknown articles may read their pages to attribute them. */
  attribution: boolean;
  /** Who verified it, when, and the note of that decision; null while not verified. */
  verified: { at: string; by: string; note: string } | null;
  /** Its latest trust.txt reading, as stored. */
  trust: object | null;
  domains: DomainRecord[];
  /** Oldest invitation first. */
  staff: StaffRecord[];
}

export interface DomainRecord {
  domain: string;
  token: string;
  state: PublisherDomainState;
  method: 'dns-txt' | 'well-known' | null;
  added_at: string;
  proven_at: string | null;
  last_checked_at: string | null;
  failing_since: string | null;
  last_failure: string | null;
}

export interface StaffRecord {
  /** The journalist's profile; null for an invitation by email no profile took up. */
  profile_slug: string | null;
  invited_email: string | null;
  state: AffiliationState;
  invited_by: string;
  invited_at: string;
  accepted_at: string | null;
  ended_at: string | null;
  ended_by: string | null;
  ended_reason: string | null;
}

/** A record is the publishers record when it has `publishers` and is no profile (profiles have a profile_slug). */
export const isPublishersRecord = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'publishers' in value && !('profile_slug' in value);

const at = Joi.string().isoDate();
const maybeAt = at.allow(null).required();
const line = (max: number) => Joi.string().max(max).custom(plainTextRule('line'));
const slug = Joi.string()
  .max(60)
  .pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .messages({ 'string.pattern.base': '{{#label}} must be lower-case letters and digits, words joined by single hyphens' });

const domainName = Joi.string()
  .max(300)
  .custom((value: string, helpers) => {
    try {
      return normaliseAttributionDomain(value);
    } catch (error) {
      if (!(error instanceof InvalidAttributionDomainError)) throw error;
      return helpers.message({ custom: `{{#label}} ${error.message}` });
    }
  });

const trustIssue = Joi.object({
  line: Joi.number().integer().min(1).allow(null).required(),
  message: Joi.string().max(2000).required(),
});
const trustSchema = Joi.object({
  domain: Joi.string().max(300).required(),
  readAt: at.required(),
  url: Joi.string()
    .uri({ scheme: ['https', 'http'] })
    .max(2048)
    .allow(null)
    .required(),
  relations: Joi.array()
    .items(
      Joi.object({
        kind: Joi.string()
          .valid(...TRUST_RELATION_KINDS)
          .required(),
        domain: Joi.string().max(300).required(),
        confirmed: Joi.boolean().required(),
        reason: Joi.string().max(2000).allow(null).required(),
      }),
    )
    .required(),
  social: Joi.array().items(Joi.string().max(2048)).required(),
  contacts: Joi.array().items(Joi.string().max(2048)).required(),
  disclosures: Joi.array().items(Joi.string().max(2048)).required(),
  dataTrainingAllowed: Joi.boolean().allow(null).required(),
  errors: Joi.array().items(trustIssue).required(),
  warnings: Joi.array().items(trustIssue).required(),
  failure: Joi.string().max(2000).allow(null).required(),
});

const domainSchema = Joi.object({
  domain: domainName.required(),
  token: Joi.string()
    .pattern(/^[0-9a-f]{16,128}$/)
    .required()
    .messages({ 'string.pattern.base': '{{#label}} must be a token as Byline makes them (hex digits)' }),
  state: Joi.string().valid('pending', 'proven', 'lapsed').required(),
  method: Joi.string().valid('dns-txt', 'well-known').allow(null).required(),
  added_at: at.required(),
  proven_at: maybeAt,
  last_checked_at: maybeAt,
  failing_since: maybeAt,
  last_failure: Joi.string().max(2000).allow(null).required(),
});

const staffSchema = Joi.object({
  profile_slug: slug.allow(null).required(),
  invited_email: Joi.string()
    .max(320)
    .email({ tlds: { allow: false } })
    .lowercase()
    .allow(null)
    .required(),
  state: Joi.string().valid('invited', 'active', 'declined', 'ended').required(),
  invited_by: line(320).required(),
  invited_at: at.required(),
  accepted_at: maybeAt,
  ended_at: maybeAt,
  ended_by: line(320).allow(null).required(),
  ended_reason: Joi.string().max(2000).custom(plainTextRule('prose')).allow(null, '').required(),
});

const publisherSchema = Joi.object({
  slug: slug.required(),
  name: Joi.string().trim().min(1).max(200).custom(plainTextRule('line')).required(),
  // https only, as the portal takes it: the logo is shown on https pages.
  logo_url: Joi.string()
    .max(2048)
    .uri({ scheme: ['https'] })
    .allow(null)
    .required(),
  created_at: at.required(),
  attribution: Joi.boolean().required(),
  verified: Joi.object({
    at: at.required(),
    by: line(320).required(),
    note: Joi.string().allow('').max(2000).custom(plainTextRule('prose')).required(),
  })
    .allow(null)
    .required(),
  trust: trustSchema.allow(null).required(),
  domains: Joi.array().items(domainSchema).required(),
  staff: Joi.array().items(staffSchema).required(),
});

const recordSchema = Joi.object({ publishers: Joi.array().items(publisherSchema).required() });

/** A rule between fields that Joi's schema does not say well: the field it concerns and why. */
type FieldProblem = [field: string, reason: string];

function domainProblems({ state, method, proven_at, failing_since }: DomainRecord): FieldProblem[] {
  const problems: FieldProblem[] = [];
  // A proven domain was proven some way at some time; a lapsed one keeps how and when it last was.
  if (state !== 'pending' && method === null) problems.push(['method', `is required when state is "${state}"`]);
  if (state !== 'pending' && proven_at === null) problems.push(['proven_at', `is required when state is "${state}"`]);
  if (state === 'pending' && method !== null) problems.push(['method', 'must be null when state is "pending"']);
  if (state === 'pending' && proven_at !== null) problems.push(['proven_at', 'must be null when state is "pending"']);
  // Only a proven domain can be failing (in its grace period); the others simply are not proven.
  if (state !== 'proven' && failing_since !== null) problems.push(['failing_since', 'must be null unless state is "proven"']);
  return problems;
}

function staffProblems(staff: StaffRecord): FieldProblem[] {
  const { profile_slug, invited_email, state, accepted_at, ended_at, ended_by, ended_reason } = staff;
  const problems: FieldProblem[] = [];
  if (profile_slug === null && invited_email === null)
    problems.push(['profile_slug', 'is required when there is no invited_email']);
  // A profile answers an invitation by email only by accepting it.
  if (profile_slug !== null && invited_email !== null && accepted_at === null)
    problems.push(['accepted_at', 'is required when both profile_slug and invited_email are given']);
  if (state === 'active' && accepted_at === null) problems.push(['accepted_at', 'is required when state is "active"']);
  if (accepted_at !== null && profile_slug === null) problems.push(['profile_slug', 'is required when accepted_at is given']);
  if ((state === 'invited' || state === 'declined') && accepted_at !== null)
    problems.push(['accepted_at', `must be null when state is "${state}"`]);
  const closed = state === 'declined' || state === 'ended';
  if (closed && ended_at === null) problems.push(['ended_at', `is required when state is "${state}"`]);
  if (closed && ended_by === null) problems.push(['ended_by', `is required when state is "${state}"`]);
  if (state === 'ended' && ended_reason === null) problems.push(['ended_reason', 'is required when state is "ended"']);
  if (state === 'declined' && ended_reason !== null) problems.push(['ended_reason', 'must be null when state is "declined"']);
  if (!closed && (ended_at !== null || ended_by !== null || ended_reason !== null))
    problems.push(['ended_at', `must be null (and ended_by, ended_reason) when state is "${state}"`]);
  return problems;
}

/** What only the whole list shows: a slug used twice, a domain proven by two publishers. */
function acrossPublishers(publishers: PublisherRecord[]): string[] {
  const problems: string[] = [];
  const slugs = new Map<string, number>();
  const proven = new Map<string, string>();
  publishers.forEach((publisher, index) => {
    const earlier = slugs.get(publisher.slug);
    if (earlier !== undefined)
      problems.push(`"publishers[${index}].slug" "${publisher.slug}" is also the slug of publishers[${earlier}]`);
    else slugs.set(publisher.slug, index);
    publisher.domains.forEach(({ domain, state }, d) => {
      if (state !== 'proven') return;
      const where = `publishers[${index}].domains[${d}]`;
      const holder = proven.get(domain);
      if (holder)
        problems.push(`"${where}.domain" "${domain}" is proven by ${holder} too: a proven domain belongs to one publisher`);
      else proven.set(domain, where);
    });
    publisher.domains.forEach(({ domain }, d) => {
      if (publisher.domains.findIndex((other) => other.domain === domain) < d)
        problems.push(`"publishers[${index}].domains[${d}].domain" "${domain}" is listed twice for this publisher`);
    });
    problems.push(...openTwice(publisher.staff, index));
  });
  return problems;
}

/** A publisher has one open (invited or active) affiliation per profile and per address at a time. */
function openTwice(staff: StaffRecord[], index: number): string[] {
  const problems: string[] = [];
  const open = new Map<string, number>();
  staff.forEach(({ profile_slug, invited_email, state }, s) => {
    if (state !== 'invited' && state !== 'active') return;
    for (const [field, value] of [
      ['profile_slug', profile_slug],
      ['invited_email', invited_email],
    ] as const) {
      if (value === null) continue;
      const earlier = open.get(`${field} ${value}`);
      if (earlier === undefined) open.set(`${field} ${value}`, s);
      else
        problems.push(
          `"publishers[${index}].staff[${s}].${field}" "${value}" is open in staff[${earlier}] too: one open invitation or affiliation per person`,
        );
    }
  });
  return problems;
}

/** The publishers record, valid and normalised, or every problem found, each naming its record and field. */
export function validatePublishersRecord(value: unknown): { value: PublishersRecord; errors?: undefined } | { errors: string[] } {
  const result = recordSchema.validate(value, { abortEarly: false });
  if (result.error) return { errors: result.error.details.map((detail) => detail.message) };
  const record = result.value as PublishersRecord;
  const errors: string[] = [];
  record.publishers.forEach((publisher, p) => {
    publisher.domains.forEach((domain, d) => {
      for (const [field, reason] of domainProblems(domain)) errors.push(`"publishers[${p}].domains[${d}].${field}" ${reason}`);
    });
    publisher.staff.forEach((staff, s) => {
      for (const [field, reason] of staffProblems(staff)) errors.push(`"publishers[${p}].staff[${s}].${field}" ${reason}`);
    });
  });
  errors.push(...acrossPublishers(record.publishers));
  return errors.length ? { errors } : { value: record };
}
