/**
 * The parts of the OpenAPI 3.1 description both verifiers share: info, servers, credentials, problem answers,
 * headers, articles and the ops endpoints. Each service adds its operation and answer schemas
 * (packages/*-verifier/src/openapi.ts). The documents are exact: every field required, no extra field,
 * every status and header the server sends; the verifiers' HTTP tests validate each answer against them.
 */

export interface OpenApiDocument {
  openapi: string;
  [key: string]: unknown;
}

type Schema = Record<string, unknown>;

/** An object with exactly these properties, all required. */
export function closedObject(properties: Record<string, Schema>, description?: string): Schema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: Object.keys(properties),
    additionalProperties: false,
    properties,
  };
}

/** closedObject with a title, for the members of an answer's oneOf: viewers name each member by its title. */
export function titled(title: string, properties: Record<string, Schema>): Schema {
  return { title, ...closedObject(properties) };
}

/**
 * The schema without its example(s), for a query parameter of an operation that takes the same field in its body:
 * Swagger UI's "Try it out" fills every place that has an example, and a field in both places with different
 * values is refused (422), so only the body shows one.
 */
export function withoutExamples(schema: Schema): Schema {
  const { example: _example, examples: _examples, ...rest } = schema;
  return rest;
}

const timestamp = {
  type: 'string',
  format: 'date-time',
  description: 'ISO 8601 UTC with milliseconds',
  example: '2023-01-10T08:00:00.000Z',
};

const articleProperties = {
  id: { type: 'integer' },
  title: { type: 'string' },
  description: { type: 'string' },
  link: { type: 'string', format: 'uri' },
  profile_id: { type: 'integer' },
  created_at: timestamp,
  updated_at: timestamp,
  og_image: { type: 'string' },
  icon_path: { type: 'string' },
  published_at: timestamp,
  post_id: { type: ['string', 'integer', 'null'], description: 'null unless set' },
  feature: { type: 'boolean' },
  tag_list: { type: 'array', items: { type: 'string' } },
};

/** An article as verify_article shows it. */
export const articleOfAuthorSchema = closedObject({
  ...articleProperties,
  lg_index: { type: ['string', 'null'], description: 'null when unset' },
});

/** An article as verify_journalist shows it. */
export const articleOfJournalistSchema = closedObject({
  ...articleProperties,
  lg_index: { type: 'string', description: '"" when unset' },
  active: { type: 'boolean' },
  search_visible: { type: 'boolean' },
  author_name: { type: ['string', 'null'], description: 'null unless set' },
});

/** A verified answer's `articles`, in both verifiers: the three latest active articles, each as `articleSchema` names it. */
export function latestArticlesSchema(articleSchema: 'ArticleOfAuthor' | 'ArticleOfJournalist'): Schema {
  return {
    type: 'array',
    maxItems: 3,
    description: 'The three latest active articles, newest first by published_at',
    items: { $ref: `#/components/schemas/${articleSchema}` },
  };
}

/** The verified answer's schema name in each document, next to Unverified. */
export function verificationAnswerSchema(verifiedSchema: string): Schema {
  return {
    description: 'Discriminated by `verified`: `true` gives the whole profile, `false` only a message.',
    // `type` beside each $ref: Swagger UI labels the answer by its members' types, and an untyped $ref reads "any".
    oneOf: [
      { $ref: `#/components/schemas/${verifiedSchema}`, type: 'object' },
      { $ref: '#/components/schemas/Unverified', type: 'object' },
    ],
  };
}

