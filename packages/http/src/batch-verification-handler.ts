import { Buffer } from 'node:buffer';
import type { RequestHandler } from 'express';
import { perMinuteOf } from '@byline/shared';
import { entityTagOf, type TaggedAnswer } from '@byline/domain/domain/rendered-answers';
import { authenticate } from './authenticate';
import { parseBody } from './body-parsing';
import { applyRateLimit } from './rate-limit';
import { sendTagged } from './send-json-text';
import type { Caller, VerificationGate } from './verification-handler';
import { batchValidator, type BatchItems } from './validate-batch';

export interface BatchVerificationOperation<Input> extends BatchItems<Input> {
  /** The single operation's use case, run for each item. */
  answer: (input: Input, caller: Caller) => Promise<TaggedAnswer>;
  /**
   * The same answers for all the items at once, in their order, where the store can read them together; used
   * instead of `answer` when given. Each must be the answer `answer` gives its item.
   */
  answerMany?: (inputs: Input[]) => Promise<TaggedAnswer[]>;
}

/**
 * A batch of a verification operation in one request: credentials → body → every item validated by the single
 * operation's schema → rate limit, one unit per item → the single use case for each item → the answers in input
 * order. The body is read before the rate limit because the count depends on it; a batch refused before its
 * lookups (400, 413, 415, 422) counts as one request, as a refused single request does. The single operation's
 * per-request work (credentials, rate limit, body, headers) is paid once for the whole batch.
 */
export function batchVerificationHandler<Input>(
  { checker, limiting }: VerificationGate,
  operation: BatchVerificationOperation<Input>,
): RequestHandler {
  const validatedBatch = batchValidator<Input>(operation);
  return async (req, res) => {
    const credential = await authenticate(req, checker, limiting.authFailures);
    const limit = perMinuteOf(credential, limiting.defaultPerMinute);
    let batch: { items: unknown[]; inputs: Input[] };
    try {
      const reading = parseBody(req, res);
      if (reading) await reading;
      batch = validatedBatch(req.body);
    } catch (error) {
      await applyRateLimit(credential.key, res, limiting, limit);
      throw error;
    }
    await applyRateLimit(credential.key, res, limiting, limit, batch.inputs.length);
    const answers = operation.answerMany
      ? await operation.answerMany(batch.inputs)
      : await Promise.all(
          batch.inputs.map((input) => operation.answer(input, { key: credential.key, account: credential.accountId })),
        );
    const { body, etag } = batchAnswer(batch.items, answers);
    sendTagged(req, res, body, etag);
  };
}

/**
 * `{"results":[{"input":…,"result":…},…]}` from the stored answers' JSON text, without parsing them again, encoded
 * straight into one buffer: concatenating the strings first cost a copy to flatten them and another to encode them,
 * a quarter of a batch's time. Its tag hashes the items as sent and the answers' own tags, which stand for their text.
 */
export function batchAnswer(items: unknown[], answers: TaggedAnswer[]): { body: Buffer; etag: string } {
  const parts: string[] = ['{"results":['];
  const tagged: string[] = ['batch'];
  for (let index = 0; index < answers.length; index++) {
    const input = JSON.stringify(items[index]);
    const { json: result, etag } = answers[index]!;
    // Each item's closing brace goes with the next one's opening: a part fewer to write per item.
    parts.push(`${index === 0 ? '' : '},'}{"input":${input},"result":`, result);
    tagged.push(input, etag);
  }
  parts.push(answers.length === 0 ? ']}' : '}]}');
  // One string hashed: a hash update per part was a native call each.
  return { body: encoded(parts), etag: entityTagOf(tagged.join('\0')) };
}

/** The most bytes one character takes in UTF-8 (a surrogate pair). */
const MAX_CHARACTER_BYTES = 4;

/**
 * The parts' UTF-8, in one buffer. The answers are almost always ASCII, one byte a character: written into a buffer of
 * as many bytes as characters (and room for one more character), they fit, which saves measuring each part first (a
 * pass over every answer, a twentieth of a batch's time). A write stops before a character that does not fit whole, so
 * a part that left less than a character's room may be cut short: then the parts are measured, and written again.
 */
function encoded(parts: string[]): Buffer {
  let characters = MAX_CHARACTER_BYTES;
  for (let index = 0; index < parts.length; index++) characters += parts[index]!.length;
  const guess = Buffer.allocUnsafe(characters);
  let offset = 0;
  for (let index = 0; index < parts.length; index++) {
    offset += guess.write(parts[index]!, offset);
    if (characters - offset < MAX_CHARACTER_BYTES) return measuredThenEncoded(parts);
  }
  return guess.subarray(0, offset);
}

function measuredThenEncoded(parts: string[]): Buffer {
  const body = Buffer.allocUnsafe(parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0));
  let offset = 0;
  for (let index = 0; index < parts.length; index++) offset += body.write(parts[index]!, offset);
  return body;
}
