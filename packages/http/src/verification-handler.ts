import type { Request, RequestHandler } from 'express';
import type Joi from 'joi';
import { perMinuteOf } from '@byline/shared';
import type { CredentialChecker } from '@byline/shared';
import { authenticate } from './authenticate';
import { parseBody } from './body-parsing';
import { applyRateLimit, type RateLimiting } from './rate-limit';
import type { TaggedAnswer } from '@byline/domain/domain/rendered-answers';
import { sendTaggedJson } from './send-json-text';
import { validated } from './validate';

/** Who may call, and how often: shared by an operation's routes. */
export interface VerificationGate {
  checker: CredentialChecker;
  limiting: RateLimiting;
}

export interface VerificationOperation<Input> {
  /** Checks and converts the request fields (Joi). */
  schema: Joi.Schema;
  /**
   * The schema's input for the fields, without Joi, where it can tell (quickArticleInput, quickJournalistInput); the
   * schema judges, and words the problem of, whatever it leaves (undefined).
   */
  quick?: (fields: Record<string, unknown>) => Input | undefined;
  /** The request fields the schema sees. */
  fields: (req: Request) => unknown;
  /** The use case: the answer, as JSON text with its ETag. */
  answer: (input: Input, caller: Caller) => Promise<TaggedAnswer>;
}

/** Who asked, for use cases that bound what one caller may set going (the v2 lookups' attribution asks). */
export interface Caller {
  /** The API key's public id (as the request log names it), never its secret. */
  key: string;
  /** Its API account: one account's keys share what one caller may set going. */
  account: number;
}

/**
 * A verification operation's request flow, step by step in one handler: credentials → rate limit → body →
 * validation (the quick check, then Joi for what it leaves) → use case → answer (304 when If-None-Match names its tag: still authenticated and counted). Each step throws an ApiError (or body-parser's error) for the one error
 * handler. One Express layer instead of a chain of six: per-layer dispatch was a measurable share of a request.
 */
export function verificationHandler<Input>(
  { checker, limiting }: VerificationGate,
  { schema, fields, quick, answer }: VerificationOperation<Input>,
): RequestHandler {
  return async (req, res) => {
    const credential = await authenticate(req, checker, limiting.authFailures);
    await applyRateLimit(credential.key, res, limiting, perMinuteOf(credential, limiting.defaultPerMinute));
    const reading = parseBody(req, res);
    if (reading) await reading;
    const given = fields(req);
    const input = quick?.(given as Record<string, unknown>) ?? validated<Input>(schema, given);
    sendTaggedJson(req, res, await answer(input, { key: credential.key, account: credential.accountId }));
  };
}
