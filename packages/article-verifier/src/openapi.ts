import {
  articleOfAuthorSchema,
  closedObject,
  openApiDocument,
  titled,
  withoutExamples,
  verificationAnswerSchema,
  verificationResponses,
  type OpenApiDocument,
} from '@byline/shared/http';
import { DEMO_ARTICLE_URL, MAX_URL_LENGTH } from '@byline/shared';
import { VERIFY_ARTICLE_PATH } from './routes';

const socialProfiles = closedObject({
  twitter: { type: 'string' },
  facebook: { type: 'string' },
  linkedin: { type: 'string' },
  instagram: { type: 'string' },
});

/** Titled, so the documents' viewers name it among the answer's oneOf members (untitled, Swagger UI shows "#0"). */
const authorProfile = titled('AuthorProfile', {
  verified: { type: 'boolean', const: true },
  profile_first_name: { type: 'string' },
  profile_last_name: { type: 'string' },
  profile_title: { type: 'string' },
  profile_created_at: { type: 'string', format: 'date-time' },
  profile_bio: { type: 'string' },
  profile_employer: { type: 'string', description: 'May carry trailing whitespace' },
  profile_residing: { type: 'string' },
  profile_slug: { type: 'string' },
  profile_image: { type: 'string' },
  profile_social_profiles: socialProfiles,
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
});

const url = {
  type: 'string',
  maxLength: MAX_URL_LENGTH,
  description:
    'Absolute http(s) address of the article. Give it once: in the query string or in the body (a value in both must be the same).',
  // The demo data's article: Try it out answers `verified: true` on a store loaded by `npx byline demo`.
  example: DEMO_ARTICLE_URL,
};
const urlBody = { type: 'object', properties: { url }, description: 'Other fields are ignored' };

const description =
  'The address is canonicalised first (scheme, host case, www., default port, fragment, trailing slash and tracking parameters do not matter). ' +
  'A known, active article of a verified author gives the Author profile (`verified: true`); anything else gives `{"verified": false, "message"}`.';

const post = {
  operationId: 'verifyArticle',
  summary: 'Who wrote the article at this address?',
  description,
  tags: ['verification'],
  parameters: [
    {
      name: 'url',
      in: 'query',
      required: false,
      schema: withoutExamples(url),
      description: `${url.description} When trying it out here, give it in the body or clear the body.`,
    },
  ],
  requestBody: {
    required: false,
    description: '`url` as a JSON or form field, when it is not in the query string',
    content: { 'application/json': { schema: urlBody }, 'application/x-www-form-urlencoded': { schema: urlBody } },
  },
  responses: verificationResponses('ArticleAnswer'),
};

const get = {
  operationId: 'verifyArticleByQuery',
  summary: 'Who wrote the article at this address? (GET alias of POST)',
  description,
  tags: ['verification'],
  parameters: [{ name: 'url', in: 'query', required: true, schema: url, description: 'Absolute http(s) address of the article' }],
  responses: verificationResponses('ArticleAnswer'),
};

/** The article verifier's document; `serverUrl` is Config.publicArticleVerifierUrl. */
export function articleVerifierOpenApi(serverUrl?: string): OpenApiDocument {
  return openApiDocument({
    title: 'Byline article verifier',
    description: 'Tells who wrote an article.',
    serverUrl,
    paths: { [VERIFY_ARTICLE_PATH]: { post, get } },
    schemas: {
      ArticleAnswer: verificationAnswerSchema('AuthorProfile'),
      AuthorProfile: authorProfile,
      ArticleOfAuthor: articleOfAuthorSchema,
    },
  });
}