const problem = {
  ...closedObject(
    {
      type: { type: 'string', example: 'about:blank' },
      title: { type: 'string', example: 'Unprocessable Entity' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string' },
      message: { type: 'string', description: 'Same as detail' },
      request_id: { type: 'string', description: 'Same as the X-Request-Id header' },
    },
    'RFC 9457 problem details, with `message` equal to `detail`',
  ),
};
// The one optional field: only 422 answers carry it.
problem.properties = {
  ...(problem.properties as Record<string, Schema>),
  errors: {
    type: 'array',
    description: 'Present on 422 only: one entry per bad field',
    items: closedObject({ field: { type: 'string' }, message: { type: 'string' } }),
  },
};

const unverified = titled('Unverified', {
  verified: { type: 'boolean', const: false },
  message: { type: 'string', example: 'Not a Byline journalist' },
});

const headers = {
  XRequestId: {
    description: 'The request id: the caller’s X-Request-Id when it is a short printable token, else a new one',
    required: true,
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'Requests left in the current window and seconds until it resets (draft-ietf-httpapi-ratelimit-headers)',
    schema: { type: 'string', pattern: '^"per-minute";r=\\d+;t=\\d+$', example: '"per-minute";r=599;t=42' },
  },
  RateLimitPolicy: {
    description: 'The API key’s quota and window in seconds',
    schema: { type: 'string', pattern: '^"per-minute";q=\\d+;w=\\d+$', example: '"per-minute";q=600;w=60' },
  },
  RetryAfter: { description: 'Seconds to wait before retrying', required: true, schema: { type: 'integer', minimum: 0 } },
  WWWAuthenticate: { required: true, schema: { type: 'string', example: 'Bearer realm="byline"' } },
  Allow: { description: 'The methods this path accepts', required: true, schema: { type: 'string', example: 'POST' } },
  Location: { required: true, schema: { type: 'string' } },
  ETag: {
    description: 'Strong tag of this answer, set when it was rendered; send it back in If-None-Match to get 304 while it holds',
    required: true,
    schema: { type: 'string', pattern: '^"[^"]*"$', example: '"3q2-7wEXAMPLEtagAbCdEfGhIjKl"' },
  },
  CacheControl: {
    description: 'Keep the answer if you like, but revalidate it (If-None-Match) before each use',
    required: true,
    schema: { type: 'string', const: 'private, no-cache' },
  },
  AccessControlAllowOrigin: {
    description:
      'The caller’s `Origin`, echoed when the key allows it (a browser key’s own origins, a server key’s account’s), and on a refusal that reveals nothing (401, a browser key’s 403) to any origin (CORS); absent otherwise, and the browser blocks the answer',
    schema: { type: 'string', example: 'https://news.example' },
  },
  AccessControlExposeHeaders: {
    description: 'With a CORS grant: the answer headers a web page may read',
    schema: { type: 'string', example: 'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, ETag' },
  },
  VaryOrigin: {
    description: 'Present when the request carried `Origin`: the CORS headers depend on it',
    schema: { type: 'string', example: 'Origin' },
  },
  AccessControlAllowMethods: { required: true, schema: { type: 'string', example: 'POST, GET' } },
  AccessControlAllowHeaders: {
    required: true,
    schema: { type: 'string', example: 'Authorization, Authentication, Content-Type, If-None-Match' },
  },
  AccessControlMaxAge: {
    description: 'Seconds a browser may reuse this preflight answer',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
};

const header = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });
const requestId = { 'X-Request-Id': header('XRequestId') };
/** Sent when the request carried `Origin` and the key allows it, or on a refusal any page may read (see AccessControlAllowOrigin). */
const corsGrant = {
  'Access-Control-Allow-Origin': header('AccessControlAllowOrigin'),
  'Access-Control-Expose-Headers': header('AccessControlExposeHeaders'),
  Vary: header('VaryOrigin'),
};
/** Sent on every answer that got past the rate limit. */
const rateLimited = {
  ...requestId,
  RateLimit: header('RateLimit'),
  'RateLimit-Policy': header('RateLimitPolicy'),
  ...corsGrant,
};

