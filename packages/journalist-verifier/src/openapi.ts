import { commonErrorResponses, openApiDocument } from '@byline/shared/http';
import { VERIFY_JOURNALIST_PATH } from './routes';

const journalist = {
  type: 'object',
  properties: {
    verified: { const: true },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    slug: { type: 'string' },
    profile_bio: { type: 'string' },
    article_count: { type: 'integer' },
    articles: { type: 'array', maxItems: 3, items: { $ref: '#/components/schemas/ArticleOfJournalist' } },
    profile_image: { type: 'string' },
    profile_social_profiles: {
      type: 'object',
      description: 'Only the network looked up, with the handle as stored (e.g. "@NiamhCass94")',
      additionalProperties: { type: 'string' },
    },
  },
};

const input = {
  type: 'object',
  required: ['social_username', 'social_type'],
  properties: {
    social_username: {
      type: 'string',
      description: 'Username, case-insensitive; one leading @ is dropped; a full profile address is reduced to its username',
    },
    social_type: { type: 'string', enum: ['twitter', 'x', 'linkedin', 'facebook', 'instagram'] },
  },
};

export const openApi = openApiDocument(
  'Byline journalist verifier',
  'Tells whether a social account belongs to a verified journalist.',
  {
    [VERIFY_JOURNALIST_PATH]: {
      post: {
        summary: 'Does this social account belong to a verified journalist?',
        description: 'Fields may come as JSON, form fields or query parameters.',
        requestBody: {
          content: { 'application/json': { schema: input }, 'application/x-www-form-urlencoded': { schema: input } },
        },
        responses: {
          '200': {
            description: 'The journalist, or exactly {"verified": false, "message": "Not a Byline journalist"}',
            content: { 'application/json': { schema: { oneOf: [journalist, { $ref: '#/components/schemas/Unverified' }] } } },
          },
          ...commonErrorResponses,
        },
      },
    },
  },
);
