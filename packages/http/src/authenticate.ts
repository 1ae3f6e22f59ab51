import type { Request } from 'express';
import { browserKeyRefusal } from '@byline/shared';
import { parseBearerToken } from '@byline/shared';
import type { CredentialChecker } from '@byline/shared';
import { grantOrigin, grantRefusal } from './cors/cors-headers';
import type { StoredCredential } from '@byline/domain/domain/types';
import { ApiError, unauthorized } from './api-error';
import type { AuthFailureThrottle } from './auth-failure-throttle';

/**
 * Requires `Bearer KEY:SECRET` in the Authorization header, or in the Authentication header the spec also
 * names. Resolves with the key's credential (its secret never leaves the store), the key also left in
 * `req.apiKey` for the request log. With a throttle, an address past its limit of failures is refused (429)
 * before its credentials are read, and credentials checked and found not valid count against its address. A
 * missing or malformed header is no guess and costs no lookup: it is answered 401 without counting.
 *
 * A request from a web page (with `Origin`): a refusal before the key is known is readable by any page
 * (grantRefusal: it says only what it would say to anyone). A browser key answers only the origins it lists,
 * and refuses any other (403) before the rate limit counts the request. A server key's request gets the grant
 * when its account lists the origin (grantOrigin), so the page can read this answer and any refusal after it.
 */
export async function authenticate(
  req: Request,
  checker: CredentialChecker,
  failures?: AuthFailureThrottle,
): Promise<StoredCredential> {
  let credential: StoredCredential;
  try {
    credential = await identify(req, checker, failures);
  } catch (error) {
    if (req.headers.origin !== undefined) grantRefusal(req.res!, req.headers.origin);
    throw error;
  }
  // The one cost for a server key's request without Origin is this header lookup.
  const origin = req.headers.origin;
  if (credential.browser) {
    const refusal = browserKeyRefusal(origin, credential.browser);
    if (refusal) {
      if (origin !== undefined) grantRefusal(req.res!, origin);
      throw new ApiError(403, refusal);
    }
    grantOrigin(req.res!, origin!, credential.browser.origins);
  } else if (origin !== undefined) grantOrigin(req.res!, origin, await checker.originsOf(credential.key));
  if (credential.accountStatus === 'suspended') throw new ApiError(403, 'The API account is suspended');
  req.apiKey = credential.key;
  return credential;
}

/** The credential of the key the request names, or a refusal: 429 (throttled), 401 (missing, malformed, not valid). */
async function identify(req: Request, checker: CredentialChecker, failures?: AuthFailureThrottle): Promise<StoredCredential> {
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
  const credential = await checker.checked(parsed.key, parsed.secret);
  if (!credential) {
    const refused = unauthorized('Credentials are not valid');
    throw failures ? await failures.counted(req, refused) : refused;
  }
  return credential;
}
