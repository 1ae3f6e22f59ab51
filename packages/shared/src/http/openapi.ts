/** The parts of the OpenAPI description both verifiers share: auth, errors, articles. */

const timestamp = { type: 'string', format: 'date-time', example: '2023-01-10T08:00:00.000Z' };

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
  post_id: { type: ['string', 'integer', 'null'] },
  feature: { type: 'boolean' },
  tag_list: { type: 'array', items: { type: 'string' } },
};

const problem = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'message'],
  properties: {
    type: { type: 'string', example: 'about:blank' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    message: { type: 'string', description: 'Same as detail' },
    request_id: { type: 'string' },
    errors: {
      type: 'array',
      description: 'Present on 422: one entry per bad field',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const problemResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const retryAfter = { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } };

export const openApiComponents = {
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'KEY:SECRET',
      description: 'Authorization: Bearer KEY:SECRET (the header named Authentication is accepted the same way)',
    },
  },
  schemas: {
    Problem: problem,
    Unverified: {
      type: 'object',
      required: ['verified', 'message'],
      additionalProperties: false,
      properties: { verified: { const: false }, message: { type: 'string' } },
    },
    ArticleOfAuthor: {
      type: 'object',
      properties: { ...articleProperties, lg_index: { type: ['string', 'null'], description: 'null when unset' } },
    },
    ArticleOfJournalist: {
      type: 'object',
      properties: {
        ...articleProperties,
        lg_index: { type: 'string', description: '"" when unset' },
        active: { type: 'boolean' },
        search_visible: { type: 'boolean' },
        author_name: { type: ['string', 'null'] },
      },
    },
  },
  responses: {
    Unauthorized: problemResponse('Missing, malformed, unknown, wrong or revoked credentials', {
      'WWW-Authenticate': { schema: { type: 'string', example: 'Bearer realm="byline"' } },
    }),
    Forbidden: problemResponse('The API account is suspended'),
    BadRequest: problemResponse('The body is not valid JSON'),
    TooLarge: problemResponse('The body is larger than 1 MB'),
    Unprocessable: problemResponse('A field is missing or invalid; `errors` names each one'),
    TooManyRequests: problemResponse('Over the rate limit', retryAfter),
    Unavailable: problemResponse('The data store is unavailable', retryAfter),
    ServerError: problemResponse('Unexpected failure; quote request_id'),
  },
};

export const commonErrorResponses = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '401': { $ref: '#/components/responses/Unauthorized' },
  '403': { $ref: '#/components/responses/Forbidden' },
  '413': { $ref: '#/components/responses/TooLarge' },
  '422': { $ref: '#/components/responses/Unprocessable' },
  '429': { $ref: '#/components/responses/TooManyRequests' },
  '500': { $ref: '#/components/responses/ServerError' },
  '503': { $ref: '#/components/responses/Unavailable' },
};

export interface OpenApiDocument {
  openapi: string;
  [key: string]: unknown;
}

export function openApiDocument(title: string, description: string, paths: Record<string, unknown>): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title, version: '1.0.0', description },
    security: [{ bearer: [] }],
    paths,
    components: openApiComponents,
  };
}
