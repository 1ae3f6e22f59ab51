import type { Request } from 'express';
import { parseBearerToken } from '../auth/bearer-token';
import type { CredentialChecker } from '../auth/credential-checker';
import { ApiError, unauthorized } from './api-error';

/**
 * Requires `Bearer KEY:SECRET` in the Authorization header, or in the Authentication header the spec also
 * names. Resolves with the API key (never the secret), also left in `req.apiKey` for the request log.
 */
export async function authenticate(req: Request, checker: CredentialChecker): Promise<string> {
  const header = req.get('authorization') ?? req.get('authentication');
  const parsed = parseBearerToken(header);
  if (!parsed.ok) {
    throw unauthorized(
      parsed.reason === 'missing'
        ? 'Credentials are required: Authorization: Bearer KEY:SECRET'
        : 'Credentials are malformed: expected Bearer KEY:SECRET',
    );
  }
  const verdict = await checker.check(parsed.key, parsed.secret);
  if (verdict === 'invalid') throw unauthorized('Credentials are not valid');
  if (verdict === 'suspended') throw new ApiError(403, 'The API account is suspended');
  req.apiKey = parsed.key;
  return parsed.key;
}