const problemResponse = (description: string, responseHeaders: Record<string, unknown> = requestId) => ({
  description,
  headers: responseHeaders,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const responses = {
  BadRequest: problemResponse('The JSON body is malformed, or the request is not valid HTTP/1.1', rateLimited),
  Unauthorized: problemResponse('Missing, malformed, unknown, wrong or revoked credentials', {
    ...requestId,
    'WWW-Authenticate': header('WWWAuthenticate'),
    ...corsGrant,
  }),
  Forbidden: problemResponse(
    'The API account is suspended, or a browser key is used from an origin it does not list (or without `Origin`); never counted against the rate limit',
    { ...requestId, ...corsGrant },
  ),
  NotFound: problemResponse('No such path: the answer to any address this document does not list'),
  MethodNotAllowed: problemResponse('Any other method on this path; Allow names the accepted ones', {
    ...requestId,
    Allow: header('Allow'),
  }),
  RequestTimeout: problemResponse('The request was not received in time'),
  TooLarge: problemResponse('The body (or its chunk extensions) is larger than 1 MB', rateLimited),
  UnsupportedMediaType: problemResponse('The body’s encoding or charset is not supported', rateLimited),
  Unprocessable: problemResponse('A field is missing, repeated or invalid; `errors` names each one', rateLimited),
  TooManyRequests: problemResponse('Over the API key’s rate limit, or too many failed authentications from this address', {
    ...rateLimited,
    'Retry-After': header('RetryAfter'),
  }),
  HeadersTooLarge: problemResponse('The request headers are larger than this server accepts'),
  ServerError: problemResponse('Unexpected failure; quote request_id', rateLimited),
  Unavailable: problemResponse('The data store is unavailable', { ...rateLimited, 'Retry-After': header('RetryAfter') }),
};

const response = (name: keyof typeof responses) => ({ $ref: `#/components/responses/${name}` });

/** Answers Node or Express give on any path, before a route runs. */
const anyPathResponses = {
  '400': response('BadRequest'),
  '408': response('RequestTimeout'),
  '431': response('HeadersTooLarge'),
};

const tagged = { ...rateLimited, ETag: header('ETag'), 'Cache-Control': header('CacheControl') };

/** Every answer of a verification operation: the answer itself (200, or 304) and each problem it can meet. */
export function verificationResponses(answerSchema: string): Record<string, unknown> {
  return {
    '200': {
      description: 'The verified profile, or `{"verified": false, "message"}`',
      headers: tagged,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${answerSchema}` } } },
    },
    '304': {
      description: 'If-None-Match named this answer’s current tag: unchanged, no body. Authenticated and counted like a 200.',
      headers: tagged,
    },
    ...anyPathResponses,
    '401': response('Unauthorized'),
    '403': response('Forbidden'),
    '404': response('NotFound'),
    '405': response('MethodNotAllowed'),
    '413': response('TooLarge'),
    '415': response('UnsupportedMediaType'),
    '422': response('Unprocessable'),
    '429': response('TooManyRequests'),
    '500': response('ServerError'),
    '503': response('Unavailable'),
  };
}

/** The most items a batch may hold (MAX_BATCH_ITEMS), as the documents say it. */
const BATCH_ITEMS = { minItems: 1, maxItems: 100 };

/**
 * A batch operation's JSON body: `list` holds 1–100 items, each `item` as the single operation takes it.
 * `example` is one item Try it out sends.
 */
export function batchRequestBody(list: string, item: Schema, example: unknown): Record<string, unknown> {
  const body = {
    type: 'object',
    required: [list],
    description: 'Other fields are ignored',
    properties: { [list]: { type: 'array', ...BATCH_ITEMS, items: withoutExamples(item), example: [example] } },
  };
  return { required: true, content: { 'application/json': { schema: body } } };
}

/**
 * Every answer of a batch operation: the single operation's problems (a bad item is a 422 naming it by its index),
 * and `{"results": [{input, result}, …]}` in input order, `input` as sent (`input` schema) and `result` exactly the
 * single operation's answer (`answerSchema`).
 */
export function batchResponses(answerSchema: string, input: Schema): Record<string, unknown> {
  const result = closedObject({ input, result: { $ref: `#/components/schemas/${answerSchema}` } });
  return {
    ...verificationResponses(answerSchema),
    '200': {
      description: 'One result per item, in the order sent; the ETag covers the whole answer',
      headers: tagged,
      content: {
        'application/json': {
          schema: closedObject({ results: { type: 'array', ...BATCH_ITEMS, items: result } }),
        },
      },
    },
  };
}

/** The two header names a key pair may come in; either one is enough. */
export const CREDENTIALS_DESCRIPTION =
  'A key pair as `Bearer KEY:SECRET` (scheme case-insensitive) in the `Authorization` header, or the same value in the `Authentication` header.';

/**
 * One scheme, the one a browser's "Authorize" (Swagger UI at /docs) can fill in: it sends `Authorization: Bearer`
 * with what is typed. The `Authentication` header the services also read carries the same `Bearer KEY:SECRET`; as
 * a second scheme (an apiKey header) Swagger UI sent exactly what was typed there, KEY:SECRET without "Bearer", and
 * every request answered 401. It is described here, in words, instead.
 */
const securitySchemes = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'KEY:SECRET',
    description:
      'Authorization: Bearer KEY:SECRET — type KEY:SECRET here. The services also read the same value under the header name Authentication (`Authentication: Bearer KEY:SECRET`).',
  },
};

const jsonAnswer = (description: string, schema: Schema, answerHeaders: Record<string, unknown> = requestId) => ({
  description,
  headers: answerHeaders,
  content: { 'application/json': { schema } },
});

const store = { type: 'string', description: 'The store kind', example: 'embedded' };

const ops = (operationId: string, summary: string, answers: Record<string, unknown>) => ({
  get: {
    operationId,
    summary,
    tags: ['ops'],
    security: [],
    responses: { ...answers, ...anyPathResponses, '500': response('ServerError') },
  },
});

/** /healthz, /readyz, /metrics, /openapi.json and /docs: no credentials, no rate limit. */
const opsPaths = {
  '/healthz': ops('getHealth', 'Liveness: the process answers', {
    '200': jsonAnswer('Alive', closedObject({ status: { type: 'string', const: 'ok' } })),
  }),
  '/readyz': ops('getReadiness', 'Readiness: the data store answers, and can write', {
    '200': jsonAnswer('Ready', closedObject({ status: { type: 'string', const: 'ready' }, store })),
    '503': jsonAnswer(
      'The data store does not answer, or cannot write (then `reason` says why, e.g. the disk is full)',
      {
        ...closedObject({ status: { type: 'string', const: 'unavailable' }, store }),
        properties: {
          status: { type: 'string', const: 'unavailable' },
          store,
          reason: { type: 'string', description: 'Why the store cannot write (only for that cause).' },
        },
      },
      {
        ...requestId,
        'Retry-After': header('RetryAfter'),
      },
    ),
  }),
  '/metrics': ops('getMetrics', 'Prometheus metrics', {
    '200': {
      description: 'Prometheus text format',
      headers: requestId,
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
  }),
  '/openapi.json': ops('getOpenApiDocument', 'This document', {
    '200': jsonAnswer('OpenAPI 3.1 document', { type: 'object' }),
  }),
  '/docs': ops('getDocs', 'This document, rendered for people (Swagger UI)', {
    '200': { description: 'HTML page', headers: requestId, content: { 'text/html': { schema: { type: 'string' } } } },
    '301': {
      description: 'To the same address with a trailing slash',
      headers: { ...requestId, Location: header('Location') },
      content: { 'text/html': { schema: { type: 'string' } } },
    },
  }),
};

/**
 * OPTIONS on an operation's path: the CORS preflight, answered without credentials and outside any rate limit.
 * `methods` are the path's documented operations.
 */
function preflightOperation(operationId: string, methods: string[]) {
  const served = methods.map((method) => method.toUpperCase()).join(', ');
  return {
    operationId: `${operationId}Preflight`,
    summary: 'CORS preflight (browsers send it; no credentials, no rate limit)',
    description:
      `Answers 204 with the methods (${served}), request headers and lifetime a browser may use. ` +
      '`Access-Control-Allow-Origin` is sent only when some browser key or API account lists the `Origin` (API settings in ' +
      'the portal, `byline keys create --browser` or `byline accounts origins`); the actual request is then granted only if ' +
      'its key allows it (a browser key its own origins, a server key its account’s). ' +
      'HEAD is not served (405): it would cost rate budget for an answer without its verdict.',
    tags: ['verification'],
    security: [],
    responses: {
      '204': {
        description: 'The preflight answer (no body)',
        headers: {
          ...requestId,
          Allow: header('Allow'),
          'Access-Control-Allow-Methods': header('AccessControlAllowMethods'),
          'Access-Control-Allow-Headers': header('AccessControlAllowHeaders'),
          'Access-Control-Max-Age': header('AccessControlMaxAge'),
          'Access-Control-Allow-Origin': header('AccessControlAllowOrigin'),
          Vary: { description: 'Always `Origin`', required: true, schema: { type: 'string', example: 'Origin' } },
        },
      },
      ...anyPathResponses,
      '500': response('ServerError'),
    },
  };
}

/** Each operation path with its preflight added. */
function withPreflights(paths: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const operations = item as Record<string, { operationId: string }>;
      const methods = Object.keys(operations);
      return [path, { ...operations, options: preflightOperation(operations[methods[0]!]!.operationId, methods) }];
    }),
  );
}

