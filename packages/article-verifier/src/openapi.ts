import { commonErrorResponses, openApiDocument } from '@byline/shared/http';
import { VERIFY_ARTICLE_PATH } from './routes';

const authorProfile = {
  type: 'object',
  properties: {
    verified: { const: true },
    profile_first_name: { type: 'string' },
    profile_last_name: { type: 'string' },
    profile_title: { type: 'string' },
    profile_created_at: { type: 'string', format: 'date-time' },
    profile_bio: { type: 'string' },
    profile_employer: { type: 'string', description: 'May carry trailing whitespace' },
    profile_residing: { type: 'string' },
    profile_slug: { type: 'string' },
    profile_image: { type: 'string' },
    profile_social_profiles: {
      type: 'object',
      properties: {
        twitter: { type: 'string' },
        facebook: { type: 'string' },
        linkedin: { type: 'string' },
        instagram: { type: 'string' },
      },
    },
    user_location: { type: 'string', description: 'Country code' },
    user_city: { type: 'string' },
    follower_count: { type: 'integer' },
    article_count: { type: 'integer', description: 'Active articles of the author' },
    articles: {
      type: 'array',
      maxItems: 3,
      description: 'The three latest active articles, newest first by published_at',
      items: { $ref: '#/components/schemas/ArticleOfAuthor' },
    },
  },
};

const operation = {
  summary: 'Who wrote the article at this address?',
  description:
    'The address is canonicalised first (scheme, host case, www., default port, fragment, trailing slash and tracking parameters do not matter). ' +
    'A known, active article of a verified author gives the Author profile; anything else gives {"verified": false, "message"}.',
  parameters: [
    {
      name: 'url',
      in: 'query',
      required: true,
      schema: { type: 'string', maxLength: 2048 },
      description: 'Absolute http(s) address; may also come in a form or JSON body',
    },
  ],
  responses: {
    '200': {
      description: 'The author, or not verified',
      content: { 'application/json': { schema: { oneOf: [authorProfile, { $ref: '#/components/schemas/Unverified' }] } } },
    },
    ...commonErrorResponses,
  },
};

export const openApi = openApiDocument('Byline article verifier', 'Tells who wrote an article.', {
  [VERIFY_ARTICLE_PATH]: { post: operation, get: { ...operation, summary: `${operation.summary} (alias of POST)` } },
});
