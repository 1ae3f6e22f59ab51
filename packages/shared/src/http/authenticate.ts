import type { Request } from 'express';
import { parseBearerToken } from '../auth/bearer-token';
import type { CredentialChecker } from '../auth/credential-checker';
import { grantOrigin } from '../cors/cors-headers';
import { ApiError, unauthorized } from './api-error';
import type { AuthFailureThrottle } from './auth-failure-throttle';

/**
 * Requires `Bearer KEY:SECRET` in the Authorization header, or in the Authentication header the spec also
 * names. Resolves with the API key (never the secret), also left in `req.apiKey` for the request log.
 * With a throttle, an address past its limit of failures is refused (429) before its credentials are read,
 * and credentials checked and found not valid count against its address. A missing or malformed header
 * is no guess and costs no lookup: it is answered 401 without counting. A request from a web page (with
 * `Origin`) whose key is known gets the CORS grant when the key's account lists that origin (grantOrigin),
 * so the page can read this answer and any refusal after it (403, 429…).
 */
export async function authenticate(req: Request, checker: CredentialChecker, failures?: AuthFailureThrottle): Promise<string> {
  failures?.refuseIfBlocked(req);
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
  if (verdict === 'invalid') {
    const refused = unauthorized('Credentials are not valid');
    throw failures ? await failures.counted(req, refused) : refused;
  }
  // The one cost for a request without Origin is this header lookup.
  const origin = req.headers.origin;
  if (origin !== undefined) grantOrigin(req.res!, origin, await checker.originsOf(parsed.key));
  if (verdict === 'suspended') throw new ApiError(403, 'The API account is suspended');
  req.apiKey = parsed.key;
  return parsed.key;
}