const ifNoneMatch = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  // No example: Swagger UI's "Try it out" would send it with every request.
  description:
    'ETags of answers you hold (a list, weak or strong, or `*`), such as `"3q2-7wEXAMPLEtagAbCdEfGhIjKl"`: 304 without a body when one is this answer’s current tag (RFC 9110). Leave it empty to get the answer.',
  schema: { type: 'string' },
};

/** Each of the service's own operations takes If-None-Match. */
function withConditionalRequests(paths: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item as Record<string, { parameters?: unknown[] }>).map(([method, operation]) => [
          method,
          { ...operation, parameters: [...(operation.parameters ?? []), { $ref: '#/components/parameters/IfNoneMatch' }] },
        ]),
      ),
    ]),
  );
}

export interface ServiceDocument {
  title: string;
  description: string;
  /** The service's public base address (Config.public…Url); "/" (same origin as the document) when not configured. */
  serverUrl?: string;
  /** The service's own operations. */
  paths: Record<string, unknown>;
  /** The service's own answer schemas, next to Problem and Unverified. */
  schemas: Record<string, Schema>;
}

export function openApiDocument({ title, description, serverUrl, paths, schemas }: ServiceDocument): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title,
      version: '1.0.0',
      description: `${description}\n\n${CREDENTIALS_DESCRIPTION} Errors are \`application/problem+json\` (RFC 9457).`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Byline-Proprietary' },
    },
    servers: [{ url: serverUrl ?? '/', description: 'This service' }],
    security: [{ bearer: [] }],
    tags: [
      { name: 'verification', description: 'The verification operation' },
      { name: 'ops', description: 'Probes, metrics and this document; no credentials' },
    ],
    paths: { ...withPreflights(withConditionalRequests(paths)), ...opsPaths },
    components: {
      securitySchemes,
      schemas: { ...schemas, Unverified: unverified, Problem: problem },
      responses,
      headers,
      parameters: { IfNoneMatch: ifNoneMatch },
    },
  };
}
