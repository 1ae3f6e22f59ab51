import { closedObject, type OpenApiDocument } from '@byline/http';
import { CREDENTIAL_MAX_AGE_SECONDS } from '../routes/credential-routes';
import { ISSUER_KEYS_MAX_AGE_SECONDS } from '../routes/issuer-routes';

/**
 * The OpenAPI 3.1 description of the portal's public credential routes (issuer-routes.ts, credential-routes.ts):
 * what a relying party may fetch without an account. Exact, like the verifiers' documents: every status, header and
 * media type these routes send; the portal's tests check each answer against it. The portal's HTML pages are not
 * an API and are not described.
 */

type Schema = Record<string, unknown>;

const header = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });

const headers = {
  XRequestId: {
    description: 'The request id: the caller’s X-Request-Id when it is a short printable token, else a new one',
    required: true,
    schema: { type: 'string' },
  },
  ETag: {
    description: 'Strong tag of this answer; send it back in If-None-Match to get 304 while it holds',
    required: true,
    schema: { type: 'string', pattern: '^"[^"]*"$', example: '"3q2-7wEXAMPLEtagAbCdEfGhIjKl-jwt"' },
  },
  IssuerKeysCacheControl: {
    description: `Any cache may keep the keys ${ISSUER_KEYS_MAX_AGE_SECONDS} seconds; a credential whose \`kid\` the copy lacks is the sign to ask again`,
    required: true,
    schema: { type: 'string', const: `public, max-age=${ISSUER_KEYS_MAX_AGE_SECONDS}` },
  },
  CredentialCacheControl: {
    description: `Any cache may keep the answer ${CREDENTIAL_MAX_AGE_SECONDS} seconds, so a revocation reaches relying parties within minutes`,
    required: true,
    schema: { type: 'string', const: `public, max-age=${CREDENTIAL_MAX_AGE_SECONDS}` },
  },
  NoStore: {
    description: 'Not to be kept: ask again',
    required: true,
    schema: { type: 'string', const: 'no-store' },
  },
  AccessControlAllowOrigin: {
    description: 'Any origin may read the answer (CORS)',
    required: true,
    schema: { type: 'string', const: '*' },
  },
  AccessControlExposeHeaders: {
    description: 'A web page of another origin may read the ETag',
    required: true,
    schema: { type: 'string', const: 'ETag' },
  },
  CrossOriginResourcePolicy: {
    description: 'Other origins may load it',
    required: true,
    schema: { type: 'string', const: 'cross-origin' },
  },
  VaryAccept: {
    description: 'The securing depends on the Accept header',
    required: true,
    schema: { type: 'string', const: 'Accept' },
  },
  RetryAfter: {
    description: 'Seconds to wait before asking again',
    required: true,
    schema: { type: 'integer', minimum: 0, example: 5 },
  },
};

/** Every answer a route gives: the request id and the CORS grant. */
const publicAnswer = {
  'X-Request-Id': header('XRequestId'),
  'Access-Control-Allow-Origin': header('AccessControlAllowOrigin'),
  'Access-Control-Expose-Headers': header('AccessControlExposeHeaders'),
  'Cross-Origin-Resource-Policy': header('CrossOriginResourcePolicy'),
};
const issuerKeysAnswer = { ...publicAnswer, ETag: header('ETag'), 'Cache-Control': header('IssuerKeysCacheControl') };
const credentialAnswer = { ...publicAnswer, ETag: header('ETag'), 'Cache-Control': header('CredentialCacheControl') };
const problemHeaders = { ...publicAnswer, 'Cache-Control': header('NoStore') };

