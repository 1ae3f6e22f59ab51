import type { Request } from 'express';
import type Joi from 'joi';
import { validateForm } from '../http/forms';
import type { FormProblem } from './claim-views';
import { attestSchema } from './editor-schema';

/**
 * The required note of an editor's form (an attest or a move by default; `schema` for another decision's wording),
 * and a refusal shown at that form with what was typed kept.
 */
export function noteFormOf(req: Request, formKey: string, schema: Joi.ObjectSchema = attestSchema) {
  const form = validateForm<{ note: string }>(schema, req.body);
  const problemOf = (message: string): FormProblem => ({ form: formKey, message, note: String(req.body?.note ?? '') });
  return { form, problemOf };
}