const problem = {
  ...closedObject(
    {
      type: { type: 'string', const: 'about:blank' },
      title: { type: 'string', example: 'Not Found' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string', description: 'Why, in plain words' },
    },
    'RFC 9457 problem details',
  ),
};
// Only the answers the server gives before routing (400, 408, 431) carry these two, as the verifiers' do.
problem.properties = {
  ...(problem.properties as Record<string, Schema>),
  message: { type: 'string', description: 'Same as detail; only on 400, 408 and 431' },
  request_id: { type: 'string', description: 'Same as the X-Request-Id header; only on 400, 408 and 431' },
};

const problemAnswer = (description: string, answerHeaders: Record<string, unknown>) => ({
  description,
  headers: answerHeaders,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const beforeRouting = { 'X-Request-Id': header('XRequestId') };

const responses = {
  IssuerKeysUnpublished: problemAnswer(
    'Nothing is published: the portal has no https address with a domain name (no issuer), or no signing key (MongoDB without CREDENTIAL_SIGNING_KEY); `detail` says which',
    problemHeaders,
  ),
  CredentialNotFound: problemAnswer(
    'No verified journalist has a credential at this address, or this Byline signs no credentials (`detail` says which)',
    problemHeaders,
  ),
  StatusListNotFound: problemAnswer('No status list is published at this address', problemHeaders),
  CredentialUnavailable: problemAnswer(
    'A change to the journalist’s proofs is being issued (a few seconds: what was issued before may claim what is no longer true, so it is not served meanwhile), or the portal cannot reach its database',
    { ...problemHeaders, 'Retry-After': header('RetryAfter') },
  ),
  StoreUnavailable: problemAnswer('The portal cannot reach its database', {
    ...problemHeaders,
    'Retry-After': header('RetryAfter'),
  }),
  ServerError: problemAnswer('Unexpected failure; quote the request id', problemHeaders),
  BadRequest: problemAnswer('The request is not valid HTTP/1.1 (answered before routing)', beforeRouting),
  BadAddress: {
    description:
      'The request is not valid HTTP/1.1 (answered before routing, a problem), or the slug has a malformed %-escape (the portal’s HTML error page)',
    headers: {
      ...beforeRouting,
      ETag: { description: 'On the HTML page only: a weak tag of the page', schema: { type: 'string', example: 'W/"38a-y+2u"' } },
    },
    content: {
      'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
      'text/html': { schema: { type: 'string' } },
    },
  },
  RequestTimeout: problemAnswer('The request was not received in time (answered before routing)', beforeRouting),
  HeadersTooLarge: problemAnswer(
    'The request headers are larger than this server accepts (answered before routing)',
    beforeRouting,
  ),
};

const response = (name: keyof typeof responses) => ({ $ref: `#/components/responses/${name}` });

/** Answers the server gives on any path, before a route runs (createHttpServer), and a route's own failure. */
const anyPathResponses = {
  '400': response('BadRequest'),
  '408': response('RequestTimeout'),
  '431': response('HeadersTooLarge'),
  '500': response('ServerError'),
};

const notModified = (answerHeaders: Record<string, unknown>) => ({
  description: 'If-None-Match named this answer’s current tag: unchanged, no body',
  headers: answerHeaders,
});

const ifNoneMatch = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of an answer you hold: 304 without a body while it is current (RFC 9110)',
  schema: { type: 'string' },
};

const slug = {
  name: 'slug',
  in: 'path',
  required: true,
  description: 'The journalist’s public address on the portal (`/j/SLUG`)',
  schema: { type: 'string', minLength: 1 },
  example: 'ana-lima',
};

const listNumber = {
  name: 'n',
  in: 'path',
  required: true,
  description: 'The status list’s number, from a credential’s `credentialStatus.statusListCredential`',
  schema: { type: 'integer', minimum: 1, maximum: 999_999_999 },
  example: 1,
};

const jwtBody = {
  'application/vc+jwt': {
    schema: {
      type: 'string',
      description:
        'A compact JWS (EdDSA, `typ` `vc+jwt`, `kid` a verification method of the did document) whose payload is the credential',
      pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
    },
  },
};
const coseBody = {
  'application/vc+cose': {
    schema: {
      type: 'string',
      format: 'binary',
      contentMediaType: 'application/vc+cose',
      description:
        'A tagged COSE_Sign1 (RFC 9052; EdDSA, `kid` a verification method of the did document) whose payload is the credential’s JSON',
    },
  },
};

const operation = (
  operationId: string,
  summary: string,
  description: string,
  parameters: Schema[],
  answers: Record<string, unknown>,
) => ({
  get: { operationId, summary, description, tags: ['credentials'], parameters: [...parameters, ifNoneMatch], responses: answers },
});

const credentialPath = (securing: 'jwt' | 'cose') =>
  operation(
    securing === 'jwt' ? 'getJournalistCredentialJwt' : 'getJournalistCredentialCose',
    `A verified journalist’s credential, secured as ${securing === 'jwt' ? 'a JWS' : 'COSE'}`,
    'The W3C Verifiable Credential 2.0 (CAWG `IdentityClaimsAggregationCredential`) of the journalist’s live proofs, as the worker last issued it: the same issue byte for byte until it is issued again.',
    [slug],
    {
      '200': {
        description: 'The credential',
        headers: credentialAnswer,
        content: securing === 'jwt' ? jwtBody : coseBody,
      },
      '304': notModified(credentialAnswer),
      '404': response('CredentialNotFound'),
      ...anyPathResponses,
      '400': response('BadAddress'),
      '503': response('CredentialUnavailable'),
    },
  );

const statusListPath = (securing: 'jwt' | 'cose' | 'asked') => {
  const answer = securing === 'asked' ? { ...credentialAnswer, Vary: header('VaryAccept') } : credentialAnswer;
  const content = securing === 'jwt' ? jwtBody : securing === 'cose' ? coseBody : { ...jwtBody, ...coseBody };
  const suffix = { jwt: 'Jwt', cose: 'Cose', asked: '' }[securing];
  return operation(
    `getStatusList${suffix}`,
    securing === 'asked'
      ? 'A status list, secured as the Accept header prefers'
      : `A status list, secured as ${securing === 'jwt' ? 'a JWS' : 'COSE'}`,
    'A W3C `BitstringStatusListCredential` whose bits revoke credentials (bit set: revoked).' +
      (securing === 'asked' ? ' The JWS, unless the `Accept` header prefers `application/vc+cose`.' : ''),
    // Not an `Accept` parameter: OpenAPI ignores one (the media types of the answer say it).
    [listNumber],
    {
      '200': { description: 'The status list', headers: answer, content },
      '304': notModified(answer),
      '404': response('StatusListNotFound'),
      ...anyPathResponses,
      '503': response('StoreUnavailable'),
    },
  );
};

const issuerPath = (operationId: string, summary: string, description: string, mediaType: string, schema: string) =>
  operation(operationId, summary, description, [], {
    '200': {
      description: summary,
      headers: issuerKeysAnswer,
      content: { [mediaType]: { schema: { $ref: `#/components/schemas/${schema}` } } },
    },
    '304': notModified(issuerKeysAnswer),
    '404': response('IssuerKeysUnpublished'),
    ...anyPathResponses,
    '503': response('StoreUnavailable'),
  });

const publicJwk = { kty: { type: 'string', const: 'OKP' }, crv: { type: 'string', const: 'Ed25519' }, x: { type: 'string' } };
const keyId = { type: 'string', description: 'did:web:…#key-N', pattern: '^did:web:[^#]+#key-[1-9][0-9]*$' };

const schemas = {
  DidDocument: closedObject(
    {
      '@context': {
        type: 'array',
        const: ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
      },
      id: { type: 'string', pattern: '^did:web:', example: 'did:web:byline.example' },
      verificationMethod: {
        type: 'array',
        items: closedObject({
          id: keyId,
          type: { type: 'string', const: 'JsonWebKey' },
          controller: { type: 'string', description: 'The did' },
          publicKeyJwk: closedObject(publicJwk),
        }),
      },
      assertionMethod: { type: 'array', description: 'Every verification method', items: keyId },
    },
    'The issuer’s did document (did:web): each published key as a JsonWebKey verification method',
  ),
  JwkSet: closedObject(
    {
      keys: {
        type: 'array',
        items: closedObject({
          ...publicJwk,
          kid: keyId,
          alg: { type: 'string', const: 'EdDSA' },
          use: { type: 'string', const: 'sig' },
        }),
      },
    },
    'The same keys as a JWK set, each `kid` the verification method’s id',
  ),
  Problem: problem,
};

/** The portal's public credential routes' document; `serverUrl` is the portal's public address (PUBLIC_PORTAL_URL). */
export function credentialsOpenApi(serverUrl: string): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Byline credentials',
      version: '1.0.0',
      description:
        'The signed credentials of Byline’s verified journalists, the status lists that revoke them and the issuer’s keys, ' +
        'served by the portal to anyone, from any origin, without credentials (see docs/credentials.md). ' +
        'Errors are `application/problem+json` (RFC 9457).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Byline-Proprietary' },
    },
    servers: [{ url: serverUrl, description: 'The portal' }],
    security: [],
    tags: [
      { name: 'credentials', description: 'Credentials, status lists and the issuer’s keys' },
      { name: 'ops', description: 'This document' },
    ],
    paths: {
      '/.well-known/did.json': issuerPath(
        'getDidDocument',
        'The issuer’s did document',
        'did:web of the portal’s public address. A portal whose address has a path (`https://news.example/trust`) serves it at `PATH/did.json` (`/trust/did.json`) instead, where did:web resolvers ask.',
        'application/did+json',
        'DidDocument',
      ),
      '/.well-known/jwks.json': issuerPath(
        'getJwks',
        'The issuer’s keys as a JWK set',
        'The did document’s keys, for JOSE libraries that read a JWK set.',
        'application/jwk-set+json',
        'JwkSet',
      ),
      '/j/{slug}/credential.jwt': credentialPath('jwt'),
      '/j/{slug}/credential.cose': credentialPath('cose'),
      '/credentials/status/{n}': statusListPath('asked'),
      '/credentials/status/{n}.jwt': statusListPath('jwt'),
      '/credentials/status/{n}.cose': statusListPath('cose'),
      '/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          summary: 'This document',
          tags: ['ops'],
          parameters: [ifNoneMatch],
          responses: {
            '200': {
              description: 'OpenAPI 3.1 document',
              headers: { ...publicAnswer, ETag: header('ETag'), 'Cache-Control': header('IssuerKeysCacheControl') },
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            '304': notModified({ ...publicAnswer, ETag: header('ETag'), 'Cache-Control': header('IssuerKeysCacheControl') }),
            '400': response('BadRequest'),
            '408': response('RequestTimeout'),
            '431': response('HeadersTooLarge'),
          },
        },
      },
    },
    components: { schemas, responses, headers },
  };
}
